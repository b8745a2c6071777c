import type { Catalogue } from '../../i18n';

/**
 * The product form's language tabs (namespace "adminProductText", its own file so that the admin
 * catalogue stays as others edit it). The server's messages about product text are in English
 * (PRODUCT_TEXT_MESSAGES), as every admin API message is.
 */
const en = {
  heading: 'Product text in each language',
  intro: 'English is required. Hindi, Marathi and Gujarati are optional: a field left empty shows the English text.',
  tabs: 'Languages',
  englishAbove: 'The English title, subtitle and description are the fields above.',
  title: 'Title',
  subtitle: 'Subtitle',
  description: 'Description',
  benefits: 'Benefits (one per line)',
  benefitsHint: "Empty: the shop's general benefits are shown.",
  imageAlt: 'Picture description (alt text)',
  imageAltHint: 'Read aloud to shoppers who cannot see the picture. Empty: the title.',
  complete: 'complete',
  missingCount: '{{count}} missing',
  fieldMissing: 'Not translated: shoppers see the English text.',
  englishShown: 'English: {{text}}',
};

const hi: typeof en = {
  heading: 'हर भाषा में उत्पाद का विवरण',
  intro: 'अंग्रेज़ी ज़रूरी है। हिन्दी, मराठी और गुजराती वैकल्पिक हैं: खाली छोड़ा गया हर खाना अंग्रेज़ी पाठ दिखाता है।',
  tabs: 'भाषाएँ',
  englishAbove: 'अंग्रेज़ी शीर्षक, उपशीर्षक और विवरण ऊपर के खानों में हैं।',
  title: 'शीर्षक',
  subtitle: 'उपशीर्षक',
  description: 'विवरण',
  benefits: 'लाभ (हर पंक्ति में एक)',
  benefitsHint: 'खाली: दुकान के सामान्य लाभ दिखाए जाते हैं।',
  imageAlt: 'तस्वीर का विवरण (alt टेक्स्ट)',
  imageAltHint: 'जो ग्राहक तस्वीर नहीं देख सकते, उन्हें यह पढ़कर सुनाया जाता है। खाली: शीर्षक।',
  complete: 'पूरा',
  missingCount: '{{count}} बाकी',
  fieldMissing: 'अनुवाद नहीं है: ग्राहक अंग्रेज़ी पाठ देखते हैं।',
  englishShown: 'अंग्रेज़ी: {{text}}',
};

const mr: typeof en = {
  heading: 'प्रत्येक भाषेत उत्पादनाचा मजकूर',
  intro: 'इंग्रजी आवश्यक आहे. हिंदी, मराठी आणि गुजराती ऐच्छिक आहेत: रिकामे ठेवलेले प्रत्येक क्षेत्र इंग्रजी मजकूर दाखवते.',
  tabs: 'भाषा',
  englishAbove: 'इंग्रजी शीर्षक, उपशीर्षक आणि वर्णन वरच्या क्षेत्रांत आहेत.',
  title: 'शीर्षक',
  subtitle: 'उपशीर्षक',
  description: 'वर्णन',
  benefits: 'फायदे (प्रत्येक ओळीत एक)',
  benefitsHint: 'रिकामे: दुकानाचे सर्वसाधारण फायदे दाखवले जातात.',
  imageAlt: 'चित्राचे वर्णन (alt मजकूर)',
  imageAltHint: 'जे ग्राहक चित्र पाहू शकत नाहीत, त्यांना हे वाचून दाखवले जाते. रिकामे: शीर्षक.',
  complete: 'पूर्ण',
  missingCount: '{{count}} बाकी',
  fieldMissing: 'भाषांतर नाही: ग्राहकांना इंग्रजी मजकूर दिसतो.',
  englishShown: 'इंग्रजी: {{text}}',
};

const gu: typeof en = {
  heading: 'દરેક ભાષામાં ઉત્પાદનનું લખાણ',
  intro: 'અંગ્રેજી જરૂરી છે. હિન્દી, મરાઠી અને ગુજરાતી વૈકલ્પિક છે: ખાલી રાખેલું દરેક ખાનું અંગ્રેજી લખાણ બતાવે છે.',
  tabs: 'ભાષાઓ',
  englishAbove: 'અંગ્રેજી શીર્ષક, ઉપશીર્ષક અને વર્ણન ઉપરનાં ખાનાંમાં છે.',
  title: 'શીર્ષક',
  subtitle: 'ઉપશીર્ષક',
  description: 'વર્ણન',
  benefits: 'ફાયદા (દરેક લીટીમાં એક)',
  benefitsHint: 'ખાલી: દુકાનના સામાન્ય ફાયદા બતાવાય છે.',
  imageAlt: 'ચિત્રનું વર્ણન (alt લખાણ)',
  imageAltHint: 'જે ગ્રાહકો ચિત્ર જોઈ શકતા નથી તેમને આ વાંચી સંભળાવાય છે. ખાલી: શીર્ષક.',
  complete: 'પૂર્ણ',
  missingCount: '{{count}} બાકી',
  fieldMissing: 'અનુવાદ નથી: ગ્રાહકો અંગ્રેજી લખાણ જુએ છે.',
  englishShown: 'અંગ્રેજી: {{text}}',
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
