import { discountPercent, unitPrice } from './money.js';

/** The orders of the products page's sort select, as `?sort=` spells them; none = oldest first. */
export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'discount'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const SEARCH_QUERY_MAX_LENGTH = 100;
// Its schema, productListQuerySchema, is in schemas.ts: this file stays free of zod, because the
// storefront's product cards use it and zod's 85 kB would otherwise load with the home page.

/** Characters that join or separate Indic letters without being letters themselves (ZWNJ, ZWJ). */
const JOINERS = /[\u200C\u200D]/g;
/** A word is a run of letters, combining marks (matras, virama, nukta) and digits in any script. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words of a text as search compares them: Unicode NFC (so "क़" typed as क + nukta or as the
 * precomposed letter, or "é" as e + accent, is one spelling), lower-cased, joiners removed. The
 * same function makes the stored keys and reads the shopper's query, so both sides always agree.
 */
export function searchWords(text: string): string[] {
  return text.normalize('NFC').toLowerCase().replace(JOINERS, '').match(WORD) ?? [];
}

/**
 * Every word of a query must begin a word of the product's text: "bhring" finds "Bhringraj",
 * "बाल" finds "बालों". Words are compared by Unicode code points.
 */
export function matchesSearch(productWords: readonly string[], queryWords: readonly string[]): boolean {
  return queryWords.every((q) => productWords.some((w) => w.startsWith(q)));
}

interface PricedProduct {
  mainPrice: number | null;
  offerPrice: number | null;
}

/**
 * Sorted copy of a list that is oldest first: by what the shopper pays (offer, else main price) or by
 * percent off, biggest first. Ties keep the catalogue's order, so the result is stable.
 */
export function sortProducts<P extends PricedProduct>(products: readonly P[], sort: ProductSort | undefined): P[] {
  if (!sort) return products.slice();
  const key = (p: P) =>
    sort === 'discount' ? -discountPercent(p.mainPrice, p.offerPrice) : (sort === 'price-desc' ? -1 : 1) * unitPrice(p);
  return products
    .map((p, i) => ({ p, i, k: key(p) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map(({ p }) => p);
}
