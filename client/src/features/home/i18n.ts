import type { Catalogue } from '../../i18n';
import type { Shape } from '../../i18n/common';

const en = {
  metaTitle: 'Natural Ayurvedic Hair Care',
  metaDescription:
    'Kesh Ayurveda makes natural Ayurvedic hair oils, shampoos and hair packs in Rajkot, Gujarat. Pure herbs, time-tested recipes, delivered across India.',
  pageHeading: 'Kesh Ayurveda: natural Ayurvedic hair care',
  hero: {
    label: 'Featured launches',
    badge: 'New Launch',
    chips: ['Natural Ingredients', 'Ayurvedic Formula', 'Eco-Friendly'],
    viewProduct: 'View Product',
    previous: 'Previous slide',
    next: 'Next slide',
    goTo: 'Go to slide {{n}}',
    slideOf: 'Slide {{n}} of {{total}}',
    empty: 'No sliders available',
    fallbackTitle: 'Rooted in Ayurveda, made for your hair',
    fallbackText: 'Handcrafted herbal hair care from Rajkot, Gujarat.',
  },
  featured: {
    eyebrow: 'Handcrafted in small batches',
    heading: 'Our Products',
    lead: 'Our most-loved formulas, slow-cooked with fresh herbs the traditional way.',
    viewAll: 'View All Products',
  },
  about: {
    eyebrow: 'Our Story',
    heading: 'About Us',
    text1:
      'For over two decades our family has prepared hair oils the way our grandmothers did: fresh Bhringraj, Amla and Brahmi, slowly cooked in pure oils over a low flame.',
    text2:
      'Today we bring that same care to homes across India, with no parabens, no mineral oil and no shortcuts. Just honest Ayurveda for stronger, healthier hair.',
    discover: 'Discover Our Story',
    imageAlt: 'A bottle of herbal hair oil among fresh green leaves',
    yearsBadge: '25+ years of Ayurvedic tradition',
  },
  why: {
    eyebrow: 'The Kesh Ayurveda promise',
    heading: 'Why Choose Us',
    points: [
      {
        title: 'Pure Ayurvedic Formulas',
        text: 'Classical recipes with whole herbs and cold-pressed oils. Nothing synthetic, nothing hidden.',
      },
      {
        title: 'Trusted Herbal Expertise',
        text: 'Prepared under the guidance of experienced Ayurvedic practitioners in our Rajkot facility.',
      },
      {
        title: 'Customer Satisfaction',
        text: 'Thousands of happy customers and friendly support whenever you have a question.',
      },
    ],
    callLead: 'Not sure which product suits your hair? Talk to our experts.',
    callNow: 'Call Now',
  },
  gallery: {
    eyebrow: 'Gallery',
    heading: 'From Our Herbal Garden',
    lead: 'The herbs and hands behind every bottle.',
    items: ['Fresh Amla berries', 'Hibiscus flowers', 'Neem leaves', 'Slow-cooked herbal oil', 'Herbs ground by hand'],
    viewGallery: 'View Gallery',
  },
  testimonials: {
    eyebrow: 'Testimonials',
    heading: 'What Our Customers Say',
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    goTo: 'Show testimonial {{n}}',
    rating: 'Rated 5 out of 5',
    texts: [
      'My hair fall reduced noticeably within a month. The oil smells of real herbs, not perfume.',
      'The shampoo is gentle and my scalp no longer feels dry. I have recommended it to my whole family.',
      'I tried many brands for dandruff; the neem hair pack is the only thing that worked for me.',
      'Beautiful packaging, fast delivery to Pune, and the oil is exactly like my grandmother used to make.',
      'After my pregnancy I lost a lot of hair. Regular massage with this oil helped it grow back thicker.',
      'Light, non-sticky and absorbs well. My hair is softer and shinier after every wash.',
      'Customer support helped me choose the right product for my dry hair. Very happy with the results.',
      'Natural ingredients at a fair price. I have been ordering every month for a year now.',
    ],
  },
};

