import { Schema, model } from 'mongoose';
import { DEFAULT_DESCRIPTION, DEFAULT_SUBTITLE } from '@kesh/shared';
import { searchKeysOf } from './search.js';
import { productTextPaths } from './product-text.js';

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
    /**
     * Units on the shelf; absent or null = not counted (never sold out). Orders take from it only
     * by a conditional decrement (modules/catalog/stock.ts), so it never goes below 0.
     */
    stock: {
      type: Number,
      min: 0,
      validate: { validator: (v: unknown) => v === null || Number.isInteger(v), message: 'stock must be an integer' },
    },
    /**
     * Units taken off `stock` for an order or a checkout that is still being placed, one entry per
     * claim (`ref`: "order:<id>" or "checkout:<id>"), written by the same update as the decrement.
     * Once the order exists they are dropped; a claim whose process died keeps them, so recovery
     * knows exactly what to put back (modules/catalog/stock.ts). Empty nearly always.
     */
    stockHolds: {
      type: [
        new Schema(
          { ref: { type: String, required: true }, quantity: { type: Number, required: true }, at: Date },
          { _id: false },
        ),
      ],
      default: undefined,
    },
    /**
     * Cancelled orders ("cancel:<id>") whose units this product took back, each written by the
     * same update as the increment, so a cancellation finished again after a crash adds nothing
     * twice; dropped once the order records its stock as returned.
     */
    stockReturns: { type: [String], default: undefined },
    /** Widths of the WebP variants stored beside the image (lib/image-variants); older documents have none. */
    imageVariants: { type: [Number], default: undefined },
    /** Beginnings of the words of title, subtitle and description (./search.ts); written by the service. */
    searchKeys: { type: [String], default: undefined },
    // Benefits, picture alt text and the text in Hindi, Marathi and Gujarati (./product-text.ts).
    ...productTextPaths,
  },
  { timestamps: true },
);
// The catalogue is listed oldest first so that "the last 3" on the home page are the newest.
categorySchema.index({ createdAt: 1, _id: 1 });
// The products page's search: "some word begins with X" is an equality on this multikey index.
categorySchema.index({ searchKeys: 1 });
// 'validate' runs for create, save and insertMany alike.
categorySchema.pre('validate', function () {
  const textFields = ['title', 'subtitle', 'description', 'translations'];
  if (this.isNew || textFields.some((field) => this.isModified(field))) {
    this.searchKeys = searchKeysOf(this);
  }
});
// The owner's dashboard lists the products running out.
categorySchema.index({ stock: 1 }, { sparse: true });
// Recovery and settling find a claim's units by its ref.
categorySchema.index({ 'stockHolds.ref': 1 }, { sparse: true });
categorySchema.index({ stockReturns: 1 }, { sparse: true });

export const MainCategory = model('MainCategory', categorySchema);
