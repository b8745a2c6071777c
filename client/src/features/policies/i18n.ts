import type { Catalogue } from '../../i18n';
import type { Shape } from '../../i18n/common';

type Section = { heading: string; paragraphs: string[] };

const en = {
  lastUpdated: 'Last updated: August 24, 2025',
  contactSupport: 'Contact Support',
  contactUs: 'Contact Us',
  questions: 'Questions about this policy? Our team is happy to help.',
  refunds: {
    title: 'Cancellation & Refunds',
    metaDescription:
      'How to cancel an order with Kesh Ayurveda, when a fee applies, and how and when refunds are paid.',
    sections: [
      {
        heading: 'Cancelling an order',
        paragraphs: [
          'You can cancel your order free of charge within 24 hours of placing it.',
          'After 24 hours, and as long as the order has not been shipped, a cancellation fee of 10% of the order value may apply.',
          'Orders that have already been shipped cannot be cancelled.',
        ],
      },
      {
        heading: 'Refunds',
        paragraphs: [
          'Approved refunds are paid to your original payment method within 5-7 business days after approval.',
          'Shipping charges are non-refundable, unless the error is ours, for example a damaged, defective or wrong product.',
        ],
      },
      {
        heading: 'Items that may not be refundable',
        paragraphs: [
          'Personalised or perishable items may not be eligible for a refund once they have been delivered.',
        ],
      },
      {
        heading: 'How to request a cancellation or refund',
        paragraphs: [
          'Contact us by phone or e-mail with your order ID and the reason for your request. We will confirm the next steps within one working day.',
        ],
      },
    ] as Section[],
  },
  terms: {
    title: 'Terms & Conditions',
    metaDescription:
      'The terms for buying from Kesh Ayurveda: eligibility, prices and taxes, orders, cancellations and the use of our website.',
    sections: [
      {
        heading: 'Using this website',
        paragraphs: [
          'By browsing this website or placing an order you agree to these terms. Please read them carefully before you buy.',
        ],
      },
      {
        heading: 'Who can buy',
        paragraphs: [
          'You must be at least 18 years old, or use this website with the consent of a parent or guardian.',
        ],
      },
      {
        heading: 'Prices and payment',
        paragraphs: [
          'All prices are in Indian Rupees (INR) and include applicable taxes unless stated otherwise.',
          'Payments are processed securely by our payment partner. An order is confirmed only after the payment has been verified.',
        ],
      },
      {
        heading: 'Cancellations and refunds',
        paragraphs: [
          'Orders may be cancelled free of charge within 24 hours. After 24 hours and before shipping, a 10% cancellation fee may apply; shipped orders cannot be cancelled. Refunds reach your original payment method within 5-7 business days after approval. See our Cancellation & Refunds policy for details.',
        ],
      },
      {
        heading: 'Our products',
        paragraphs: [
          'Ayurvedic products work gradually and results differ from person to person. Please read the ingredients and do a patch test before first use. Our products are not a substitute for medical advice.',
        ],
      },
      {
        heading: 'Content and governing law',
        paragraphs: [
          'All text, images and logos on this website belong to Kesh Ayurveda and may not be copied without permission. These terms are governed by the laws of India; the courts of Rajkot, Gujarat have jurisdiction.',
        ],
      },
    ] as Section[],
  },
  privacy: {
    title: 'Privacy & Policy',
    metaDescription: 'What personal data Kesh Ayurveda collects, why, how it is protected and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'When you create an account or place an order we collect your name, e-mail address, phone number and delivery address. When you write to us we keep your message.',
        ],
      },
      {
        heading: 'How we use it',
        paragraphs: [
          'We use your details only to process and deliver your orders, to send one-time codes for password resets and to answer your questions. We never sell your data.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: ['Payments are handled by our payment partner. We never see or store your card or bank details.'],
      },
      {
        heading: 'Data stored in your browser',
        paragraphs: [
          'Your browser keeps your login session for up to 8 hours and remembers your language choice. We use no advertising or tracking cookies.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          'Our services are meant for people who are 18 or older, or who use them with the consent of a parent or guardian.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can update your address from your dashboard at any time, and ask us to correct or delete your personal data by contacting us.',
        ],
      },
    ] as Section[],
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    home: 'Back to Home',
    products: 'Browse Products',
  },
};

