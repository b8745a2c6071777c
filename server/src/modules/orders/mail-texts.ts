import { COUPON_HOLD_MINUTES, type LanguageCode } from '@kesh/shared';

/** What a shopper's order mail says, in the language they used the store in. */
export interface OrderMailWords {
  hello: (name: string) => string;
  placedSubject: (shop: string, id: string) => string;
  placedIntro: string;
  invoiceAttached: string;
  dispatchedSubject: (id: string) => string;
  dispatchedIntro: string;
  courier: string;
  trackingNumber: string;
  track: string;
  deliveredSubject: (id: string) => string;
  deliveredIntro: string;
  cancelledSubject: (id: string) => string;
  cancelledIntro: string;
  refundOf: (amount: string) => string;
  feeKept: (amount: string) => string;
  refundedSubject: (id: string) => string;
  refundedIntro: (amount: string) => string;
  total: string;
  deliverTo: string;
  questions: string;
  codToPay: (amount: string) => string;
  soldOutSubject: (shop: string) => string;
  soldOutIntro: string;
  couponLapsedIntro: string;
  soldOutRefund: (amount: string) => string;
}

const en: OrderMailWords = {
  hello: (name) => `Hello ${name},`,
  placedSubject: (shop, id) => `Your ${shop} order #${id} is confirmed`,
  placedIntro: 'Thank you for choosing our Ayurvedic products. Your order will be processed shortly.',
  invoiceAttached: 'Your tax invoice is attached.',
  dispatchedSubject: (id) => `Your order #${id} is on its way`,
  dispatchedIntro: 'Good news: your order has been dispatched.',
  courier: 'Courier',
  trackingNumber: 'Tracking number',
  track: 'Track your parcel',
  deliveredSubject: (id) => `Your order #${id} has been delivered`,
  deliveredIntro: 'Your order has been delivered. We hope you enjoy it!',
  cancelledSubject: (id) => `Your order #${id} has been cancelled`,
  cancelledIntro: 'Your order has been cancelled.',
  refundOf: (amount) => `A refund of ${amount} goes back to your original payment method within 5-7 business days.`,
  feeKept: (amount) => `A cancellation fee of ${amount} applies because the order was more than 24 hours old.`,
  refundedSubject: (id) => `Refund for order #${id} processed`,
  refundedIntro: (amount) => `We have refunded ${amount} to your original payment method.`,
  total: 'Total',
  deliverTo: 'Deliver to',
  questions: 'Questions? Reply to this mail or call us.',
  codToPay: (amount) => `Cash on delivery: please keep ${amount} ready for the courier.`,
  soldOutSubject: (shop) => `Your ${shop} payment is being refunded`,
  soldOutIntro:
    'We are sorry: by the time your payment reached us, an item you paid for had just sold out, so no order was placed.',
  couponLapsedIntro: `We are sorry: your payment was completed more than ${COUPON_HOLD_MINUTES} minutes after you opened it, and by then your coupon had been used, so no order was placed.`,
  soldOutRefund: (amount) => `The full ${amount} goes back to your original payment method within 5-7 business days.`,
};

