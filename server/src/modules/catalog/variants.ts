import { Types } from 'mongoose';
import type { Product } from '@kesh/shared';
import { hasVariants, productDto, type CategoryRecord, type VariantRecord } from './serialize.js';
import { SkuClaim } from './sku-claim.model.js';
import { ProductVariant } from './variant.model.js';

/** Live variants (not removed) of these products, each product's in the owner's order. */
export async function liveVariantsOf(productIds: readonly Types.ObjectId[]): Promise<Map<string, VariantRecord[]>> {
  const byProduct = new Map<string, VariantRecord[]>();
  if (productIds.length === 0) return byProduct;
  // Not the holds and returns, which grow with the variant's orders and no reader here needs.
  const variants = await ProductVariant.find(
    { productId: { $in: productIds }, removedAt: null },
    { stockHolds: 0, stockReturns: 0 },
  )
    .sort({ productId: 1, position: 1 })
    .lean<VariantRecord[]>();
  for (const v of variants) {
    const key = String(v.productId);
    byProduct.set(key, [...(byProduct.get(key) ?? []), v]);
  }
  return byProduct;
}

/** Products as the API answers them, with their variants: one query for all that have any. */
export async function productDtos(records: readonly CategoryRecord[]): Promise<Product[]> {
  const variants = await liveVariantsOf(records.filter(hasVariants).map((r) => new Types.ObjectId(String(r._id))));
  return records.map((r) => productDto(r, variants.get(String(r._id))));
}

/** A deleted product's variants leave the shelf with it (their orders keep their copies). */
export async function removeVariantsOf(productId: Types.ObjectId): Promise<void> {
  await ProductVariant.updateMany({ productId, removedAt: null }, { $set: { removedAt: new Date() } });
  await SkuClaim.deleteMany({ productId });
}
