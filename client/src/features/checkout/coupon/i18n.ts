import { COUPON_LAPSED_REFUNDED, COUPON_REFUSAL_TEXTS } from '@kesh/shared';
import type { Catalogue } from '../../../i18n';
import type { Shape } from '../../../i18n/common';

/** Namespace "checkout.coupon": the shipping page's coupon field. English refusals are the server's texts. */
const en = {
  label: 'Coupon code',
  placeholder: 'e.g. SAVE10',
  apply: 'Apply',
  applying: 'Applying...',
  remove: 'Remove coupon',
  applied: 'Coupon {{code}} applied: you save {{amount}}.',
  discount: 'Discount ({{code}})',
  failed: 'The coupon could not be checked. Please try again.',
  lapsedRefunded: COUPON_LAPSED_REFUNDED,
  refused: {
    unknown: COUPON_REFUSAL_TEXTS.unknown,
    expired: COUPON_REFUSAL_TEXTS.expired,
    notYetValid: COUPON_REFUSAL_TEXTS.notYetValid,
    belowMinimum: 'This coupon needs an order of at least {{amount}}.',
    usedUp: COUPON_REFUSAL_TEXTS.usedUp,
    alreadyUsed: COUPON_REFUSAL_TEXTS.alreadyUsed,
    heldByPayment: COUPON_REFUSAL_TEXTS.heldByPayment,
  },
};

const hi: Shape<typeof en> = {
  label: 'कूपन कोड',
  placeholder: 'जैसे SAVE10',
  apply: 'लागू करें',
  applying: 'लागू किया जा रहा है...',
  remove: 'कूपन हटाएँ',
  applied: 'कूपन {{code}} लागू हुआ: आपकी बचत {{amount}}।',
  discount: 'छूट ({{code}})',
  failed: 'कूपन जाँचा नहीं जा सका। कृपया फिर से कोशिश करें।',
  lapsedRefunded:
    'यह भुगतान शुरू किए जाने के {{minutes}} मिनट से ज़्यादा बाद पूरा हुआ, और तब तक इसका कूपन इस्तेमाल हो चुका था। कोई ऑर्डर नहीं बना: आपका पूरा भुगतान वापस किया जा रहा है।',
  refused: {
    unknown: 'यह कूपन कोड मान्य नहीं है। कृपया कोड जाँचकर फिर से कोशिश करें।',
    expired: 'इस कूपन की समय-सीमा समाप्त हो चुकी है।',
    notYetValid: 'यह कूपन अभी इस्तेमाल नहीं किया जा सकता।',
    belowMinimum: 'इस कूपन के लिए कम से कम {{amount}} का ऑर्डर चाहिए।',
    usedUp: 'यह कूपन पूरी तरह इस्तेमाल हो चुका है।',
    alreadyUsed: 'आप यह कूपन पहले ही इस्तेमाल कर चुके हैं।',
    heldByPayment: 'यह कूपन आपके एक अधूरे भुगतान में लगा है। वह भुगतान पूरा करें, या {{minutes}} मिनट बाद फिर से कोशिश करें।',
  },
};

const mr: Shape<typeof en> = {
  label: 'कूपन कोड',
  placeholder: 'उदा. SAVE10',
  apply: 'लागू करा',
  applying: 'लागू करत आहे...',
  remove: 'कूपन काढा',
  applied: 'कूपन {{code}} लागू झाले: तुमची बचत {{amount}}.',
  discount: 'सूट ({{code}})',
  failed: 'कूपन तपासता आले नाही. कृपया पुन्हा प्रयत्न करा.',
  lapsedRefunded:
    'हे पेमेंट सुरू केल्यानंतर {{minutes}} मिनिटांहून अधिक वेळाने पूर्ण झाले, आणि तोपर्यंत त्याचे कूपन वापरले गेले होते. ऑर्डर झाली नाही: तुमचे संपूर्ण पेमेंट परत केले जात आहे.',
  refused: {
    unknown: 'हा कूपन कोड वैध नाही. कृपया कोड तपासून पुन्हा प्रयत्न करा.',
    expired: 'या कूपनची मुदत संपली आहे.',
    notYetValid: 'हे कूपन अजून वापरता येत नाही.',
    belowMinimum: 'या कूपनसाठी किमान {{amount}} ची ऑर्डर हवी.',
    usedUp: 'हे कूपन पूर्णपणे वापरले गेले आहे.',
    alreadyUsed: 'तुम्ही हे कूपन आधीच वापरले आहे.',
    heldByPayment: 'हे कूपन तुमच्या अपूर्ण पेमेंटमध्ये राखून ठेवले आहे. ते पेमेंट पूर्ण करा, किंवा {{minutes}} मिनिटांनी पुन्हा प्रयत्न करा.',
  },
};

const gu: Shape<typeof en> = {
  label: 'કૂપન કોડ',
  placeholder: 'દા.ત. SAVE10',
  apply: 'લાગુ કરો',
  applying: 'લાગુ થઈ રહ્યું છે...',
  remove: 'કૂપન દૂર કરો',
  applied: 'કૂપન {{code}} લાગુ થયું: તમારી બચત {{amount}}.',
  discount: 'છૂટ ({{code}})',
  failed: 'કૂપન ચકાસી શકાયું નહીં. કૃપા કરીને ફરી પ્રયાસ કરો.',
  lapsedRefunded:
    'આ ચુકવણી શરૂ કર્યાના {{minutes}} મિનિટથી વધુ સમય પછી પૂરી થઈ, અને ત્યાં સુધીમાં તેનું કૂપન વપરાઈ ગયું હતું. ઓર્ડર બન્યો નથી: તમારી પૂરી ચુકવણી પાછી આપવામાં આવી રહી છે.',
  refused: {
    unknown: 'આ કૂપન કોડ માન્ય નથી. કૃપા કરીને કોડ તપાસીને ફરી પ્રયાસ કરો.',
    expired: 'આ કૂપનની મુદત પૂરી થઈ ગઈ છે.',
    notYetValid: 'આ કૂપન હજુ વાપરી શકાતું નથી.',
    belowMinimum: 'આ કૂપન માટે ઓછામાં ઓછો {{amount}} નો ઓર્ડર જોઈએ.',
    usedUp: 'આ કૂપન સંપૂર્ણ વપરાઈ ગયું છે.',
    alreadyUsed: 'તમે આ કૂપન પહેલેથી વાપરી લીધું છે.',
    heldByPayment: 'આ કૂપન તમારી અધૂરી ચુકવણીમાં રાખેલું છે. તે ચુકવણી પૂરી કરો, અથવા {{minutes}} મિનિટ પછી ફરી પ્રયાસ કરો.',
  },
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