const hi: Shape<typeof en> = {
  metaTitle: 'प्राकृतिक आयुर्वेदिक केश देखभाल',
  metaDescription:
    'केश आयुर्वेद राजकोट, गुजरात में प्राकृतिक आयुर्वेदिक हेयर ऑयल, शैम्पू और हेयर पैक बनाता है। शुद्ध जड़ी-बूटियाँ, समय-सिद्ध नुस्खे, पूरे भारत में डिलीवरी।',
  pageHeading: 'केश आयुर्वेद: प्राकृतिक आयुर्वेदिक केश देखभाल',
  hero: {
    label: 'नए उत्पाद',
    badge: 'नया लॉन्च',
    chips: ['प्राकृतिक सामग्री', 'आयुर्वेदिक फ़ॉर्मूला', 'पर्यावरण के अनुकूल'],
    viewProduct: 'उत्पाद देखें',
    previous: 'पिछली स्लाइड',
    next: 'अगली स्लाइड',
    goTo: 'स्लाइड {{n}} पर जाएँ',
    slideOf: 'स्लाइड {{n}} / {{total}}',
    empty: 'कोई स्लाइडर उपलब्ध नहीं है',
    fallbackTitle: 'आयुर्वेद में निहित, आपके बालों के लिए बना',
    fallbackText: 'राजकोट, गुजरात से हाथ से बनी हर्बल केश देखभाल।',
  },
  featured: {
    eyebrow: 'छोटे बैच में हाथ से बना',
    heading: 'हमारे उत्पाद',
    lead: 'हमारे सबसे पसंदीदा फ़ॉर्मूले, पारंपरिक तरीके से ताज़ी जड़ी-बूटियों के साथ धीमी आँच पर पकाए गए।',
    viewAll: 'सभी उत्पाद देखें',
  },
  about: {
    eyebrow: 'हमारी कहानी',
    heading: 'हमारे बारे में',
    text1:
      'दो दशकों से अधिक समय से हमारा परिवार वैसे ही तेल बनाता है जैसे हमारी दादी बनाती थीं: ताज़ा भृंगराज, आँवला और ब्राह्मी, शुद्ध तेलों में धीमी आँच पर पकाए हुए।',
    text2:
      'आज हम वही देखभाल पूरे भारत के घरों तक पहुँचाते हैं, बिना पैराबेन, बिना मिनरल ऑयल और बिना किसी शॉर्टकट के। मज़बूत, स्वस्थ बालों के लिए सच्चा आयुर्वेद।',
    discover: 'हमारी कहानी जानें',
    imageAlt: 'ताज़ी हरी पत्तियों के बीच हर्बल हेयर ऑयल की बोतल',
    yearsBadge: 'आयुर्वेदिक परंपरा के 25+ वर्ष',
  },
  why: {
    eyebrow: 'केश आयुर्वेद का वादा',
    heading: 'हमें क्यों चुनें',
    points: [
      {
        title: 'शुद्ध आयुर्वेदिक फ़ॉर्मूले',
        text: 'पूरी जड़ी-बूटियों और कोल्ड-प्रेस्ड तेलों वाले शास्त्रीय नुस्खे। कुछ भी कृत्रिम नहीं, कुछ भी छिपा नहीं।',
      },
      { title: 'विश्वसनीय हर्बल विशेषज्ञता', text: 'हमारे राजकोट केंद्र में अनुभवी आयुर्वेदिक वैद्यों के मार्गदर्शन में तैयार।' },
      { title: 'ग्राहक संतुष्टि', text: 'हज़ारों संतुष्ट ग्राहक और आपके हर सवाल के लिए मददगार सहायता।' },
    ],
    callLead: 'कौन-सा उत्पाद आपके बालों के लिए सही है, यह तय नहीं कर पा रहे? हमारे विशेषज्ञों से बात करें।',
    callNow: 'अभी कॉल करें',
  },
  gallery: {
    eyebrow: 'गैलरी',
    heading: 'हमारे हर्बल बगीचे से',
    lead: 'हर बोतल के पीछे की जड़ी-बूटियाँ और हाथ।',
    items: ['ताज़ा आँवला', 'गुड़हल के फूल', 'नीम की पत्तियाँ', 'धीमी आँच पर पका हर्बल तेल', 'हाथ से पीसी जड़ी-बूटियाँ'],
    viewGallery: 'गैलरी देखें',
  },
  testimonials: {
    eyebrow: 'प्रशंसापत्र',
    heading: 'हमारे ग्राहक क्या कहते हैं',
    previous: 'पिछला प्रशंसापत्र',
    next: 'अगला प्रशंसापत्र',
    goTo: 'प्रशंसापत्र {{n}} दिखाएँ',
    rating: '5 में से 5 रेटिंग',
    texts: [
      'एक महीने में ही मेरे बालों का झड़ना काफ़ी कम हो गया। तेल में असली जड़ी-बूटियों की खुशबू है, परफ़्यूम की नहीं।',
      'शैम्पू बहुत सौम्य है और अब मेरा स्कैल्प रूखा नहीं लगता। मैंने पूरे परिवार को इसकी सलाह दी है।',
      'रूसी के लिए कई ब्रांड आज़माए; नीम हेयर पैक ही एकमात्र चीज़ है जिसने काम किया।',
      'सुंदर पैकेजिंग, पुणे तक तेज़ डिलीवरी, और तेल बिल्कुल वैसा जैसा मेरी दादी बनाती थीं।',
      'गर्भावस्था के बाद मेरे बहुत बाल झड़ गए थे। इस तेल की नियमित मालिश से वे फिर से घने हो गए।',
      'हल्का, चिपचिपा नहीं और आसानी से सोख लेता है। हर धुलाई के बाद बाल ज़्यादा मुलायम और चमकदार।',
      'ग्राहक सहायता ने मेरे रूखे बालों के लिए सही उत्पाद चुनने में मदद की। परिणामों से बहुत खुश हूँ।',
      'उचित कीमत पर प्राकृतिक सामग्री। मैं एक साल से हर महीने ऑर्डर कर रहा हूँ।',
    ],
  },
};