const hi: OrderMailWords = {
  hello: (name) => `नमस्ते ${name},`,
  placedSubject: (shop, id) => `आपका ${shop} ऑर्डर #${id} पक्का हो गया है`,
  placedIntro: 'हमारे आयुर्वेदिक उत्पाद चुनने के लिए धन्यवाद। आपका ऑर्डर जल्द ही तैयार किया जाएगा।',
  invoiceAttached: 'आपका टैक्स इनवॉइस संलग्न है।',
  dispatchedSubject: (id) => `आपका ऑर्डर #${id} रवाना हो गया है`,
  dispatchedIntro: 'खुशखबरी: आपका ऑर्डर भेज दिया गया है।',
  courier: 'कूरियर',
  trackingNumber: 'ट्रैकिंग नंबर',
  track: 'अपना पार्सल ट्रैक करें',
  deliveredSubject: (id) => `आपका ऑर्डर #${id} पहुँच गया है`,
  deliveredIntro: 'आपका ऑर्डर डिलीवर हो गया है। आशा है आपको पसंद आएगा!',
  cancelledSubject: (id) => `आपका ऑर्डर #${id} रद्द कर दिया गया है`,
  cancelledIntro: 'आपका ऑर्डर रद्द कर दिया गया है।',
  refundOf: (amount) => `${amount} का रिफ़ंड 5-7 कार्यदिवसों में आपके मूल भुगतान माध्यम में लौटेगा।`,
  feeKept: (amount) => `ऑर्डर 24 घंटे से पुराना था, इसलिए ${amount} का रद्दीकरण शुल्क लगा है।`,
  refundedSubject: (id) => `ऑर्डर #${id} का रिफ़ंड हो गया`,
  refundedIntro: (amount) => `हमने ${amount} आपके मूल भुगतान माध्यम में लौटा दिए हैं।`,
  total: 'कुल',
  deliverTo: 'डिलीवरी का पता',
  questions: 'कोई सवाल? इस मेल का जवाब दें या हमें कॉल करें।',
  codToPay: (amount) => `कैश ऑन डिलीवरी: कृपया कूरियर के लिए ${amount} तैयार रखें।`,
  soldOutSubject: (shop) => `आपके ${shop} भुगतान का रिफ़ंड किया जा रहा है`,
  soldOutIntro: 'क्षमा करें: आपका भुगतान हम तक पहुँचने तक आपका चुना एक उत्पाद बिक चुका था, इसलिए कोई ऑर्डर नहीं बना।',
  couponLapsedIntro: `क्षमा करें: आपका भुगतान उसे शुरू करने के ${COUPON_HOLD_MINUTES} मिनट से ज़्यादा बाद पूरा हुआ, और तब तक आपका कूपन इस्तेमाल हो चुका था, इसलिए कोई ऑर्डर नहीं बना।`,
  soldOutRefund: (amount) => `पूरे ${amount} 5-7 कार्यदिवसों में आपके मूल भुगतान माध्यम में लौट आएँगे।`,
};

const mr: OrderMailWords = {
  hello: (name) => `नमस्कार ${name},`,
  placedSubject: (shop, id) => `तुमची ${shop} ऑर्डर #${id} निश्चित झाली आहे`,
  placedIntro: 'आमची आयुर्वेदिक उत्पादने निवडल्याबद्दल धन्यवाद. तुमची ऑर्डर लवकरच तयार केली जाईल.',
  invoiceAttached: 'तुमचे टॅक्स इनव्हॉइस सोबत जोडले आहे.',
  dispatchedSubject: (id) => `तुमची ऑर्डर #${id} रवाना झाली आहे`,
  dispatchedIntro: 'आनंदाची बातमी: तुमची ऑर्डर पाठवली आहे.',
  courier: 'कुरिअर',
  trackingNumber: 'ट्रॅकिंग क्रमांक',
  track: 'तुमचे पार्सल ट्रॅक करा',
  deliveredSubject: (id) => `तुमची ऑर्डर #${id} पोहोचली आहे`,
  deliveredIntro: 'तुमची ऑर्डर पोहोचली आहे. ती तुम्हाला आवडेल अशी आशा!',
  cancelledSubject: (id) => `तुमची ऑर्डर #${id} रद्द झाली आहे`,
  cancelledIntro: 'तुमची ऑर्डर रद्द झाली आहे.',
  refundOf: (amount) => `${amount} चा परतावा 5-7 कामकाजाच्या दिवसांत तुमच्या मूळ पेमेंट पद्धतीत जमा होईल.`,
  feeKept: (amount) => `ऑर्डर 24 तासांपेक्षा जुनी असल्याने ${amount} रद्दीकरण शुल्क लागू आहे.`,
  refundedSubject: (id) => `ऑर्डर #${id} चा परतावा झाला`,
  refundedIntro: (amount) => `आम्ही ${amount} तुमच्या मूळ पेमेंट पद्धतीत परत केले आहेत.`,
  total: 'एकूण',
  deliverTo: 'डिलिव्हरीचा पत्ता',
  questions: 'काही प्रश्न? या मेलला उत्तर द्या किंवा आम्हाला कॉल करा.',
  codToPay: (amount) => `कॅश ऑन डिलिव्हरी: कृपया कुरिअरसाठी ${amount} तयार ठेवा.`,
  soldOutSubject: (shop) => `तुमच्या ${shop} पेमेंटचा परतावा केला जात आहे`,
  soldOutIntro: 'क्षमस्व: तुमचे पेमेंट आमच्यापर्यंत पोहोचेपर्यंत तुम्ही निवडलेले एक उत्पादन संपले होते, त्यामुळे ऑर्डर झाली नाही.',
  couponLapsedIntro: `क्षमस्व: तुमचे पेमेंट सुरू केल्यानंतर ${COUPON_HOLD_MINUTES} मिनिटांहून अधिक वेळाने पूर्ण झाले, आणि तोपर्यंत तुमचे कूपन वापरले गेले होते, त्यामुळे ऑर्डर झाली नाही.`,
  soldOutRefund: (amount) => `संपूर्ण ${amount} 5-7 कामकाजाच्या दिवसांत तुमच्या मूळ पेमेंट पद्धतीत जमा होतील.`,
};

