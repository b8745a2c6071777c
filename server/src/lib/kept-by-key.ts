import type { Schema } from 'mongoose';
import { followWrites } from './follow-writes.js';

/** A value per key (a shopper's cart, a shopper's orders) kept in memory between reads. */
export interface KeptByKey<T> {
  /** The kept value, else what `load` reads: kept unless a write to the key overlapped the read. */
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** A write to the key's value (undefined: to any key's) began or ended. */
  written(key: string | undefined): void;
}

/**
 * Values kept at most `ms` (which bounds only writes that bypass the model, such as an operator's edit
 * in mongosh: every write through it drops them at once) and at most `max` of them, the least
 * recently read going first.
 */
export function keptByKey<T>({
  ms,
  max,
  keeps = () => true,
}: {
  ms: number;
  max: number;
  /** Whether a value read is small enough to keep (a larger one is read again every time). */
  keeps?: (value: T) => boolean;
}): KeptByKey<T> {
  const kept = new Map<string, { value: T; until: number }>();
  /** Reads of the database under way, per key: a write that ends meanwhile spoils what they read. */
  const reading = new Map<string, Set<{ spoiled: boolean }>>();

  return {
    written(key) {
      if (key === undefined) {
        kept.clear();
        for (const reads of reading.values()) for (const read of reads) read.spoiled = true;
        return;
      }
      kept.delete(key);
      for (const read of reading.get(key) ?? []) read.spoiled = true;
    },
    async get(key, load) {
      const hit = kept.get(key);
      if (hit && hit.until > Date.now()) {
        kept.delete(key);
        kept.set(key, hit);
        return hit.value;
      }
      const read = { spoiled: false };
      let reads = reading.get(key);
      if (!reads) reading.set(key, (reads = new Set()));
      reads.add(read);
      try {
        const value = await load();
        if (!read.spoiled && keeps(value)) {
          kept.delete(key);
          if (kept.size >= max) kept.delete(kept.keys().next().value as string);
          kept.set(key, { value, until: Date.now() + ms });
        }
        return value;
      } finally {
        reads.delete(read);
        if (reads.size === 0) reading.delete(key);
      }
    },
  };
}

/** The one shopper a write's filter or document names, if it names exactly one. */
function shopperOf(userId: unknown): string | undefined {
  return typeof userId === 'string' || (typeof userId === 'object' && userId?.constructor.name === 'ObjectId')
    ? String(userId)
    : undefined;
}

/**
 * Drops what `kept` holds per shopper on every write through a model whose documents carry `userId`:
 * the shopper's the write names, else everyone's.
 */
export function keptPerShopperFollowWrites(schema: Schema, kept: Pick<KeptByKey<unknown>, 'written'>): void {
  followWrites(schema, {
    query: (filter) => kept.written(shopperOf(filter.userId)),
    document: (doc) => kept.written(shopperOf(doc.userId)),
    any: () => kept.written(undefined),
  });
}
