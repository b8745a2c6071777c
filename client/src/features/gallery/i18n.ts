import type { Catalogue } from '../../i18n';
import type { Shape } from '../../i18n/common';

const en = {
  title: 'Gallery',
  subtitle: 'A look inside our herbal garden, our kitchen and our products.',
  metaDescription:
    'Photos of Kesh Ayurveda: the herbs we grow and buy, how our oils are made in Rajkot, and our products.',
  empty: 'No gallery images available',
  open: 'Open image {{n}}',
  lightboxTitle: 'Image viewer',
  imageAlt: 'Gallery image {{n}}',
  position: '{{n}} of {{total}}',
  previous: 'Previous image',
  next: 'Next image',
  goTo: 'Show image {{n}}',
  close: 'Close image viewer',
};

const hi: Shape<typeof en> = {
  title: 'गैलरी',
  subtitle: 'हमारे हर्बल बगीचे, हमारी रसोई और हमारे उत्पादों की एक झलक।',
  metaDescription: 'केश आयुर्वेद की तस्वीरें: हमारी जड़ी-बूटियाँ, राजकोट में हमारे तेल कैसे बनते हैं, और हमारे उत्पाद।',
  empty: 'गैलरी में कोई चित्र उपलब्ध नहीं है',
  open: 'चित्र {{n}} खोलें',
  lightboxTitle: 'चित्र दर्शक',
  imageAlt: 'गैलरी चित्र {{n}}',
  position: '{{total}} में से {{n}}',
  previous: 'पिछला चित्र',
  next: 'अगला चित्र',
  goTo: 'चित्र {{n}} दिखाएँ',
  close: 'चित्र दर्शक बंद करें',
};

const mr: Shape<typeof en> = {
  title: 'गॅलरी',
  subtitle: 'आमची वनौषधी बाग, आमचे स्वयंपाकघर आणि आमची उत्पादने यांची एक झलक.',
  metaDescription: 'केश आयुर्वेदची छायाचित्रे: आमच्या वनस्पती, राजकोटमध्ये आमची तेले कशी बनतात आणि आमची उत्पादने.',
  empty: 'गॅलरीत कोणतीही चित्रे उपलब्ध नाहीत',
  open: 'चित्र {{n}} उघडा',
  lightboxTitle: 'चित्र दर्शक',
  imageAlt: 'गॅलरी चित्र {{n}}',
  position: '{{total}} पैकी {{n}}',
  previous: 'मागील चित्र',
  next: 'पुढील चित्र',
  goTo: 'चित्र {{n}} दाखवा',
  close: 'चित्र दर्शक बंद करा',
};

const gu: Shape<typeof en> = {
  title: 'ગેલેરી',
  subtitle: 'અમારા હર્બલ બગીચા, અમારા રસોડા અને અમારાં ઉત્પાદનોની એક ઝલક.',
  metaDescription: 'કેશ આયુર્વેદના ફોટા: અમારી જડીબુટ્ટીઓ, રાજકોટમાં અમારાં તેલ કેવી રીતે બને છે અને અમારાં ઉત્પાદનો.',
  empty: 'ગેલેરીમાં કોઈ ચિત્રો ઉપલબ્ધ નથી',
  open: 'ચિત્ર {{n}} ખોલો',
  lightboxTitle: 'ચિત્ર દર્શક',
  imageAlt: 'ગેલેરી ચિત્ર {{n}}',
  position: '{{total}} માંથી {{n}}',
  previous: 'પાછલું ચિત્ર',
  next: 'આગલું ચિત્ર',
  goTo: 'ચિત્ર {{n}} બતાવો',
  close: 'ચિત્ર દર્શક બંધ કરો',
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