const mr: Shape<typeof en> = {
  metaTitle: 'नैसर्गिक आयुर्वेदिक केसांची निगा',
  metaDescription:
    'केश आयुर्वेद राजकोट, गुजरात येथे नैसर्गिक आयुर्वेदिक केसांचे तेल, शॅम्पू आणि हेअर पॅक तयार करते. शुद्ध वनस्पती, पारंपरिक पाककृती, संपूर्ण भारतात डिलिव्हरी.',
  pageHeading: 'केश आयुर्वेद: नैसर्गिक आयुर्वेदिक केसांची निगा',
  hero: {
    label: 'नवीन उत्पादने',
    badge: 'नवीन लॉन्च',
    chips: ['नैसर्गिक घटक', 'आयुर्वेदिक सूत्र', 'पर्यावरणपूरक'],
    viewProduct: 'उत्पादन पहा',
    previous: 'मागील स्लाइड',
    next: 'पुढील स्लाइड',
    goTo: 'स्लाइड {{n}} वर जा',
    slideOf: 'स्लाइड {{n}} / {{total}}',
    empty: 'कोणतेही स्लायडर उपलब्ध नाहीत',
    fallbackTitle: 'आयुर्वेदात रुजलेले, तुमच्या केसांसाठी बनवलेले',
    fallbackText: 'राजकोट, गुजरात येथून हाताने बनवलेली हर्बल केसांची निगा.',
  },
  featured: {
    eyebrow: 'लहान बॅचमध्ये हाताने बनवलेले',
    heading: 'आमची उत्पादने',
    lead: 'आमची सर्वात लोकप्रिय सूत्रे, पारंपरिक पद्धतीने ताज्या वनस्पतींसह मंद आचेवर शिजवलेली.',
    viewAll: 'सर्व उत्पादने पहा',
  },
  about: {
    eyebrow: 'आमची कथा',
    heading: 'आमच्याबद्दल',
    text1: 'दोन दशकांहून अधिक काळ आमचे कुटुंब आजीच्या पद्धतीने तेल बनवत आहे: ताजा माका, आवळा आणि ब्राह्मी, शुद्ध तेलात मंद आचेवर शिजवलेले.',
    text2:
      'आज आम्ही तीच काळजी संपूर्ण भारतातील घरांपर्यंत पोहोचवतो: पॅराबेन नाही, मिनरल ऑइल नाही, कोणताही शॉर्टकट नाही. मजबूत, निरोगी केसांसाठी प्रामाणिक आयुर्वेद.',
    discover: 'आमची कथा जाणून घ्या',
    imageAlt: 'ताज्या हिरव्या पानांमध्ये हर्बल केसांच्या तेलाची बाटली',
    yearsBadge: 'आयुर्वेदिक परंपरेची 25+ वर्षे',
  },
  why: {
    eyebrow: 'केश आयुर्वेदचे वचन',
    heading: 'आम्हालाच का निवडावे',
    points: [
      {
        title: 'शुद्ध आयुर्वेदिक सूत्रे',
        text: 'संपूर्ण वनस्पती आणि कोल्ड-प्रेस्ड तेलांसह शास्त्रीय पाककृती. काहीही कृत्रिम नाही, काहीही लपवलेले नाही.',
      },
      { title: 'विश्वासार्ह वनौषधी तज्ज्ञता', text: 'आमच्या राजकोट केंद्रात अनुभवी आयुर्वेदिक वैद्यांच्या मार्गदर्शनाखाली तयार.' },
      { title: 'ग्राहक समाधान', text: 'हजारो समाधानी ग्राहक आणि तुमच्या प्रत्येक प्रश्नासाठी तत्पर मदत.' },
    ],
    callLead: 'तुमच्या केसांसाठी कोणते उत्पादन योग्य आहे हे ठरत नाही? आमच्या तज्ज्ञांशी बोला.',
    callNow: 'आता कॉल करा',
  },
  gallery: {
    eyebrow: 'गॅलरी',
    heading: 'आमच्या वनौषधी बागेतून',
    lead: 'प्रत्येक बाटलीमागील वनस्पती आणि हात.',
    items: ['ताजे आवळे', 'जास्वंदीची फुले', 'कडुनिंबाची पाने', 'मंद आचेवर शिजवलेले हर्बल तेल', 'हाताने कुटलेल्या वनस्पती'],
    viewGallery: 'गॅलरी पहा',
  },
  testimonials: {
    eyebrow: 'अभिप्राय',
    heading: 'आमचे ग्राहक काय म्हणतात',
    previous: 'मागील अभिप्राय',
    next: 'पुढील अभिप्राय',
    goTo: 'अभिप्राय {{n}} दाखवा',
    rating: '5 पैकी 5 रेटिंग',
    texts: [
      'एका महिन्यातच माझे केस गळणे लक्षणीयरीत्या कमी झाले. तेलाला खऱ्या वनस्पतींचा सुगंध आहे, परफ्यूमचा नाही.',
      'शॅम्पू सौम्य आहे आणि आता माझी टाळू कोरडी वाटत नाही. मी संपूर्ण कुटुंबाला याची शिफारस केली आहे.',
      'कोंड्यासाठी अनेक ब्रँड वापरले; कडुनिंब हेअर पॅक हाच एकमेव उपाय ठरला.',
      'सुंदर पॅकेजिंग, पुण्याला जलद डिलिव्हरी, आणि तेल अगदी माझी आजी बनवायची तसेच.',
      'बाळंतपणानंतर माझे खूप केस गळले. या तेलाच्या नियमित मालिशीने ते पुन्हा दाट झाले.',
      'हलके, चिकट नाही आणि चांगले शोषले जाते. प्रत्येक धुण्यानंतर केस अधिक मऊ आणि चमकदार.',
      'ग्राहक सहाय्याने माझ्या कोरड्या केसांसाठी योग्य उत्पादन निवडण्यास मदत केली. परिणामांनी खूप आनंदी आहे.',
      'योग्य किमतीत नैसर्गिक घटक. मी वर्षभरापासून दर महिन्याला ऑर्डर करत आहे.',
    ],
  },
};

