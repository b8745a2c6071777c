import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@kesh/shared';

/** The account mails (the address confirmation code, the password reset code) in the shopper's language. */
export interface AccountMailWords {
  confirmSubject: (shop: string) => string;
  confirmText: (p: { name: string; shop: string; otp: string; hours: number }) => string;
  resetSubject: (shop: string) => string;
  resetText: (p: { name: string; shop: string; otp: string; minutes: number }) => string;
}

const en: AccountMailWords = {
  confirmSubject: (shop) => `${shop}: confirm your e-mail address`,
  confirmText: ({ name, shop, otp, hours }) =>
    `Hello ${name},\n\nTo confirm this address for your ${shop} account, enter this code on your dashboard: ${otp}\n` +
    `It works for ${hours} hours. If you did not make an account with us, ignore this mail: ` +
    `we send this address nothing more until the code is entered.\n\n${shop}\n`,
  resetSubject: (shop) => `${shop}: your password reset code`,
  resetText: ({ name, shop, otp, minutes }) =>
    `Hello ${name},\n\nYour one-time code is ${otp}.\n` +
    `It expires in ${minutes} minutes. If you did not ask for it, ignore this mail.\n\n${shop}\n`,
};

const hi: AccountMailWords = {
  confirmSubject: (shop) => `${shop}: अपने ई-मेल पते की पुष्टि करें`,
  confirmText: ({ name, shop, otp, hours }) =>
    `नमस्ते ${name},\n\nअपने ${shop} खाते के लिए इस पते की पुष्टि करने हेतु अपने डैशबोर्ड पर यह कोड दर्ज करें: ${otp}\n` +
    `यह ${hours} घंटे तक मान्य है। अगर आपने हमारे यहाँ खाता नहीं बनाया है, तो इस ई-मेल को अनदेखा करें: ` +
    `कोड दर्ज होने तक हम इस पते पर और कुछ नहीं भेजेंगे।\n\n${shop}\n`,
  resetSubject: (shop) => `${shop}: आपका पासवर्ड रीसेट कोड`,
  resetText: ({ name, shop, otp, minutes }) =>
    `नमस्ते ${name},\n\nआपका एक बार का कोड ${otp} है।\n` +
    `यह ${minutes} मिनट में समाप्त हो जाएगा। अगर आपने यह नहीं माँगा था, तो इस ई-मेल को अनदेखा करें।\n\n${shop}\n`,
};

const mr: AccountMailWords = {
  confirmSubject: (shop) => `${shop}: तुमचा ई-मेल पत्ता निश्चित करा`,
  confirmText: ({ name, shop, otp, hours }) =>
    `नमस्कार ${name},\n\nतुमच्या ${shop} खात्यासाठी हा पत्ता निश्चित करण्यासाठी तुमच्या डॅशबोर्डवर हा कोड टाका: ${otp}\n` +
    `हा कोड ${hours} तास चालेल. तुम्ही आमच्याकडे खाते उघडले नसेल, तर या ई-मेलकडे दुर्लक्ष करा: ` +
    `कोड टाकला जाईपर्यंत आम्ही या पत्त्यावर आणखी काहीही पाठवणार नाही.\n\n${shop}\n`,
  resetSubject: (shop) => `${shop}: तुमचा पासवर्ड रीसेट कोड`,
  resetText: ({ name, shop, otp, minutes }) =>
    `नमस्कार ${name},\n\nतुमचा एक-वेळ कोड ${otp} आहे.\n` +
    `तो ${minutes} मिनिटांत संपेल. तुम्ही तो मागितला नसेल, तर या ई-मेलकडे दुर्लक्ष करा.\n\n${shop}\n`,
};

const gu: AccountMailWords = {
  confirmSubject: (shop) => `${shop}: તમારું ઈ-મેલ સરનામું ચકાસો`,
  confirmText: ({ name, shop, otp, hours }) =>
    `નમસ્તે ${name},\n\nતમારા ${shop} ખાતા માટે આ સરનામું ચકાસવા, તમારા ડેશબોર્ડ પર આ કોડ દાખલ કરો: ${otp}\n` +
    `તે ${hours} કલાક સુધી માન્ય છે. જો તમે અમારે ત્યાં ખાતું બનાવ્યું ન હોય, તો આ ઈ-મેલને અવગણો: ` +
    `કોડ દાખલ ન થાય ત્યાં સુધી અમે આ સરનામે બીજું કંઈ મોકલીશું નહીં.\n\n${shop}\n`,
  resetSubject: (shop) => `${shop}: તમારો પાસવર્ડ રીસેટ કોડ`,
  resetText: ({ name, shop, otp, minutes }) =>
    `નમસ્તે ${name},\n\nતમારો એક વખતનો કોડ ${otp} છે.\n` +
    `તે ${minutes} મિનિટમાં સમાપ્ત થશે. જો તમે તે માંગ્યો ન હોય, તો આ ઈ-મેલને અવગણો.\n\n${shop}\n`,
};

const WORDS: Record<LanguageCode, AccountMailWords> = { en, hi, mr, gu };

/** The words of the first known language given (the account's, then the request's), else English. */
export function accountMailWords(...languages: unknown[]): AccountMailWords {
  return WORDS[languages.find(isLanguageCode) ?? DEFAULT_LANGUAGE];
}
