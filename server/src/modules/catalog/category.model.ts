import { Schema, model } from 'mongoose';
import { DEFAULT_DESCRIPTION, DEFAULT_SUBTITLE } from '@kesh/shared';
import { searchKeysOf } from './search.js';
import { productTextPaths } from './product-text.js';
import { indexShelf, shelfFields } from './shelf-fields.js';
import { countCatalogueWrites } from './catalogue-writes.js';

/** A main category is what shoppers see as a product. Prices are integer paise inside. */
const categorySchema = new Schema(
  {
    title: { type: String, required: true, trim: true },
    subtitle: { type: String, default: DEFAULT_SUBTITLE, trim: true },
    mainPricePaise: { type: Number, default: null, min: 0 },
    offerPricePaise: { type: Number, default: null, min: 0 },
    ratingCount: {
      type: Number,
      default: 0,
      min: 0,
      validate: { validator: Number.isInteger, message: 'ratingCount must be an integer' },
    },
    description: { type: String, default: DEFAULT_DESCRIPTION },
    imageKey: { type: String, default: null },
    /** GST details for the invoice; unset means the defaults (HSN 3305, 18 %). */
    hsnCode: { type: String },
    gstRatePercent: { type: Number, min: 0, max: 28 },
    ...shelfFields,
    /** Widths of the WebP variants stored beside the image (lib/image-variants); older documents have none. */
    imageVariants: { type: [Number], default: undefined },
    /** Beginnings of the words of title, subtitle and description (./search.ts); written by the service. */
    searchKeys: { type: [String], default: undefined },
    // Benefits, picture alt text and the text in Hindi, Marathi and Gujarati (./product-text.ts).
    ...productTextPaths,
    // Variants (issue 31, docs/variants.md): the options; the variants are ProductVariant documents.
    /** Size: 100 ml, 200 ml…; absent or empty = no variants (then this document's prices and stock apply). */
    options: {
      type: [new Schema({ name: { type: String, required: true }, values: { type: [String] } }, { _id: false })],
      default: undefined,
    },
    /**
     * A save of the options and variants under way (variant-save.ts): the whole edit, written before
     * its first variant write and cleared by its last, so one a failure or crash cut short is finished.
     */
    variantsSave: { type: Schema.Types.Mixed, default: undefined },
  },
  { timestamps: true },
);
// The catalogue is listed oldest first so that "the last 3" on the home page are the newest.
categorySchema.index({ createdAt: 1, _id: 1 });
// The products page's search: "some word begins with X" is an equality on this multikey index.
categorySchema.index({ searchKeys: 1 });
// Recovery finds the variant saves a failure left unfinished; the few products being saved are its entries.
categorySchema.index({ 'variantsSave.at': 1 }, { sparse: true });
// 'validate' runs for create, save and insertMany alike.
categorySchema.pre('validate', function () {
  const textFields = ['title', 'subtitle', 'description', 'translations'];
  if (this.isNew || textFields.some((field) => this.isModified(field))) {
    this.searchKeys = searchKeysOf(this);
  }
});
indexShelf(categorySchema);
// Kept shelves (kept-shelf.ts) drop what they kept on every write in this process.
countCatalogueWrites(categorySchema);

export const MainCategory = model('MainCategory', categorySchema);
