import type { Catalogue } from '../../i18n';
import type { Shape } from '../../i18n/common';

const en = {
  title: 'Company Profile',
  subtitle: 'Three generations of Ayurvedic hair care from Rajkot, Gujarat.',
  metaDescription:
    'Who we are: our mission, vision and values, how we make our Ayurvedic hair care in Rajkot, and the certifications behind it.',
  intro: {
    eyebrow: 'Who we are',
    heading: 'Ayurveda, made the slow way',
    text1:
      'Kesh Ayurveda began in a family kitchen in Rajkot, where herbal hair oil was cooked for days in brass vessels and shared with neighbours. That recipe became our first product.',
    text2:
      'Today our small team of pharmacists, herbalists and craftspeople still follows the classical methods of Ayurveda, sourcing herbs from farmers in Gujarat and Maharashtra and preparing every batch by hand.',
  },
  mission: {
    title: 'Our Mission',
    text: 'To make honest, effective Ayurvedic hair care available to every home in India, at a fair price.',
  },
  vision: {
    title: 'Our Vision',
    text: 'A world where people trust nature first for healthy hair, and where traditional knowledge is valued and preserved.',
  },
  valuesTitle: 'Our Values',
  values: [
    { title: 'Purity', text: 'Whole herbs and natural oils, with no parabens, sulphates or mineral oil.' },
    { title: 'Tradition', text: 'Recipes from classical Ayurvedic texts, prepared the way they were written.' },
    { title: 'Fairness', text: 'Fair prices for our farmers and for our customers.' },
    { title: 'Care', text: 'Every question answered by a real person who knows our products.' },
  ],
  counters: {
    heading: 'Our Achievements',
    customers: 'Happy Customers',
    products: 'Products',
    reviews: 'Positive Reviews',
    years: 'Years of Experience',
  },
  unique: {
    heading: 'What Makes Us Unique',
    points: [
      { title: 'Slow-cooked oils', text: 'Our oils simmer for up to 48 hours (taila paka) so the herbs fully infuse.' },
      { title: 'Fresh, traceable herbs', text: 'We buy directly from farmers and know where every leaf comes from.' },
      { title: 'Small batches', text: 'Made in small quantities so every bottle you receive is fresh.' },
      {
        title: 'Expert guidance',
        text: 'Our Ayurvedic practitioners help you choose the right routine for your hair.',
      },
    ],
  },
  certifications: {
    heading: 'Certifications',
    items: [
      'AYUSH licensed manufacturing',
      'GMP certified facility',
      'ISO 9001:2015 quality management',
      'Not tested on animals',
    ],
  },
  cta: {
    heading: 'Ready to begin your hair-care journey?',
    text: 'Explore our range or talk to us about what your hair needs.',
    products: 'Explore Products',
    contact: 'Contact Us',
  },
};