const gu: OrderMailWords = {
  hello: (name) => `નમસ્તે ${name},`,
  placedSubject: (shop, id) => `તમારો ${shop} ઓર્ડર #${id} નક્કી થયો છે`,
  placedIntro: 'અમારાં આયુર્વેદિક ઉત્પાદનો પસંદ કરવા બદલ આભાર. તમારો ઓર્ડર જલદી તૈયાર થશે.',
  invoiceAttached: 'તમારું ટેક્સ ઇન્વૉઇસ સાથે જોડેલું છે.',
  dispatchedSubject: (id) => `તમારો ઓર્ડર #${id} રવાના થયો છે`,
  dispatchedIntro: 'ખુશખબર: તમારો ઓર્ડર મોકલી દેવાયો છે.',
  courier: 'કુરિયર',
  trackingNumber: 'ટ્રેકિંગ નંબર',
  track: 'તમારું પાર્સલ ટ્રેક કરો',
  deliveredSubject: (id) => `તમારો ઓર્ડર #${id} પહોંચી ગયો છે`,
  deliveredIntro: 'તમારો ઓર્ડર પહોંચી ગયો છે. આશા છે તમને ગમશે!',
  cancelledSubject: (id) => `તમારો ઓર્ડર #${id} રદ થયો છે`,
  cancelledIntro: 'તમારો ઓર્ડર રદ કરવામાં આવ્યો છે.',
  refundOf: (amount) => `${amount} નું રિફંડ 5-7 કામકાજના દિવસોમાં તમારી મૂળ ચુકવણી પદ્ધતિમાં પાછું આવશે.`,
  feeKept: (amount) => `ઓર્ડર 24 કલાકથી જૂનો હોવાથી ${amount} રદ કરવાની ફી લાગુ પડે છે.`,
  refundedSubject: (id) => `ઓર્ડર #${id} નું રિફંડ થઈ ગયું`,
  refundedIntro: (amount) => `અમે ${amount} તમારી મૂળ ચુકવણી પદ્ધતિમાં પાછા મોકલ્યા છે.`,
  total: 'કુલ',
  deliverTo: 'ડિલિવરીનું સરનામું',
  questions: 'કોઈ પ્રશ્ન? આ મેલનો જવાબ આપો અથવા અમને ફોન કરો.',
  codToPay: (amount) => `કેશ ઓન ડિલિવરી: કૃપા કરીને કુરિયર માટે ${amount} તૈયાર રાખો.`,
  soldOutSubject: (shop) => `તમારી ${shop} ચુકવણીનું રિફંડ કરવામાં આવી રહ્યું છે`,
  soldOutIntro: 'માફ કરશો: તમારી ચુકવણી અમારા સુધી પહોંચી ત્યાં સુધીમાં તમે પસંદ કરેલી એક વસ્તુ વેચાઈ ગઈ હતી, તેથી ઓર્ડર બન્યો નથી.',
  couponLapsedIntro: `માફ કરશો: તમારી ચુકવણી શરૂ કર્યાના ${COUPON_HOLD_MINUTES} મિનિટથી વધુ સમય પછી પૂરી થઈ, અને ત્યાં સુધીમાં તમારું કૂપન વપરાઈ ગયું હતું, તેથી ઓર્ડર બન્યો નથી.`,
  soldOutRefund: (amount) => `પૂરા ${amount} 5-7 કામકાજના દિવસોમાં તમારી મૂળ ચુકવણી પદ્ધતિમાં પાછા આવશે.`,
};

export const ORDER_MAIL_WORDS: Record<LanguageCode, OrderMailWords> = { en, hi, mr, gu };
