import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import {
  VARIANT_TEXTS,
  productVariantsSchema,
  variantLabel,
  type Product,
  type ProductOption,
  type ProductVariantsValues,
} from '@kesh/shared';
import { badRequest, isDuplicateKey, notFound } from '../../lib/errors.js';
import { storefrontChanged } from '../../lib/storefront-version.js';
import { MainCategory } from './category.model.js';
import type { CategoryRecord } from './serialize.js';
import { SkuClaim } from './sku-claim.model.js';
import { ProductVariant } from './variant.model.js';
import { liveVariantsOf, productDtos } from './variants.js';

/** One variant as a save writes it (paise, its place in the owner's order). */
interface PlannedVariant {
  _id: Types.ObjectId;
  /** False for one this save adds (created once, whoever finishes the save). */
  existed: boolean;
  position: number;
  sku: string;
  optionValues: string[];
  label: string;
  mainPricePaise: number | null;
  offerPricePaise: number | null;
  stock: number | null;
  weightGrams: number | null;
}

/**
 * The whole of one save of a product's options and variants, kept on the product while it is written
 * (`variantsSave`), so that a save cut short by a failed write or a crash is finished from it.
 */
interface VariantsSave {
  id: string;
  at: Date;
  options: ProductOption[];
  variants: PlannedVariant[];
  removed: Types.ObjectId[];
}

/** SKUs are one name whatever the case ("amla-100" is "AMLA-100"), as within one product's set. */
const skuKey = (sku: string) => sku.toLowerCase();

/**
 * The admin's save of a product's whole set of options and variants (shared/src/variant-schemas.ts).
 * Variants sent with an id are updated and moved, new ones are created, live ones not sent are
 * removed (kept with removedAt, so orders, holds and returns naming them still work). The product
 * then carries the options and its default (first) variant's prices, so every reader of the product
 * alone (the catalogue's sort, the cards) sees the default variant's price.
 *
 * The engine has no multi-document transactions, so the save is written as a redo record: its SKUs
 * are claimed first (nothing visible yet; a SKU another save claimed at the same instant refuses
 * this one, changing nothing), then the whole edit is put on the product, then each write, each one
 * idempotent, then the product's options and prices, which clear the record in the same write. A
 * save cut short is finished by finishVariantSaves (the recovery sweep) from the record.
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
  await claimSkus(
    product._id,
    variants.map((v) => v.sku),
  );

  const kept = new Set(variants.flatMap((v) => (v.id ? [v.id] : [])));
  const save: VariantsSave = {
    id: randomUUID(),
    at: new Date(),
    options,
    variants: variants.map((v, position) => ({
      _id: new Types.ObjectId(v.id),
      existed: Boolean(v.id),
      position,
      sku: v.sku,
      optionValues: v.optionValues,
      label: variantLabel(v.optionValues),
      mainPricePaise: v.mainPrice,
      offerPricePaise: v.offerPrice,
      stock: v.stock,
      weightGrams: v.weightGrams,
    })),
    removed: [...liveIds].filter((id) => !kept.has(id)).map((id) => new Types.ObjectId(id)),
  };
  await MainCategory.updateOne({ _id: product._id }, { $set: { variantsSave: save } });
  await finishSave(product._id, save);
  const saved = await MainCategory.findById(product._id).lean<CategoryRecord>();
  return (await productDtos([saved!]))[0]!;
}

/**
 * Writes a save's variants, removals and SKU releases, then the product, whose write clears the
 * record (only this save's: a later save's record is left to that save). Each write can run again
 * without changing what it did: a variant already written by this save is skipped (so a sale made
 * since is not overwritten by the stock the owner typed), a new one is created once.
 */
async function finishSave(productId: Types.ObjectId, save: VariantsSave): Promise<void> {
  for (const { _id, existed, ...fields } of save.variants) {
    const written = { productId, ...fields, savedBy: save.id };
    if (existed) {
      await ProductVariant.updateOne({ _id, savedBy: { $ne: save.id } }, { $set: written }, { runValidators: true });
    } else {
      await ProductVariant.updateOne({ _id }, { $setOnInsert: written }, { upsert: true, runValidators: true });
    }
  }
  if (save.removed.length > 0) {
    await ProductVariant.updateMany({ _id: { $in: save.removed }, removedAt: null }, { $set: { removedAt: save.at } });
  }
  await SkuClaim.deleteMany({ productId, _id: { $nin: save.variants.map((v) => skuKey(v.sku)) } });
  const first = save.variants[0];
  await MainCategory.updateOne(
    { _id: productId, 'variantsSave.id': save.id },
    {
      $set: {
        options: save.options,
        // The default variant's prices on the product; its own stock is not counted while variants sell.
        ...(first ? { mainPricePaise: first.mainPricePaise, offerPricePaise: first.offerPricePaise, stock: null } : {}),
      },
      $unset: { variantsSave: 1 },
    },
  );
  await storefrontChanged();
}

/**
 * Finishes every variant save begun before `before` that is still on its product (its request failed
 * or its process died half-way). Run by the recovery sweep. The count finished.
 */
export async function finishVariantSaves(before: Date): Promise<number> {
  const unfinished = await MainCategory.find({ 'variantsSave.at': { $lt: before } }, { variantsSave: 1 }).lean();
  for (const product of unfinished) await finishSave(product._id, product.variantsSave as VariantsSave);
  return unfinished.length;
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

/**
 * Claims each SKU for the product (its claims so far are kept). When another product holds one, even
 * by a claim made a moment ago by a save still under way, the claims this call made go back and the
 * save is refused with nothing written. A claim whose product no longer exists is taken over.
 */
async function claimSkus(productId: Types.ObjectId, skus: readonly string[]): Promise<void> {
  const made: string[] = [];
  for (const key of skus.map(skuKey)) {
    try {
      await SkuClaim.create({ _id: key, productId });
      made.push(key);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      if (await takeClaim(key, productId)) continue;
      await SkuClaim.deleteMany({ _id: { $in: made }, productId });
      throw badRequest(VARIANT_TEXTS.skuTaken);
    }
  }
}

/** True when the existing claim on `key` is this product's, or was a deleted product's and is now. */
async function takeClaim(key: string, productId: Types.ObjectId): Promise<boolean> {
  const claim = await SkuClaim.findById(key).lean();
  if (!claim) return false;
  if (String(claim.productId) === String(productId)) return true;
  if (await MainCategory.exists({ _id: claim.productId })) return false;
  const taken = await SkuClaim.updateOne({ _id: key, productId: claim.productId }, { $set: { productId } });
  return taken.modifiedCount === 1;
}