const hi: Shape<typeof en> = {
  lastUpdated: 'अंतिम अपडेट: 24 अगस्त, 2025',
  contactSupport: 'सहायता से संपर्क करें',
  contactUs: 'संपर्क करें',
  questions: 'इस नीति के बारे में प्रश्न? हमारी टीम मदद के लिए तैयार है।',
  refunds: {
    title: 'रद्दीकरण और धनवापसी',
    metaDescription: 'केश आयुर्वेद में ऑर्डर कैसे रद्द करें, शुल्क कब लगता है, और धनवापसी कैसे और कब मिलती है।',
    sections: [
      {
        heading: 'ऑर्डर रद्द करना',
        paragraphs: [
          'ऑर्डर देने के 24 घंटे के भीतर आप उसे बिना किसी शुल्क के रद्द कर सकते हैं।',
          '24 घंटे के बाद, और जब तक ऑर्डर भेजा नहीं गया है, ऑर्डर मूल्य का 10% रद्दीकरण शुल्क लग सकता है।',
          'जो ऑर्डर भेजे जा चुके हैं, उन्हें रद्द नहीं किया जा सकता।',
        ],
      },
      {
        heading: 'धनवापसी',
        paragraphs: [
          'स्वीकृत धनवापसी स्वीकृति के 5-7 कार्य दिवसों के भीतर आपके मूल भुगतान माध्यम में जमा की जाती है।',
          'शिपिंग शुल्क वापस नहीं किया जाता, जब तक गलती हमारी न हो, जैसे क्षतिग्रस्त, दोषपूर्ण या गलत उत्पाद।',
        ],
      },
      {
        heading: 'जिन वस्तुओं पर धनवापसी नहीं हो सकती',
        paragraphs: ['व्यक्तिगत या जल्दी खराब होने वाली वस्तुएँ डिलीवरी के बाद धनवापसी के योग्य नहीं हो सकतीं।'],
      },
      {
        heading: 'रद्दीकरण या धनवापसी का अनुरोध कैसे करें',
        paragraphs: ['अपने ऑर्डर आईडी और अनुरोध के कारण के साथ हमें फ़ोन या ईमेल करें। हम एक कार्य दिवस में अगले कदमों की पुष्टि करेंगे।'],
      },
    ],
  },
  terms: {
    title: 'नियम और शर्तें',
    metaDescription: 'केश आयुर्वेद से खरीदारी की शर्तें: पात्रता, कीमतें और कर, ऑर्डर, रद्दीकरण और हमारी वेबसाइट का उपयोग।',
    sections: [
      {
        heading: 'इस वेबसाइट का उपयोग',
        paragraphs: ['इस वेबसाइट को ब्राउज़ करके या ऑर्डर देकर आप इन शर्तों से सहमत होते हैं। खरीदने से पहले कृपया इन्हें ध्यान से पढ़ें।'],
      },
      {
        heading: 'कौन खरीद सकता है',
        paragraphs: ['आपकी आयु कम से कम 18 वर्ष होनी चाहिए, या आप माता-पिता या अभिभावक की सहमति से इस वेबसाइट का उपयोग करें।'],
      },
      {
        heading: 'कीमतें और भुगतान',
        paragraphs: [
          'सभी कीमतें भारतीय रुपये (INR) में हैं और जब तक अन्यथा न बताया गया हो, लागू करों सहित हैं।',
          'भुगतान हमारे भुगतान भागीदार द्वारा सुरक्षित रूप से संसाधित किए जाते हैं। भुगतान सत्यापित होने के बाद ही ऑर्डर की पुष्टि होती है।',
        ],
      },
      {
        heading: 'रद्दीकरण और धनवापसी',
        paragraphs: [
          'ऑर्डर 24 घंटे के भीतर बिना शुल्क के रद्द किए जा सकते हैं। 24 घंटे के बाद और शिपिंग से पहले 10% रद्दीकरण शुल्क लग सकता है; भेजे गए ऑर्डर रद्द नहीं हो सकते। धनवापसी स्वीकृति के 5-7 कार्य दिवसों में आपके मूल भुगतान माध्यम में पहुँचती है। विवरण के लिए हमारी रद्दीकरण और धनवापसी नीति देखें।',
        ],
      },
      {
        heading: 'हमारे उत्पाद',
        paragraphs: [
          'आयुर्वेदिक उत्पाद धीरे-धीरे असर करते हैं और परिणाम व्यक्ति-व्यक्ति में भिन्न होते हैं। पहली बार उपयोग से पहले सामग्री पढ़ें और पैच टेस्ट करें। हमारे उत्पाद चिकित्सीय सलाह का विकल्प नहीं हैं।',
        ],
      },
      {
        heading: 'सामग्री और लागू कानून',
        paragraphs: [
          'इस वेबसाइट के सभी पाठ, चित्र और लोगो केश आयुर्वेद के हैं और अनुमति के बिना कॉपी नहीं किए जा सकते। ये शर्तें भारत के कानूनों के अधीन हैं; राजकोट, गुजरात की अदालतों का क्षेत्राधिकार है।',
        ],
      },
    ],
  },
  privacy: {
    title: 'गोपनीयता नीति',
    metaDescription: 'केश आयुर्वेद कौन-सा व्यक्तिगत डेटा एकत्र करता है, क्यों, उसकी सुरक्षा कैसे होती है और आपके विकल्प क्या हैं।',
    sections: [
      {
        heading: 'हम क्या एकत्र करते हैं',
        paragraphs: [
          'जब आप खाता बनाते हैं या ऑर्डर देते हैं, तो हम आपका नाम, ईमेल पता, फ़ोन नंबर और डिलीवरी पता एकत्र करते हैं। जब आप हमें लिखते हैं, तो हम आपका संदेश रखते हैं।',
        ],
      },
      {
        heading: 'हम इसका उपयोग कैसे करते हैं',
        paragraphs: [
          'हम आपकी जानकारी का उपयोग केवल आपके ऑर्डर संसाधित करने और पहुँचाने, पासवर्ड रीसेट के लिए एक बार के कोड भेजने और आपके प्रश्नों के उत्तर देने के लिए करते हैं। हम आपका डेटा कभी नहीं बेचते।',
        ],
      },
      {
        heading: 'भुगतान',
        paragraphs: [
          'भुगतान हमारे भुगतान भागीदार द्वारा संभाले जाते हैं। हम आपके कार्ड या बैंक विवरण कभी नहीं देखते और न ही संग्रहीत करते हैं।',
        ],
      },
      {
        heading: 'आपके ब्राउज़र में संग्रहीत डेटा',
        paragraphs: [
          'आपका ब्राउज़र आपके लॉगिन सत्र को 8 घंटे तक रखता है और आपकी भाषा की पसंद याद रखता है। हम कोई विज्ञापन या ट्रैकिंग कुकी उपयोग नहीं करते।',
        ],
      },
      {
        heading: 'बच्चे',
        paragraphs: [
          'हमारी सेवाएँ 18 वर्ष या उससे अधिक आयु के लोगों के लिए हैं, या उनके लिए जो माता-पिता या अभिभावक की सहमति से उनका उपयोग करते हैं।',
        ],
      },
      {
        heading: 'आपके विकल्प',
        paragraphs: [
          'आप किसी भी समय अपने डैशबोर्ड से अपना पता अपडेट कर सकते हैं, और हमसे संपर्क करके अपना व्यक्तिगत डेटा सुधारने या हटाने के लिए कह सकते हैं।',
        ],
      },
    ],
  },
  notFound: {
    title: 'पृष्ठ नहीं मिला',
    text: 'आप जो पृष्ठ खोज रहे हैं वह मौजूद नहीं है या हटा दिया गया है।',
    home: 'होम पर वापस जाएँ',
    products: 'उत्पाद देखें',
  },
};

