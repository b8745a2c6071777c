import { LOW_STOCK_THRESHOLD } from './constants.js';
import type { VariantRef } from './variants.js';

/**
 * What a product's stock tells a shopper: nothing when the owner does not count it (null) or has
 * plenty, "Only N left" at LOW_STOCK_THRESHOLD or fewer, "Out of stock" at 0.
 */
export type StockBadge = { kind: 'out' } | { kind: 'low'; left: number } | null;

export function stockBadge(stock: number | null | undefined): StockBadge {
  if (stock === null || stock === undefined) return null;
  if (stock <= 0) return { kind: 'out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { kind: 'low', left: stock };
  return null;
}

export const isOutOfStock = (stock: number | null | undefined) => stockBadge(stock)?.kind === 'out';

/** A product the owner's dashboard lists as running out. */
export interface LowStockProduct {
  _id: string;
  title: string;
  stock: number;
  /** The variant running low; null for a product without variants (always sent by this server). */
  variant?: VariantRef | null;
}
