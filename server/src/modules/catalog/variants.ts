import { Types } from 'mongoose';
import {
  VARIANT_TEXTS,
  productVariantsSchema,
  variantLabel,
  type Product,
  type ProductVariantsValues,
} from '@kesh/shared';
import { badRequest, notFound } from '../../lib/errors.js';
import { storefrontChanged } from '../../lib/storefront-version.js';
import { MainCategory } from './category.model.js';
import { hasVariants, productDto, type CategoryRecord, type VariantRecord } from './serialize.js';
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

/**
 * The admin's save of a product's whole set of options and variants (shared/src/variant-schemas.ts).
 * Variants sent with an id are updated and moved, new ones are created, live ones not sent are
 * removed (kept with removedAt, so orders, holds and returns naming them still work). The product
 * then carries the options and its default (first) variant's prices, so every reader of the product
 * alone (the catalogue's sort, the cards) sees the default variant's price. Each write is one
 * document; the whole save is idempotent, so one a crash cut short is finished by saving again.
 */
export async function saveVariants(productId: string, body: unknown): Promise<Product> {
  const parsed = productVariantsSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(issue?.message ?? VARIANT_TEXTS.needsVariant, issue?.path.join('.') || undefined);
  }
  const { options, variants } = parsed.data;
  const product = await MainCategory.findById(productId, { _id: 1 }).lean();
  if (!product) throw notFound('Category not found!');
  const live = (await liveVariantsOf([product._id])).get(String(product._id)) ?? [];
  const liveIds = new Set(live.map((v) => String(v._id)));
  if (variants.some((v) => v.id && !liveIds.has(v.id))) throw badRequest(VARIANT_TEXTS.unknownVariant);
  await refuseSkusOfOtherProducts(product._id, variants);

  const kept = new Set<string>();
  for (const [position, v] of variants.entries()) {
    const fields = {
      productId: product._id,
      position,
      sku: v.sku,
      optionValues: v.optionValues,
      label: variantLabel(v.optionValues),
      mainPricePaise: v.mainPrice,
      offerPricePaise: v.offerPrice,
      stock: v.stock,
      weightGrams: v.weightGrams,
    };
    if (v.id) {
      await ProductVariant.updateOne({ _id: v.id }, { $set: fields }, { runValidators: true });
      kept.add(v.id);
    } else {
      await ProductVariant.create(fields);
    }
  }
  const removed = [...liveIds].filter((id) => !kept.has(id)).map((id) => new Types.ObjectId(id));
  if (removed.length > 0)
    await ProductVariant.updateMany({ _id: { $in: removed } }, { $set: { removedAt: new Date() } });

  const first = variants[0];
  await MainCategory.updateOne(
    { _id: product._id },
    {
      $set: {
        options,
        // The default variant's prices on the product; its own stock is not counted while variants sell.
        ...(first ? { mainPricePaise: first.mainPrice, offerPricePaise: first.offerPrice, stock: null } : {}),
      },
    },
  );
  await storefrontChanged();
  const saved = await MainCategory.findById(product._id).lean<CategoryRecord>();
  return (await productDtos([saved!]))[0]!;
}

/** A SKU names one thing in the shop: one used by another product's live variant is refused. */
async function refuseSkusOfOtherProducts(productId: Types.ObjectId, variants: ProductVariantsValues['variants']) {
  if (variants.length === 0) return;
  const taken = await ProductVariant.exists({
    sku: { $in: variants.map((v) => v.sku) },
    productId: { $ne: productId },
    removedAt: null,
  });
  if (taken) throw badRequest(VARIANT_TEXTS.skuTaken);
}

/** A deleted product's variants leave the shelf with it (their orders keep their copies). */
export async function removeVariantsOf(productId: Types.ObjectId): Promise<void> {
  await ProductVariant.updateMany({ productId, removedAt: null }, { $set: { removedAt: new Date() } });
}