const mr: Shape<typeof en> = {
  lastUpdated: 'शेवटचे अद्यतन: 24 ऑगस्ट, 2025',
  contactSupport: 'सहाय्याशी संपर्क साधा',
  contactUs: 'संपर्क साधा',
  questions: 'या धोरणाबद्दल प्रश्न? आमची टीम मदतीसाठी तयार आहे.',
  refunds: {
    title: 'रद्दीकरण व परतावा',
    metaDescription: 'केश आयुर्वेदमधील ऑर्डर कशी रद्द करावी, शुल्क कधी लागते आणि परतावा कसा व केव्हा मिळतो.',
    sections: [
      {
        heading: 'ऑर्डर रद्द करणे',
        paragraphs: [
          'ऑर्डर दिल्यापासून 24 तासांच्या आत तुम्ही ती विनाशुल्क रद्द करू शकता.',
          '24 तासांनंतर, आणि ऑर्डर पाठवली गेली नसेल तोपर्यंत, ऑर्डर मूल्याच्या 10% रद्दीकरण शुल्क लागू शकते.',
          'आधीच पाठवलेल्या ऑर्डर रद्द करता येत नाहीत.',
        ],
      },
      {
        heading: 'परतावा',
        paragraphs: [
          'मंजूर परतावा मंजुरीनंतर 5-7 कामकाजाच्या दिवसांत तुमच्या मूळ पेमेंट पद्धतीत जमा होतो.',
          'शिपिंग शुल्क परत केले जात नाही, जोपर्यंत चूक आमची नसेल, उदा. खराब, सदोष किंवा चुकीचे उत्पादन.',
        ],
      },
      {
        heading: 'परतावा न मिळू शकणाऱ्या वस्तू',
        paragraphs: ['वैयक्तिकृत किंवा लवकर खराब होणाऱ्या वस्तू डिलिव्हरीनंतर परताव्यासाठी पात्र नसू शकतात.'],
      },
      {
        heading: 'रद्दीकरण किंवा परताव्याची विनंती कशी करावी',
        paragraphs: [
          'तुमचा ऑर्डर आयडी आणि विनंतीचे कारण घेऊन आम्हाला फोन किंवा ईमेल करा. आम्ही एका कामकाजाच्या दिवसात पुढील पावले कळवू.',
        ],
      },
    ],
  },
  terms: {
    title: 'अटी व शर्ती',
    metaDescription: 'केश आयुर्वेदकडून खरेदीच्या अटी: पात्रता, किंमती व कर, ऑर्डर, रद्दीकरण आणि आमच्या वेबसाइटचा वापर.',
    sections: [
      {
        heading: 'या वेबसाइटचा वापर',
        paragraphs: ['ही वेबसाइट पाहून किंवा ऑर्डर देऊन तुम्ही या अटी मान्य करता. खरेदी करण्यापूर्वी कृपया त्या काळजीपूर्वक वाचा.'],
      },
      {
        heading: 'कोण खरेदी करू शकते',
        paragraphs: ['तुमचे वय किमान 18 वर्षे असावे, किंवा तुम्ही पालक किंवा संरक्षकाच्या संमतीने ही वेबसाइट वापरावी.'],
      },
      {
        heading: 'किंमती आणि पेमेंट',
        paragraphs: [
          'सर्व किंमती भारतीय रुपयांमध्ये (INR) आहेत आणि अन्यथा नमूद नसल्यास लागू करांसह आहेत.',
          'पेमेंट आमच्या पेमेंट भागीदाराकडून सुरक्षितपणे प्रक्रिया केले जाते. पेमेंट पडताळल्यानंतरच ऑर्डरची पुष्टी होते.',
        ],
      },
      {
        heading: 'रद्दीकरण आणि परतावा',
        paragraphs: [
          'ऑर्डर 24 तासांच्या आत विनाशुल्क रद्द करता येतात. 24 तासांनंतर व शिपिंगपूर्वी 10% रद्दीकरण शुल्क लागू शकते; पाठवलेल्या ऑर्डर रद्द करता येत नाहीत. परतावा मंजुरीनंतर 5-7 कामकाजाच्या दिवसांत तुमच्या मूळ पेमेंट पद्धतीत पोहोचतो. तपशीलासाठी आमचे रद्दीकरण व परतावा धोरण पहा.',
        ],
      },
      {
        heading: 'आमची उत्पादने',
        paragraphs: [
          'आयुर्वेदिक उत्पादने हळूहळू परिणाम करतात आणि परिणाम व्यक्तीनुसार बदलतात. पहिल्या वापरापूर्वी घटक वाचा आणि पॅच टेस्ट करा. आमची उत्पादने वैद्यकीय सल्ल्याचा पर्याय नाहीत.',
        ],
      },
      {
        heading: 'मजकूर आणि लागू कायदा',
        paragraphs: [
          'या वेबसाइटवरील सर्व मजकूर, चित्रे आणि लोगो केश आयुर्वेदचे आहेत आणि परवानगीशिवाय कॉपी करता येणार नाहीत. या अटी भारताच्या कायद्यांनुसार आहेत; राजकोट, गुजरात येथील न्यायालयांना अधिकारक्षेत्र आहे.',
        ],
      },
    ],
  },
  privacy: {
    title: 'गोपनीयता धोरण',
    metaDescription: 'केश आयुर्वेद कोणता वैयक्तिक डेटा गोळा करते, का, त्याचे संरक्षण कसे होते आणि तुमचे पर्याय कोणते.',
    sections: [
      {
        heading: 'आम्ही काय गोळा करतो',
        paragraphs: [
          'तुम्ही खाते तयार करता किंवा ऑर्डर देता तेव्हा आम्ही तुमचे नाव, ईमेल पत्ता, फोन नंबर आणि डिलिव्हरी पत्ता गोळा करतो. तुम्ही आम्हाला लिहिता तेव्हा आम्ही तुमचा संदेश जपून ठेवतो.',
        ],
      },
      {
        heading: 'आम्ही त्याचा वापर कसा करतो',
        paragraphs: [
          'आम्ही तुमची माहिती फक्त तुमच्या ऑर्डर प्रक्रिया करून पोहोचवण्यासाठी, पासवर्ड रीसेटसाठी एक-वेळचे कोड पाठवण्यासाठी आणि तुमच्या प्रश्नांची उत्तरे देण्यासाठी वापरतो. आम्ही तुमचा डेटा कधीही विकत नाही.',
        ],
      },
      {
        heading: 'पेमेंट',
        paragraphs: ['पेमेंट आमचा पेमेंट भागीदार हाताळतो. आम्ही तुमचे कार्ड किंवा बँक तपशील कधीही पाहत नाही किंवा साठवत नाही.'],
      },
      {
        heading: 'तुमच्या ब्राउझरमध्ये साठवलेला डेटा',
        paragraphs: [
          'तुमचा ब्राउझर तुमचे लॉगिन सत्र 8 तासांपर्यंत ठेवतो आणि तुमची भाषेची निवड लक्षात ठेवतो. आम्ही कोणत्याही जाहिरात किंवा ट्रॅकिंग कुकीज वापरत नाही.',
        ],
      },
      {
        heading: 'मुले',
        paragraphs: [
          'आमच्या सेवा 18 वर्षे किंवा त्याहून अधिक वयाच्या लोकांसाठी आहेत, किंवा पालक किंवा संरक्षकाच्या संमतीने वापरणाऱ्यांसाठी.',
        ],
      },
      {
        heading: 'तुमचे पर्याय',
        paragraphs: [
          'तुम्ही कधीही तुमच्या डॅशबोर्डवरून तुमचा पत्ता अद्ययावत करू शकता, आणि आमच्याशी संपर्क साधून तुमचा वैयक्तिक डेटा दुरुस्त करण्यास किंवा हटवण्यास सांगू शकता.',
        ],
      },
    ],
  },
  notFound: {
    title: 'पृष्ठ सापडले नाही',
    text: 'तुम्ही शोधत असलेले पृष्ठ अस्तित्वात नाही किंवा हलवले गेले आहे.',
    home: 'मुख्यपृष्ठावर परत जा',
    products: 'उत्पादने पहा',
  },
};

