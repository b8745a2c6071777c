import type { Types } from 'mongoose';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import { MainCategory } from './category.model.js';
import { catalogueWrites } from './catalogue-writes.js';
import { hasVariants, type CategoryRecord, type VariantRecord } from './serialize.js';
import { liveVariantsOf } from './variants.js';

/** A product as a reader projected it, with its live variants in the owner's order (none: absent). */
export interface ShelfEntry<P> {
  product: P;
  variants: VariantRecord[] | undefined;
}

/** Products by id: those found, each with its variants. */
export type ShelfOf<P> = (ids: readonly Types.ObjectId[]) => Promise<Map<string, ShelfEntry<P>>>;

type ProductOnShelf = Pick<CategoryRecord, 'options'> & { _id: Types.ObjectId };

/** One products query and, when any has options, one variants query: what a read without a kept shelf costs. */
export function readShelf<P extends ProductOnShelf>(fields: Record<string, 1>): ShelfOf<P> {
  return async (ids) => {
    const products = await MainCategory.find({ _id: { $in: ids } }, fields).lean<P[]>();
    const variantsOf = await liveVariantsOf(products.filter(hasVariants).map((p) => p._id));
    return new Map(products.map((p) => [String(p._id), { product: p, variants: variantsOf.get(String(p._id)) }]));
  };
}

/** Products kept at most per reader (a few hundred bytes each): a catalogue larger than this is read in part. */
const MAX_KEPT_PRODUCTS = 10_000;

/**
 * readShelf, with what it read kept until the catalogue changes: in this process, any write through
 * the product or variant model (counted by the models' hooks, so a read that a write overlapped is
 * used once but not kept); in every process sharing the database, the storefront's version, which
 * every product edit, variant save and stock change moves (lib/storefront-version.ts). Only the
 * products asked for are read, never the catalogue; a product not found is not kept (its cart line
 * or order line learns that it is gone from the database every time).
 */
export function keptShelf<P extends ProductOnShelf>(
  fields: Record<string, 1>,
  storefront: StorefrontVersion,
): ShelfOf<P> {
  const read = readShelf<P>(fields);
  let kept = new Map<string, ShelfEntry<P>>();
  let keptAt = { version: Number.NaN, writes: Number.NaN };
  return async (ids) => {
    const version = await storefront.current();
    const writes = catalogueWrites();
    if (keptAt.version !== version || keptAt.writes !== writes) {
      kept = new Map();
      keptAt = { version, writes };
    }
    const shelf = new Map<string, ShelfEntry<P>>();
    const missing: Types.ObjectId[] = [];
    for (const id of ids) {
      const entry = kept.get(String(id));
      if (entry) shelf.set(String(id), entry);
      else missing.push(id);
    }
    if (missing.length === 0) return shelf;
    const found = await read(missing);
    const keep = catalogueWrites() === writes && keptAt.version === version && keptAt.writes === writes;
    for (const [id, entry] of found) {
      shelf.set(id, entry);
      if (!keep) continue;
      if (kept.size >= MAX_KEPT_PRODUCTS) kept.delete(kept.keys().next().value as string);
      kept.set(id, entry);
    }
    return shelf;
  };
}
