/**
 * Variants (issue 31): a product may have options (Size: 100 ml, 200 ml; Pack: single, pack of 2)
 * and a variant per combination with its own SKU, prices, stock and weight. HSN code and GST rate
 * stay per product. A product without variants has no options, no variants and a null default, and
 * behaves exactly as before: its own prices and stock are used.
 *
 * This file is the contract between the server and the client: types and pure helpers, free of zod
 * (the storefront's cards use it; the admin's schemas are in variant-schemas.ts). Prices in DTOs are
 * rupees like the rest of the Product DTO; the server keeps integer paise.
 */

/** Limits of one product's options and variants. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_PRODUCT_VARIANTS = 100;
/** An option's name ("Size") and each of its values ("200 ml"), in characters. */
export const OPTION_TEXT_MAX_LENGTH = 40;
/** A SKU: a letter or digit, then up to 63 letters, digits, dots, dashes, slashes or underscores. */
export const SKU_PATTERN = /^[A-Za-z0-9][\w./-]{0,63}$/;
export const MAX_VARIANT_WEIGHT_GRAMS = 100_000;
/** The product page's address keeps the shopper's choice: /products?id=<product id>&variant=<variant id>. */
export const VARIANT_QUERY_PARAM = 'variant';

/** Every message about variants a user can see, written once (the tests assert them). */
export const VARIANT_TEXTS = {
  tooManyOptions: `A product has at most ${MAX_PRODUCT_OPTIONS} options.`,
  optionName: `An option needs a name of 1 to ${OPTION_TEXT_MAX_LENGTH} characters.`,
  optionValues: `An option needs 1 to ${MAX_OPTION_VALUES} values, each of 1 to ${OPTION_TEXT_MAX_LENGTH} characters.`,
  optionRepeated: 'Two options cannot have the same name.',
  valueRepeated: 'An option cannot have the same value twice.',
  tooManyVariants: `A product has at most ${MAX_PRODUCT_VARIANTS} variants.`,
  needsVariant: 'A product with options needs at least one variant.',
  needsOption: 'Add an option (such as Size) before adding variants.',
  optionValuesMismatch: "Each variant takes one value of every option, from that option's values.",
  combinationRepeated: 'Two variants cannot have the same option values.',
  sku: 'A SKU is 1 to 64 letters, digits, dots, dashes, slashes or underscores, starting with a letter or digit.',
  skuRepeated: 'Two variants cannot have the same SKU.',
  skuTaken: 'This SKU is already used by another product.',
  weight: 'Weight is a whole number of grams from 0 to 1,00,000, or empty.',
  unknownVariant: 'This variant does not belong to this product.',
  invalidVariantId: 'This size or pack could not be found. Please reload the page.',
  variantUnavailable: 'This size or pack is no longer available. Please choose another.',
} as const;

export interface ProductOption {
  /** "Size", "Pack". */
  name: string;
  /** "100 ml", "200 ml", in the owner's order. */
  values: string[];
}

export interface ProductVariant {
  /** 24 hex digits, stable for the variant's life: carts, orders and ?variant= name it. */
  id: string;
  sku: string;
  /** One value per option, in the options' order. */
  optionValues: string[];
  /** The values joined by " / " ("200 ml", "200 ml / Pack of 2"): what carts, orders, invoices and mails print. */
  label: string;
  /** Rupees; null when the owner left it empty (the shopper pays offerPrice, else mainPrice, else 0). */
  mainPrice: number | null;
  offerPrice: number | null;
  /** Units left; null when not counted (never sold out). */
  stock: number | null;
  /** Shipping weight; null when not given. */
  weightGrams: number | null;
}

/**
 * What the Product DTO carries about variants (always sent by this server; optional so that older
 * fixtures still type). For a product with variants, the Product's own mainPrice and offerPrice are
 * the default variant's, and its stock is the sum of the variants' (null when any is not counted),
 * so `GET /api/main-category`, sorting and the "Out of stock" badge read as before.
 */
export interface ProductVariantFields {
  /** Empty for a product without variants. */
  options?: ProductOption[];
  /** In the owner's order; empty for a product without variants. */
  variants?: ProductVariant[];
  /** The first variant in the owner's order (what the page shows first); null without variants. */
  defaultVariantId?: string | null;
}

/**
 * How a cart line, an order line, the low-stock list and the CSV name a variant. An order line keeps
 * a copy taken at purchase, so it reads the same after the owner renames or removes the variant.
 */
export interface VariantRef {
  id: string;
  label: string;
  sku: string;
}

/** "200 ml / Pack of 2". */
export function variantLabel(optionValues: readonly string[]): string {
  return optionValues.join(' / ');
}

/** "Amla hair oil (200 ml)", or the title alone for a line without a variant. */
export function titleWithVariant(title: string, variant: Pick<VariantRef, 'label'> | null | undefined): string {
  return variant ? `${title} (${variant.label})` : title;
}

/** What the shopper pays for a variant, rupees: offer, else main, else 0. */
export function variantPrice(variant: Pick<ProductVariant, 'mainPrice' | 'offerPrice'>): number {
  return variant.offerPrice ?? variant.mainPrice ?? 0;
}

/** The variant the shopper chose (?variant=), else the default one; null for a product without variants. */
export function chosenVariant(product: ProductVariantFields, variantId?: string | null): ProductVariant | null {
  const variants = product.variants ?? [];
  return (
    variants.find((v) => v.id === variantId) ??
    variants.find((v) => v.id === product.defaultVariantId) ??
    variants[0] ??
    null
  );
}

/** Lowest and highest price of a product's variants (the card's "from ₹…"); null without variants. */
export function variantPriceRange(product: ProductVariantFields): { from: number; to: number } | null {
  const prices = (product.variants ?? []).map(variantPrice);
  if (prices.length === 0) return null;
  return { from: Math.min(...prices), to: Math.max(...prices) };
}
