import type { Catalogue } from '../../i18n';

/**
 * The change-password screen's words (namespace "adminPassword", its own file so that the admin
 * catalogue stays as others edit it). The server's messages for this screen are in English
 * (ADMIN_PASSWORD_MESSAGES); the screen shows them in the owner's language through `server`.
 */
const en = {
  title: 'Choose a new password',
  introRequired:
    'You signed in with the published default password. Anyone who has read the README knows it, so choose your own before managing the shop.',
  introVoluntary: 'Change the password you sign in with.',
  current: 'Current password',
  next: 'New password',
  confirm: 'Repeat the new password',
  hint: 'At least {{min}} characters.',
  submit: 'Change password',
  submitting: 'Changing...',
  mismatch: 'The two new passwords differ.',
  logout: 'Logout',
  server: {
    fieldsRequired: 'The current and the new password are required.',
    tooShort: 'The new password must be at least {{min}} characters long.',
    published: 'The new password must not be the published default password.',
    wrongCurrent: 'The current password is wrong.',
    changed: 'Password changed.',
  },
};

const hi: typeof en = {
  title: 'नया पासवर्ड चुनें',
  introRequired:
    'आपने प्रकाशित डिफ़ॉल्ट पासवर्ड से लॉग इन किया है। README पढ़ने वाला हर व्यक्ति इसे जानता है, इसलिए दुकान संभालने से पहले अपना पासवर्ड चुनें।',
  introVoluntary: 'लॉग इन करने का पासवर्ड बदलें।',
  current: 'मौजूदा पासवर्ड',
  next: 'नया पासवर्ड',
  confirm: 'नया पासवर्ड दोबारा लिखें',
  hint: 'कम से कम {{min}} अक्षर।',
  submit: 'पासवर्ड बदलें',
  submitting: 'बदल रहे हैं...',
  mismatch: 'दोनों नए पासवर्ड अलग हैं।',
  logout: 'लॉग आउट',
  server: {
    fieldsRequired: 'मौजूदा और नया, दोनों पासवर्ड ज़रूरी हैं।',
    tooShort: 'नया पासवर्ड कम से कम {{min}} अक्षरों का होना चाहिए।',
    published: 'नया पासवर्ड प्रकाशित डिफ़ॉल्ट पासवर्ड नहीं हो सकता।',
    wrongCurrent: 'मौजूदा पासवर्ड गलत है।',
    changed: 'पासवर्ड बदल गया।',
  },
};

const mr: typeof en = {
  title: 'नवीन पासवर्ड निवडा',
  introRequired:
    'तुम्ही प्रकाशित डीफॉल्ट पासवर्डने लॉग इन केले आहे. README वाचणाऱ्या प्रत्येकाला तो माहीत आहे, म्हणून दुकान सांभाळण्यापूर्वी तुमचा स्वतःचा पासवर्ड निवडा.',
  introVoluntary: 'लॉग इन करण्याचा पासवर्ड बदला.',
  current: 'सध्याचा पासवर्ड',
  next: 'नवीन पासवर्ड',
  confirm: 'नवीन पासवर्ड पुन्हा लिहा',
  hint: 'किमान {{min}} अक्षरे.',
  submit: 'पासवर्ड बदला',
  submitting: 'बदलत आहे...',
  mismatch: 'दोन्ही नवीन पासवर्ड वेगवेगळे आहेत.',
  logout: 'लॉग आउट',
  server: {
    fieldsRequired: 'सध्याचा आणि नवीन, दोन्ही पासवर्ड आवश्यक आहेत.',
    tooShort: 'नवीन पासवर्ड किमान {{min}} अक्षरांचा असावा.',
    published: 'नवीन पासवर्ड प्रकाशित डीफॉल्ट पासवर्ड असू शकत नाही.',
    wrongCurrent: 'सध्याचा पासवर्ड चुकीचा आहे.',
    changed: 'पासवर्ड बदलला.',
  },
};

const gu: typeof en = {
  title: 'નવો પાસવર્ડ પસંદ કરો',
  introRequired:
    'તમે પ્રકાશિત ડિફોલ્ટ પાસવર્ડથી લૉગ ઇન કર્યું છે. README વાંચનાર દરેક તેને જાણે છે, તેથી દુકાન સંભાળતા પહેલાં તમારો પોતાનો પાસવર્ડ પસંદ કરો.',
  introVoluntary: 'લૉગ ઇન કરવાનો પાસવર્ડ બદલો.',
  current: 'હાલનો પાસવર્ડ',
  next: 'નવો પાસવર્ડ',
  confirm: 'નવો પાસવર્ડ ફરીથી લખો',
  hint: 'ઓછામાં ઓછા {{min}} અક્ષર.',
  submit: 'પાસવર્ડ બદલો',
  submitting: 'બદલી રહ્યા છીએ...',
  mismatch: 'બંને નવા પાસવર્ડ અલગ છે.',
  logout: 'લૉગ આઉટ',
  server: {
    fieldsRequired: 'હાલનો અને નવો, બંને પાસવર્ડ જરૂરી છે.',
    tooShort: 'નવો પાસવર્ડ ઓછામાં ઓછા {{min}} અક્ષરનો હોવો જોઈએ.',
    published: 'નવો પાસવર્ડ પ્રકાશિત ડિફોલ્ટ પાસવર્ડ ન હોઈ શકે.',
    wrongCurrent: 'હાલનો પાસવર્ડ ખોટો છે.',
    changed: 'પાસવર્ડ બદલાઈ ગયો.',
  },
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
