import {
  DEFAULT_DESCRIPTION,
  DEFAULT_GST_RATE_PERCENT,
  DEFAULT_HSN_CODE,
  DEFAULT_SUBTITLE,
  paiseToRupees,
  type Product,
  type ProductVariant as ProductVariantDto,
} from '@kesh/shared';
import { imageSrcSet } from '../../lib/image-variants.js';
import { imageUrl } from '../../lib/storage.js';

/** The stored shape of a main category, as `.lean()` or a document gives it. */
export interface CategoryRecord {
  _id: unknown;
  title: string;
  subtitle?: string | null;
  mainPricePaise?: number | null;
  offerPricePaise?: number | null;
  ratingCount?: number | null;
  description?: string | null;
  imageKey?: string | null;
  imageVariants?: number[] | null;
  hsnCode?: string | null;
  gstRatePercent?: number | null;
  stock?: number | null;
  options?: { name: string; values: string[] }[] | null;
  createdAt?: Date | string | null;
  updatedAt?: Date | string | null;
}

/** The stored shape of a variant (variant.model.ts). */
export interface VariantRecord {
  _id: unknown;
  productId: unknown;
  position: number;
  sku: string;
  optionValues: string[];
  label: string;
  mainPricePaise?: number | null;
  offerPricePaise?: number | null;
  stock?: number | null;
  weightGrams?: number | null;
}

/** A product's variants in the owner's order; empty for a product without variants. */
export const hasVariants = (doc: Pick<CategoryRecord, 'options'>) => (doc.options?.length ?? 0) > 0;

export function variantDto(v: VariantRecord): ProductVariantDto {
  return {
    id: String(v._id),
    sku: v.sku,
    optionValues: v.optionValues,
    label: v.label,
    mainPrice: rupeesOrNull(v.mainPricePaise),
    offerPrice: rupeesOrNull(v.offerPricePaise),
    stock: v.stock ?? null,
    weightGrams: v.weightGrams ?? null,
  };
}

/** Units of all variants together: null when any is not counted (the product is never sold out then). */
function stockOfVariants(variants: readonly VariantRecord[]): number | null {
  let sum = 0;
  for (const v of variants) {
    if (typeof v.stock !== 'number') return null;
    sum += v.stock;
  }
  return sum;
}

const rupeesOrNull = (paise: number | null | undefined) => (typeof paise === 'number' ? paiseToRupees(paise) : null);
const isoOf = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : '');

/**
 * The API shape of a product: rupees instead of paise, an image URL instead of a storage key. A
 * product with variants gets them (live ones, in the owner's order); its own prices are the default
 * variant's (kept on the product by the variants' save) and its stock is the variants' together.
 */
export function productDto(doc: CategoryRecord, variants: readonly VariantRecord[] = []): Product {
  const withVariants = hasVariants(doc) && variants.length > 0;
  return {
    _id: String(doc._id),
    title: doc.title,
    subtitle: doc.subtitle || DEFAULT_SUBTITLE,
    mainPrice: rupeesOrNull(doc.mainPricePaise),
    offerPrice: rupeesOrNull(doc.offerPricePaise),
    ratingCount: doc.ratingCount ?? 0,
    description: doc.description || DEFAULT_DESCRIPTION,
    image: imageUrl(doc.imageKey),
    imageSrcSet: imageSrcSet(doc.imageKey, doc.imageVariants),
    hsnCode: doc.hsnCode || DEFAULT_HSN_CODE,
    gstRate: doc.gstRatePercent ?? DEFAULT_GST_RATE_PERCENT,
    stock: withVariants ? stockOfVariants(variants) : (doc.stock ?? null),
    createdAt: isoOf(doc.createdAt),
    updatedAt: isoOf(doc.updatedAt),
    options: withVariants ? (doc.options ?? []).map((o) => ({ name: o.name, values: [...o.values] })) : [],
    variants: withVariants ? variants.map(variantDto) : [],
    defaultVariantId: withVariants ? String(variants[0]!._id) : null,
  };
}