const hi: Shape<typeof en> = {
  title: 'कंपनी प्रोफ़ाइल',
  subtitle: 'राजकोट, गुजरात से तीन पीढ़ियों की आयुर्वेदिक केश देखभाल।',
  metaDescription: 'हम कौन हैं: हमारा मिशन, दृष्टि और मूल्य, राजकोट में हम आयुर्वेदिक केश देखभाल कैसे बनाते हैं, और इसके पीछे के प्रमाणपत्र।',
  intro: {
    eyebrow: 'हम कौन हैं',
    heading: 'आयुर्वेद, धैर्य से बना',
    text1:
      'केश आयुर्वेद की शुरुआत राजकोट की एक पारिवारिक रसोई में हुई, जहाँ हर्बल तेल पीतल के बर्तनों में कई दिनों तक पकाया जाता था और पड़ोसियों के साथ बाँटा जाता था। वही नुस्खा हमारा पहला उत्पाद बना।',
    text2:
      'आज हमारी फ़ार्मासिस्टों, जड़ी-बूटी विशेषज्ञों और कारीगरों की छोटी टीम अब भी आयुर्वेद की शास्त्रीय विधियों का पालन करती है, गुजरात और महाराष्ट्र के किसानों से जड़ी-बूटियाँ लेती है और हर बैच हाथ से तैयार करती है।',
  },
  mission: { title: 'हमारा मिशन', text: 'भारत के हर घर तक ईमानदार, प्रभावी आयुर्वेदिक केश देखभाल उचित कीमत पर पहुँचाना।' },
  vision: {
    title: 'हमारी दृष्टि',
    text: 'एक ऐसी दुनिया जहाँ लोग स्वस्थ बालों के लिए सबसे पहले प्रकृति पर भरोसा करें, और पारंपरिक ज्ञान का सम्मान और संरक्षण हो।',
  },
  valuesTitle: 'हमारे मूल्य',
  values: [
    { title: 'शुद्धता', text: 'पूरी जड़ी-बूटियाँ और प्राकृतिक तेल, बिना पैराबेन, सल्फेट या मिनरल ऑयल के।' },
    { title: 'परंपरा', text: 'शास्त्रीय आयुर्वेदिक ग्रंथों के नुस्खे, ठीक वैसे ही तैयार जैसे लिखे गए।' },
    { title: 'निष्पक्षता', text: 'हमारे किसानों और ग्राहकों दोनों के लिए उचित दाम।' },
    { title: 'देखभाल', text: 'हर सवाल का जवाब एक असली व्यक्ति देता है जो हमारे उत्पादों को जानता है।' },
  ],
  counters: {
    heading: 'हमारी उपलब्धियाँ',
    customers: 'संतुष्ट ग्राहक',
    products: 'उत्पाद',
    reviews: 'सकारात्मक समीक्षाएँ',
    years: 'वर्षों का अनुभव',
  },
  unique: {
    heading: 'हमें क्या खास बनाता है',
    points: [
      { title: 'धीमी आँच पर पके तेल', text: 'हमारे तेल 48 घंटे तक (तैल पाक) पकते हैं ताकि जड़ी-बूटियाँ पूरी तरह घुल जाएँ।' },
      { title: 'ताज़ी, पता लगाने योग्य जड़ी-बूटियाँ', text: 'हम सीधे किसानों से खरीदते हैं और जानते हैं कि हर पत्ता कहाँ से आता है।' },
      { title: 'छोटे बैच', text: 'कम मात्रा में बनाया जाता है ताकि आपको मिलने वाली हर बोतल ताज़ा हो।' },
      { title: 'विशेषज्ञ मार्गदर्शन', text: 'हमारे आयुर्वेदिक वैद्य आपके बालों के लिए सही दिनचर्या चुनने में मदद करते हैं।' },
    ],
  },
  certifications: {
    heading: 'प्रमाणपत्र',
    items: ['आयुष लाइसेंस प्राप्त निर्माण', 'GMP प्रमाणित केंद्र', 'ISO 9001:2015 गुणवत्ता प्रबंधन', 'जानवरों पर परीक्षण नहीं'],
  },
  cta: {
    heading: 'अपनी केश देखभाल यात्रा शुरू करने के लिए तैयार हैं?',
    text: 'हमारे उत्पाद देखें या अपने बालों की ज़रूरतों के बारे में हमसे बात करें।',
    products: 'उत्पाद देखें',
    contact: 'संपर्क करें',
  },
};

