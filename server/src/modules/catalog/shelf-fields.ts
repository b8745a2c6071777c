import { Schema } from 'mongoose';

/**
 * What makes a document a shelf that orders take from: a product without variants, or one variant
 * of a product (ProductVariant). Both carry the same fields, so modules/catalog/stock.ts takes,
 * holds and returns units on either with the same single-document conditional writes.
 */
export const shelfFields = {
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
   * Cancelled orders ("cancel:<id>") whose units this shelf took back, each written by the same
   * update as the increment, so a cancellation finished again after a crash adds nothing twice;
   * dropped once the order records its stock as returned.
   */
  stockReturns: { type: [String], default: undefined },
};

export function indexShelf(schema: Schema): void {
  // The owner's dashboard lists the shelves running out.
  schema.index({ stock: 1 }, { sparse: true });
  // Recovery and settling find a claim's units by its ref.
  schema.index({ 'stockHolds.ref': 1 }, { sparse: true });
  // Recovery's sweep finds the claims left stale by their time: the few shelves holding units are
  // its entries, so the sweep reads those and not the catalogue.
  schema.index({ 'stockHolds.at': 1 }, { sparse: true });
  schema.index({ stockReturns: 1 }, { sparse: true });
}