const gu: Shape<typeof en> = {
  lastUpdated: 'છેલ્લે અપડેટ: 24 ઓગસ્ટ, 2025',
  contactSupport: 'સહાયનો સંપર્ક કરો',
  contactUs: 'સંપર્ક કરો',
  questions: 'આ નીતિ વિશે પ્રશ્નો? અમારી ટીમ મદદ માટે તૈયાર છે.',
  refunds: {
    title: 'રદ્દીકરણ અને રિફંડ',
    metaDescription: 'કેશ આયુર્વેદમાં ઓર્ડર કેવી રીતે રદ કરવો, ફી ક્યારે લાગે છે અને રિફંડ કેવી રીતે અને ક્યારે મળે છે.',
    sections: [
      {
        heading: 'ઓર્ડર રદ કરવો',
        paragraphs: [
          'ઓર્ડર આપ્યાના 24 કલાકની અંદર તમે તેને કોઈ ફી વિના રદ કરી શકો છો.',
          '24 કલાક પછી, અને જ્યાં સુધી ઓર્ડર મોકલાયો ન હોય, ઓર્ડર મૂલ્યના 10% રદ્દીકરણ ફી લાગી શકે છે.',
          'જે ઓર્ડર મોકલાઈ ગયા છે તે રદ કરી શકાતા નથી.',
        ],
      },
      {
        heading: 'રિફંડ',
        paragraphs: [
          'મંજૂર રિફંડ મંજૂરી પછી 5-7 કામકાજના દિવસોમાં તમારી મૂળ ચુકવણી પદ્ધતિમાં જમા થાય છે.',
          'શિપિંગ ચાર્જ પરત કરવામાં આવતો નથી, સિવાય કે ભૂલ અમારી હોય, જેમ કે નુકસાન પામેલું, ખામીયુક્ત અથવા ખોટું ઉત્પાદન.',
        ],
      },
      {
        heading: 'જે વસ્તુઓ પર રિફંડ ન મળી શકે',
        paragraphs: ['વ્યક્તિગત અથવા જલદી બગડી જાય તેવી વસ્તુઓ ડિલિવરી પછી રિફંડ માટે પાત્ર ન હોઈ શકે.'],
      },
      {
        heading: 'રદ્દીકરણ અથવા રિફંડની વિનંતી કેવી રીતે કરવી',
        paragraphs: [
          'તમારા ઓર્ડર આઈડી અને વિનંતીના કારણ સાથે અમને ફોન અથવા ઇમેઇલ કરો. અમે એક કામકાજના દિવસમાં આગળનાં પગલાંની પુષ્ટિ કરીશું.',
        ],
      },
    ],
  },
  terms: {
    title: 'નિયમો અને શરતો',
    metaDescription: 'કેશ આયુર્વેદ પાસેથી ખરીદીની શરતો: પાત્રતા, કિંમતો અને કર, ઓર્ડર, રદ્દીકરણ અને અમારી વેબસાઇટનો ઉપયોગ.',
    sections: [
      {
        heading: 'આ વેબસાઇટનો ઉપયોગ',
        paragraphs: ['આ વેબસાઇટ જોઈને અથવા ઓર્ડર આપીને તમે આ શરતો સાથે સંમત થાઓ છો. ખરીદી પહેલાં કૃપા કરીને તેને ધ્યાનથી વાંચો.'],
      },
      {
        heading: 'કોણ ખરીદી શકે',
        paragraphs: ['તમારી ઉંમર ઓછામાં ઓછી 18 વર્ષ હોવી જોઈએ, અથવા તમે માતા-પિતા કે વાલીની સંમતિથી આ વેબસાઇટનો ઉપયોગ કરો.'],
      },
      {
        heading: 'કિંમતો અને ચુકવણી',
        paragraphs: [
          'બધી કિંમતો ભારતીય રૂપિયા (INR) માં છે અને અન્યથા જણાવ્યું ન હોય તો લાગુ કર સહિત છે.',
          'ચુકવણી અમારા પેમેન્ટ ભાગીદાર દ્વારા સુરક્ષિત રીતે પ્રક્રિયા થાય છે. ચુકવણી ચકાસાયા પછી જ ઓર્ડરની પુષ્ટિ થાય છે.',
        ],
      },
      {
        heading: 'રદ્દીકરણ અને રિફંડ',
        paragraphs: [
          'ઓર્ડર 24 કલાકની અંદર કોઈ ફી વિના રદ કરી શકાય છે. 24 કલાક પછી અને શિપિંગ પહેલાં 10% રદ્દીકરણ ફી લાગી શકે છે; મોકલાયેલા ઓર્ડર રદ થઈ શકતા નથી. રિફંડ મંજૂરી પછી 5-7 કામકાજના દિવસોમાં તમારી મૂળ ચુકવણી પદ્ધતિમાં પહોંચે છે. વિગતો માટે અમારી રદ્દીકરણ અને રિફંડ નીતિ જુઓ.',
        ],
      },
      {
        heading: 'અમારાં ઉત્પાદનો',
        paragraphs: [
          'આયુર્વેદિક ઉત્પાદનો ધીમે ધીમે અસર કરે છે અને પરિણામ વ્યક્તિએ વ્યક્તિએ અલગ હોય છે. પહેલી વાર ઉપયોગ પહેલાં ઘટકો વાંચો અને પેચ ટેસ્ટ કરો. અમારાં ઉત્પાદનો તબીબી સલાહનો વિકલ્પ નથી.',
        ],
      },
      {
        heading: 'સામગ્રી અને લાગુ કાયદો',
        paragraphs: [
          'આ વેબસાઇટ પરના તમામ લખાણ, ચિત્રો અને લોગો કેશ આયુર્વેદના છે અને પરવાનગી વિના નકલ કરી શકાતા નથી. આ શરતો ભારતના કાયદા હેઠળ છે; રાજકોટ, ગુજરાતની અદાલતોનું અધિકારક્ષેત્ર છે.',
        ],
      },
    ],
  },
  privacy: {
    title: 'ગોપનીયતા નીતિ',
    metaDescription: 'કેશ આયુર્વેદ કયો વ્યક્તિગત ડેટા એકત્ર કરે છે, શા માટે, તેનું રક્ષણ કેવી રીતે થાય છે અને તમારા વિકલ્પો શું છે.',
    sections: [
      {
        heading: 'અમે શું એકત્ર કરીએ છીએ',
        paragraphs: [
          'જ્યારે તમે ખાતું બનાવો છો અથવા ઓર્ડર આપો છો ત્યારે અમે તમારું નામ, ઇમેઇલ સરનામું, ફોન નંબર અને ડિલિવરી સરનામું એકત્ર કરીએ છીએ. જ્યારે તમે અમને લખો છો ત્યારે અમે તમારો સંદેશ રાખીએ છીએ.',
        ],
      },
      {
        heading: 'અમે તેનો ઉપયોગ કેવી રીતે કરીએ છીએ',
        paragraphs: [
          'અમે તમારી વિગતોનો ઉપયોગ ફક્ત તમારા ઓર્ડરની પ્રક્રિયા અને ડિલિવરી, પાસવર્ડ રીસેટ માટે એક વખતના કોડ મોકલવા અને તમારા પ્રશ્નોના જવાબ આપવા માટે કરીએ છીએ. અમે તમારો ડેટા ક્યારેય વેચતા નથી.',
        ],
      },
      {
        heading: 'ચુકવણી',
        paragraphs: [
          'ચુકવણી અમારા પેમેન્ટ ભાગીદાર દ્વારા સંભાળવામાં આવે છે. અમે તમારા કાર્ડ અથવા બેંકની વિગતો ક્યારેય જોતા કે સંગ્રહતા નથી.',
        ],
      },
      {
        heading: 'તમારા બ્રાઉઝરમાં સંગ્રહિત ડેટા',
        paragraphs: [
          'તમારું બ્રાઉઝર તમારું લૉગિન સત્ર 8 કલાક સુધી રાખે છે અને તમારી ભાષાની પસંદગી યાદ રાખે છે. અમે કોઈ જાહેરાત કે ટ્રેકિંગ કૂકીઝનો ઉપયોગ કરતા નથી.',
        ],
      },
      {
        heading: 'બાળકો',
        paragraphs: ['અમારી સેવાઓ 18 વર્ષ કે તેથી વધુ ઉંમરના લોકો માટે છે, અથવા માતા-પિતા કે વાલીની સંમતિથી ઉપયોગ કરનારાઓ માટે.'],
      },
      {
        heading: 'તમારા વિકલ્પો',
        paragraphs: [
          'તમે કોઈપણ સમયે તમારા ડેશબોર્ડ પરથી તમારું સરનામું અપડેટ કરી શકો છો, અને અમારો સંપર્ક કરીને તમારો વ્યક્તિગત ડેટા સુધારવા અથવા કાઢી નાખવા કહી શકો છો.',
        ],
      },
    ],
  },
  notFound: {
    title: 'પાનું મળ્યું નહીં',
    text: 'તમે જે પાનું શોધી રહ્યા છો તે અસ્તિત્વમાં નથી અથવા ખસેડવામાં આવ્યું છે.',
    home: 'હોમ પર પાછા જાઓ',
    products: 'ઉત્પાદનો જુઓ',
  },
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