const mr: Shape<typeof en> = {
  title: 'कंपनी प्रोफाइल',
  subtitle: 'राजकोट, गुजरात येथून तीन पिढ्यांची आयुर्वेदिक केसांची निगा.',
  metaDescription:
    'आम्ही कोण आहोत: आमचे ध्येय, दृष्टी आणि मूल्ये, राजकोटमध्ये आम्ही आयुर्वेदिक केसांची निगा कशी बनवतो आणि त्यामागील प्रमाणपत्रे.',
  intro: {
    eyebrow: 'आम्ही कोण आहोत',
    heading: 'आयुर्वेद, संयमाने बनवलेले',
    text1:
      'केश आयुर्वेदची सुरुवात राजकोटमधील एका घरगुती स्वयंपाकघरात झाली, जिथे हर्बल तेल पितळेच्या भांड्यांमध्ये अनेक दिवस शिजवले जायचे आणि शेजाऱ्यांसोबत वाटले जायचे. तीच पाककृती आमचे पहिले उत्पादन बनली.',
    text2:
      'आज फार्मासिस्ट, वनौषधी तज्ज्ञ आणि कारागिरांची आमची छोटी टीम अजूनही आयुर्वेदाच्या शास्त्रीय पद्धतींचे पालन करते, गुजरात व महाराष्ट्रातील शेतकऱ्यांकडून वनस्पती घेते आणि प्रत्येक बॅच हाताने तयार करते.',
  },
  mission: {
    title: 'आमचे ध्येय',
    text: 'भारतातील प्रत्येक घरापर्यंत प्रामाणिक, परिणामकारक आयुर्वेदिक केसांची निगा योग्य किमतीत पोहोचवणे.',
  },
  vision: {
    title: 'आमची दृष्टी',
    text: 'असे जग जिथे लोक निरोगी केसांसाठी प्रथम निसर्गावर विश्वास ठेवतात आणि पारंपरिक ज्ञानाचा आदर व जतन होते.',
  },
  valuesTitle: 'आमची मूल्ये',
  values: [
    { title: 'शुद्धता', text: 'संपूर्ण वनस्पती आणि नैसर्गिक तेले, पॅराबेन, सल्फेट किंवा मिनरल ऑइलशिवाय.' },
    { title: 'परंपरा', text: 'शास्त्रीय आयुर्वेदिक ग्रंथांतील पाककृती, जशा लिहिल्या तशाच तयार.' },
    { title: 'न्याय्यता', text: 'आमच्या शेतकऱ्यांसाठी आणि ग्राहकांसाठी योग्य किंमत.' },
    { title: 'काळजी', text: 'प्रत्येक प्रश्नाचे उत्तर आमची उत्पादने जाणणारी खरी व्यक्ती देते.' },
  ],
  counters: {
    heading: 'आमची कामगिरी',
    customers: 'समाधानी ग्राहक',
    products: 'उत्पादने',
    reviews: 'सकारात्मक पुनरावलोकने',
    years: 'वर्षांचा अनुभव',
  },
  unique: {
    heading: 'आम्हाला वेगळे काय बनवते',
    points: [
      { title: 'मंद आचेवर शिजवलेली तेले', text: 'आमची तेले 48 तासांपर्यंत (तैल पाक) शिजतात जेणेकरून वनस्पतींचे गुण पूर्णपणे उतरतात.' },
      {
        title: 'ताज्या, मागोवा घेता येणाऱ्या वनस्पती',
        text: 'आम्ही थेट शेतकऱ्यांकडून खरेदी करतो आणि प्रत्येक पान कुठून येते ते आम्हाला माहीत असते.',
      },
      { title: 'लहान बॅच', text: 'कमी प्रमाणात बनवले जाते जेणेकरून तुम्हाला मिळणारी प्रत्येक बाटली ताजी असते.' },
      { title: 'तज्ज्ञ मार्गदर्शन', text: 'आमचे आयुर्वेदिक वैद्य तुमच्या केसांसाठी योग्य दिनचर्या निवडण्यास मदत करतात.' },
    ],
  },
  certifications: {
    heading: 'प्रमाणपत्रे',
    items: ['आयुष परवानाधारक उत्पादन', 'GMP प्रमाणित केंद्र', 'ISO 9001:2015 गुणवत्ता व्यवस्थापन', 'प्राण्यांवर चाचणी नाही'],
  },
  cta: {
    heading: 'तुमचा केसांच्या निगेचा प्रवास सुरू करण्यास तयार आहात?',
    text: 'आमची उत्पादने पहा किंवा तुमच्या केसांच्या गरजांबद्दल आमच्याशी बोला.',
    products: 'उत्पादने पहा',
    contact: 'संपर्क साधा',
  },
};

