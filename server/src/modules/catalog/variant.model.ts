import { Schema, model } from 'mongoose';
import { indexShelf, shelfFields } from './shelf-fields.js';
import { countCatalogueWrites } from './catalogue-writes.js';

/**
 * One variant of a product (200 ml, pack of 2), a document of its own so that its stock is taken,
 * held and returned by the same conditional single-document writes as a product's
 * (docs/decisions/0027-variants-as-documents.md). Prices are integer paise. A removed variant is
 * kept with `removedAt` (no longer listed, sold or added to carts) so the orders, holds and
 * returns that name it keep working.
 */
const variantSchema = new Schema(
  {
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
    /** Its place in the owner's order: 0 is the default variant. */
    position: { type: Number, required: true, min: 0 },
    sku: { type: String, required: true },
    optionValues: { type: [String], default: [] },
    /** "200 ml / Pack of 2", kept so carts and orders need not join the options. */
    label: { type: String, required: true },
    mainPricePaise: { type: Number, default: null, min: 0 },
    offerPricePaise: { type: Number, default: null, min: 0 },
    weightGrams: { type: Number, default: null, min: 0 },
    removedAt: { type: Date },
    /** The save that last wrote this variant (variant-save.ts): finishing that save again skips it. */
    savedBy: { type: String },
    ...shelfFields,
  },
  { timestamps: true },
);
// A product's variants in the owner's order; the SKU check looks across products.
variantSchema.index({ productId: 1, position: 1 });
variantSchema.index({ sku: 1 });
indexShelf(variantSchema);
// Kept shelves (kept-shelf.ts) drop what they kept on every write in this process.
countCatalogueWrites(variantSchema);

export const ProductVariant = model('ProductVariant', variantSchema);
