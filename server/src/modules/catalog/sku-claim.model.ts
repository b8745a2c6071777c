import { Schema, model } from 'mongoose';

/**
 * A SKU held by one product: the unique index (the `_id`) that lets only one of two saves naming the
 * same new SKU at once succeed. It is per product, not per variant, so one save may move SKUs between
 * its own variants (a swap) without meeting itself; and a removed variant, which keeps its SKU for its
 * orders, lets the SKU go. Products saved before this model have no claims: the save still checks
 * other products' live variants first (docs/variants.md).
 */
const skuClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
  },
  { timestamps: true, versionKey: false },
);
// A product's SKUs, released when a save leaves them out or the product is deleted.
skuClaimSchema.index({ productId: 1 });

export const SkuClaim = model('SkuClaim', skuClaimSchema);