const gu: Shape<typeof en> = {
  metaTitle: 'કુદરતી આયુર્વેદિક વાળની સંભાળ',
  metaDescription:
    'કેશ આયુર્વેદ રાજકોટ, ગુજરાતમાં કુદરતી આયુર્વેદિક હેર ઓઇલ, શેમ્પૂ અને હેર પેક બનાવે છે. શુદ્ધ જડીબુટ્ટીઓ, સમયસિદ્ધ નુસખા, સમગ્ર ભારતમાં ડિલિવરી.',
  pageHeading: 'કેશ આયુર્વેદ: કુદરતી આયુર્વેદિક વાળની સંભાળ',
  hero: {
    label: 'નવા ઉત્પાદનો',
    badge: 'નવું લોન્ચ',
    chips: ['કુદરતી ઘટકો', 'આયુર્વેદિક ફોર્મ્યુલા', 'પર્યાવરણને અનુકૂળ'],
    viewProduct: 'ઉત્પાદન જુઓ',
    previous: 'પાછલી સ્લાઇડ',
    next: 'આગલી સ્લાઇડ',
    goTo: 'સ્લાઇડ {{n}} પર જાઓ',
    slideOf: 'સ્લાઇડ {{n}} / {{total}}',
    empty: 'કોઈ સ્લાઇડર ઉપલબ્ધ નથી',
    fallbackTitle: 'આયુર્વેદમાં મૂળ, તમારા વાળ માટે બનેલું',
    fallbackText: 'રાજકોટ, ગુજરાતથી હાથે બનાવેલી હર્બલ વાળની સંભાળ.',
  },
  featured: {
    eyebrow: 'નાના જથ્થામાં હાથે બનાવેલું',
    heading: 'અમારા ઉત્પાદનો',
    lead: 'અમારા સૌથી પ્રિય ફોર્મ્યુલા, પરંપરાગત રીતે તાજી જડીબુટ્ટીઓ સાથે ધીમા તાપે પકવેલા.',
    viewAll: 'બધા ઉત્પાદનો જુઓ',
  },
  about: {
    eyebrow: 'અમારી વાર્તા',
    heading: 'અમારા વિશે',
    text1:
      'બે દાયકાથી વધુ સમયથી અમારો પરિવાર દાદીમાની રીતે તેલ બનાવે છે: તાજા ભૃંગરાજ, આમળા અને બ્રાહ્મી, શુદ્ધ તેલમાં ધીમા તાપે પકવેલા.',
    text2:
      'આજે અમે એ જ કાળજી સમગ્ર ભારતના ઘરો સુધી પહોંચાડીએ છીએ: પેરાબેન નહીં, મિનરલ ઓઇલ નહીં, કોઈ શોર્ટકટ નહીં. મજબૂત, સ્વસ્થ વાળ માટે પ્રામાણિક આયુર્વેદ.',
    discover: 'અમારી વાર્તા જાણો',
    imageAlt: 'તાજાં લીલાં પાંદડાં વચ્ચે હર્બલ હેર ઓઇલની બોટલ',
    yearsBadge: 'આયુર્વેદિક પરંપરાના 25+ વર્ષ',
  },
  why: {
    eyebrow: 'કેશ આયુર્વેદનું વચન',
    heading: 'અમને શા માટે પસંદ કરો',
    points: [
      {
        title: 'શુદ્ધ આયુર્વેદિક ફોર્મ્યુલા',
        text: 'આખી જડીબુટ્ટીઓ અને કોલ્ડ-પ્રેસ્ડ તેલ સાથેના શાસ્ત્રીય નુસખા. કંઈ કૃત્રિમ નહીં, કંઈ છુપાવેલું નહીં.',
      },
      { title: 'વિશ્વસનીય હર્બલ નિપુણતા', text: 'અમારા રાજકોટ કેન્દ્રમાં અનુભવી આયુર્વેદિક વૈદ્યોના માર્ગદર્શન હેઠળ તૈયાર.' },
      { title: 'ગ્રાહક સંતોષ', text: 'હજારો સંતુષ્ટ ગ્રાહકો અને તમારા દરેક પ્રશ્ન માટે મદદરૂપ સહાય.' },
    ],
    callLead: 'તમારા વાળ માટે કયું ઉત્પાદન યોગ્ય છે તે નક્કી નથી થતું? અમારા નિષ્ણાતો સાથે વાત કરો.',
    callNow: 'હમણાં કૉલ કરો',
  },
  gallery: {
    eyebrow: 'ગેલેરી',
    heading: 'અમારા હર્બલ બગીચામાંથી',
    lead: 'દરેક બોટલ પાછળની જડીબુટ્ટીઓ અને હાથ.',
    items: ['તાજાં આમળાં', 'જાસૂદનાં ફૂલ', 'લીમડાનાં પાન', 'ધીમા તાપે પકવેલું હર્બલ તેલ', 'હાથે ખાંડેલી જડીબુટ્ટીઓ'],
    viewGallery: 'ગેલેરી જુઓ',
  },
  testimonials: {
    eyebrow: 'પ્રતિભાવ',
    heading: 'અમારા ગ્રાહકો શું કહે છે',
    previous: 'પાછલો પ્રતિભાવ',
    next: 'આગલો પ્રતિભાવ',
    goTo: 'પ્રતિભાવ {{n}} બતાવો',
    rating: '5 માંથી 5 રેટિંગ',
    texts: [
      'એક મહિનામાં જ મારા વાળ ખરવાનું નોંધપાત્ર રીતે ઘટી ગયું. તેલમાં સાચી જડીબુટ્ટીઓની સુગંધ છે, પરફ્યુમની નહીં.',
      'શેમ્પૂ હળવું છે અને હવે મારી માથાની ચામડી સૂકી નથી લાગતી. મેં આખા પરિવારને તેની ભલામણ કરી છે.',
      'ખોડા માટે ઘણી બ્રાન્ડ અજમાવી; લીમડાનો હેર પેક જ એકમાત્ર ઉપાય નીવડ્યો.',
      'સુંદર પેકેજિંગ, પુણે સુધી ઝડપી ડિલિવરી, અને તેલ બિલકુલ મારી દાદી બનાવતાં એવું જ.',
      'પ્રસૂતિ પછી મારા ઘણા વાળ ખરી ગયા હતા. આ તેલની નિયમિત માલિશથી તે ફરી ઘટ્ટ થયા.',
      'હળવું, ચીકણું નહીં અને સરળતાથી શોષાઈ જાય છે. દરેક ધોવા પછી વાળ વધુ નરમ અને ચમકદાર.',
      'ગ્રાહક સહાયે મારા સૂકા વાળ માટે યોગ્ય ઉત્પાદન પસંદ કરવામાં મદદ કરી. પરિણામથી ખૂબ ખુશ છું.',
      'યોગ્ય કિંમતે કુદરતી ઘટકો. હું એક વર્ષથી દર મહિને ઓર્ડર કરું છું.',
    ],
  },
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