const gu: Shape<typeof en> = {
  title: 'કંપની પ્રોફાઇલ',
  subtitle: 'રાજકોટ, ગુજરાતથી ત્રણ પેઢીઓની આયુર્વેદિક વાળની સંભાળ.',
  metaDescription:
    'અમે કોણ છીએ: અમારું મિશન, દ્રષ્ટિ અને મૂલ્યો, રાજકોટમાં અમે આયુર્વેદિક વાળની સંભાળ કેવી રીતે બનાવીએ છીએ અને તેની પાછળના પ્રમાણપત્રો.',
  intro: {
    eyebrow: 'અમે કોણ છીએ',
    heading: 'આયુર્વેદ, ધીરજથી બનાવેલું',
    text1:
      'કેશ આયુર્વેદની શરૂઆત રાજકોટના એક પારિવારિક રસોડામાં થઈ, જ્યાં હર્બલ તેલ પિત્તળનાં વાસણોમાં દિવસો સુધી પકવાતું અને પડોશીઓ સાથે વહેંચાતું. એ જ નુસખો અમારું પ્રથમ ઉત્પાદન બન્યો.',
    text2:
      'આજે ફાર્માસિસ્ટ, વનસ્પતિ નિષ્ણાતો અને કારીગરોની અમારી નાની ટીમ હજી પણ આયુર્વેદની શાસ્ત્રીય પદ્ધતિઓને અનુસરે છે, ગુજરાત અને મહારાષ્ટ્રના ખેડૂતો પાસેથી જડીબુટ્ટીઓ મેળવે છે અને દરેક બેચ હાથે તૈયાર કરે છે.',
  },
  mission: { title: 'અમારું મિશન', text: 'ભારતના દરેક ઘર સુધી પ્રામાણિક, અસરકારક આયુર્વેદિક વાળની સંભાળ યોગ્ય કિંમતે પહોંચાડવી.' },
  vision: {
    title: 'અમારી દ્રષ્ટિ',
    text: 'એક એવી દુનિયા જ્યાં લોકો સ્વસ્થ વાળ માટે પહેલા કુદરત પર વિશ્વાસ કરે અને પરંપરાગત જ્ઞાનનું સન્માન અને જતન થાય.',
  },
  valuesTitle: 'અમારાં મૂલ્યો',
  values: [
    { title: 'શુદ્ધતા', text: 'આખી જડીબુટ્ટીઓ અને કુદરતી તેલ, પેરાબેન, સલ્ફેટ કે મિનરલ ઓઇલ વિના.' },
    { title: 'પરંપરા', text: 'શાસ્ત્રીય આયુર્વેદિક ગ્રંથોના નુસખા, જેમ લખાયા તેમ જ તૈયાર.' },
    { title: 'ન્યાયીપણું', text: 'અમારા ખેડૂતો અને ગ્રાહકો બંને માટે યોગ્ય કિંમત.' },
    { title: 'કાળજી', text: 'દરેક પ્રશ્નનો જવાબ અમારા ઉત્પાદનોને જાણતી સાચી વ્યક્તિ આપે છે.' },
  ],
  counters: {
    heading: 'અમારી સિદ્ધિઓ',
    customers: 'સંતુષ્ટ ગ્રાહકો',
    products: 'ઉત્પાદનો',
    reviews: 'સકારાત્મક સમીક્ષાઓ',
    years: 'વર્ષોનો અનુભવ',
  },
  unique: {
    heading: 'અમને શું અનોખા બનાવે છે',
    points: [
      { title: 'ધીમા તાપે પકવેલાં તેલ', text: 'અમારાં તેલ 48 કલાક સુધી (તૈલ પાક) પકવાય છે જેથી જડીબુટ્ટીઓના ગુણ પૂરેપૂરા ઊતરે.' },
      {
        title: 'તાજી, શોધી શકાય તેવી જડીબુટ્ટીઓ',
        text: 'અમે સીધા ખેડૂતો પાસેથી ખરીદીએ છીએ અને દરેક પાન ક્યાંથી આવે છે તે જાણીએ છીએ.',
      },
      { title: 'નાના બેચ', text: 'ઓછા જથ્થામાં બનાવાય છે જેથી તમને મળતી દરેક બોટલ તાજી હોય.' },
      { title: 'નિષ્ણાત માર્ગદર્શન', text: 'અમારા આયુર્વેદિક વૈદ્યો તમારા વાળ માટે યોગ્ય દિનચર્યા પસંદ કરવામાં મદદ કરે છે.' },
    ],
  },
  certifications: {
    heading: 'પ્રમાણપત્રો',
    items: ['આયુષ લાઇસન્સ પ્રાપ્ત ઉત્પાદન', 'GMP પ્રમાણિત કેન્દ્ર', 'ISO 9001:2015 ગુણવત્તા વ્યવસ્થાપન', 'પ્રાણીઓ પર પરીક્ષણ નહીં'],
  },
  cta: {
    heading: 'તમારી વાળની સંભાળની સફર શરૂ કરવા તૈયાર છો?',
    text: 'અમારાં ઉત્પાદનો જુઓ અથવા તમારા વાળની જરૂરિયાતો વિશે અમારી સાથે વાત કરો.',
    products: 'ઉત્પાદનો જુઓ',
    contact: 'સંપર્ક કરો',
  },
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
