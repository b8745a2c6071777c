import type { Catalogue } from '../../i18n';
import type { Shape } from '../../i18n/common';

const en = {
  title: 'Contact Us',
  subtitle: 'Questions about your hair, an order or our products? We are happy to help.',
  metaDescription:
    'Call, e-mail or visit Kesh Ayurveda in Rajkot, Gujarat, or send us a message. We reply within one working day.',
  cards: { phone: 'Call Us', email: 'Email Us', address: 'Visit Us', hours: 'Working Hours' },
  form: {
    heading: 'Send Us a Message',
    lead: 'Fill in the form and our team will get back to you within one working day.',
    name: 'Your name',
    email: 'Email address',
    phone: 'Phone number (optional)',
    subject: 'Subject (optional)',
    message: 'Message',
    nameRequired: 'Please enter your name.',
    emailInvalid: 'Please enter a valid email address.',
    messageRequired: 'Please write a message.',
    send: 'Send Message',
    sending: 'Sending...',
  },
  mapTitle: 'Map showing Kesh Ayurveda in Rajkot, Gujarat',
};

const hi: Shape<typeof en> = {
  title: 'संपर्क करें',
  subtitle: 'अपने बालों, किसी ऑर्डर या हमारे उत्पादों के बारे में प्रश्न? हमें मदद करके खुशी होगी।',
  metaDescription: 'राजकोट, गुजरात में केश आयुर्वेद को कॉल करें, ईमेल करें या मिलने आएँ, या हमें संदेश भेजें। हम एक कार्य दिवस में उत्तर देते हैं।',
  cards: { phone: 'हमें कॉल करें', email: 'हमें ईमेल करें', address: 'हमसे मिलें', hours: 'कार्य समय' },
  form: {
    heading: 'हमें संदेश भेजें',
    lead: 'फ़ॉर्म भरें, हमारी टीम एक कार्य दिवस में आपसे संपर्क करेगी।',
    name: 'आपका नाम',
    email: 'ईमेल पता',
    phone: 'फ़ोन नंबर (वैकल्पिक)',
    subject: 'विषय (वैकल्पिक)',
    message: 'संदेश',
    nameRequired: 'कृपया अपना नाम दर्ज करें।',
    emailInvalid: 'कृपया मान्य ईमेल पता दर्ज करें।',
    messageRequired: 'कृपया संदेश लिखें।',
    send: 'संदेश भेजें',
    sending: 'भेजा जा रहा है...',
  },
  mapTitle: 'राजकोट, गुजरात में केश आयुर्वेद का नक्शा',
};

const mr: Shape<typeof en> = {
  title: 'संपर्क साधा',
  subtitle: 'तुमचे केस, एखादी ऑर्डर किंवा आमच्या उत्पादनांबद्दल प्रश्न? मदत करायला आम्हाला आनंद होईल.',
  metaDescription:
    'राजकोट, गुजरात येथील केश आयुर्वेदला कॉल करा, ईमेल करा किंवा भेट द्या, किंवा आम्हाला संदेश पाठवा. आम्ही एका कामकाजाच्या दिवसात उत्तर देतो.',
  cards: { phone: 'आम्हाला कॉल करा', email: 'आम्हाला ईमेल करा', address: 'आम्हाला भेट द्या', hours: 'कामाची वेळ' },
  form: {
    heading: 'आम्हाला संदेश पाठवा',
    lead: 'फॉर्म भरा, आमची टीम एका कामकाजाच्या दिवसात तुमच्याशी संपर्क साधेल.',
    name: 'तुमचे नाव',
    email: 'ईमेल पत्ता',
    phone: 'फोन नंबर (ऐच्छिक)',
    subject: 'विषय (ऐच्छिक)',
    message: 'संदेश',
    nameRequired: 'कृपया तुमचे नाव टाका.',
    emailInvalid: 'कृपया वैध ईमेल पत्ता टाका.',
    messageRequired: 'कृपया संदेश लिहा.',
    send: 'संदेश पाठवा',
    sending: 'पाठवत आहे...',
  },
  mapTitle: 'राजकोट, गुजरात येथील केश आयुर्वेदचा नकाशा',
};

const gu: Shape<typeof en> = {
  title: 'સંપર્ક કરો',
  subtitle: 'તમારા વાળ, કોઈ ઓર્ડર અથવા અમારાં ઉત્પાદનો વિશે પ્રશ્ન? મદદ કરવામાં અમને આનંદ થશે.',
  metaDescription:
    'રાજકોટ, ગુજરાતમાં કેશ આયુર્વેદને કૉલ કરો, ઇમેઇલ કરો અથવા મુલાકાત લો, અથવા અમને સંદેશ મોકલો. અમે એક કામકાજના દિવસમાં જવાબ આપીએ છીએ.',
  cards: { phone: 'અમને કૉલ કરો', email: 'અમને ઇમેઇલ કરો', address: 'અમારી મુલાકાત લો', hours: 'કામના કલાકો' },
  form: {
    heading: 'અમને સંદેશ મોકલો',
    lead: 'ફોર્મ ભરો, અમારી ટીમ એક કામકાજના દિવસમાં તમારો સંપર્ક કરશે.',
    name: 'તમારું નામ',
    email: 'ઇમેઇલ સરનામું',
    phone: 'ફોન નંબર (વૈકલ્પિક)',
    subject: 'વિષય (વૈકલ્પિક)',
    message: 'સંદેશ',
    nameRequired: 'કૃપા કરીને તમારું નામ દાખલ કરો.',
    emailInvalid: 'કૃપા કરીને માન્ય ઇમેઇલ સરનામું દાખલ કરો.',
    messageRequired: 'કૃપા કરીને સંદેશ લખો.',
    send: 'સંદેશ મોકલો',
    sending: 'મોકલી રહ્યા છીએ...',
  },
  mapTitle: 'રાજકોટ, ગુજરાતમાં કેશ આયુર્વેદનો નકશો',
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
