import type { Catalogue } from '../../../i18n';
import type { Shape } from '../../../i18n/common';

/** Sizes and packs on the storefront: the card's "from" price and the product page's choice (namespace 'catalog.variants'). */
const en = {
  from: 'from {{price}}',
  chooseOptions: 'Choose options',
  optionChosen: '{{option}}: {{value}}',
  soldOut: 'sold out',
  variantGone: 'The size or pack in your link is no longer sold. Showing {{label}}.',
};

const hi: Shape<typeof en> = {
  from: '{{price}} से',
  chooseOptions: 'विकल्प चुनें',
  optionChosen: '{{option}}: {{value}}',
  soldOut: 'बिक गया',
  variantGone: 'आपके लिंक वाला साइज़ या पैक अब नहीं बिकता। {{label}} दिखाया जा रहा है।',
};

const mr: Shape<typeof en> = {
  from: '{{price}} पासून',
  chooseOptions: 'पर्याय निवडा',
  optionChosen: '{{option}}: {{value}}',
  soldOut: 'संपले',
  variantGone: 'तुमच्या लिंकमधील आकार किंवा पॅक आता विकला जात नाही. {{label}} दाखवत आहोत.',
};

const gu: Shape<typeof en> = {
  from: '{{price}} થી',
  chooseOptions: 'વિકલ્પ પસંદ કરો',
  optionChosen: '{{option}}: {{value}}',
  soldOut: 'વેચાઈ ગયું',
  variantGone: 'તમારી લિંકમાંની સાઇઝ કે પૅક હવે વેચાતી નથી. {{label}} બતાવી રહ્યા છીએ.',
};

const catalogue: Catalogue = { en, hi, mr, gu };
export default catalogue;
