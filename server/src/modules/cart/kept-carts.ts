import type { Schema, Types } from 'mongoose';

/** A cart as stored, as far as a cart read needs it. */
export interface StoredCart {
  items: { productId: Types.ObjectId; variantId?: Types.ObjectId | null; quantity: number }[];
}

/**
 * How long a kept cart is believed. Every write through the Cart model drops it at once (the hooks
 * below); this bounds only what bypasses the model (an operator's edit in mongosh).
 */
export const KEPT_CART_MS = 10_000;
/** Carts kept at most (a few hundred bytes each); the least recently read go first. */
const MAX_KEPT = 20_000;

const kept = new Map<string, { cart: StoredCart | null; until: number }>();
/** Reads of the database under way, per shopper: a write that ends meanwhile spoils what they read. */
const reading = new Map<string, Set<{ spoiled: boolean }>>();

/** A write to this shopper's cart (undefined: to any cart) began or ended. */
function cartWritten(userId: string | undefined): void {
  if (userId === undefined) {
    kept.clear();
    for (const reads of reading.values()) for (const read of reads) read.spoiled = true;
    return;
  }
  kept.delete(userId);
  for (const read of reading.get(userId) ?? []) read.spoiled = true;
}

/** The one shopper a write's filter names, if it names exactly one. */
function shopperOf(filter: Record<string, unknown> | undefined): string | undefined {
  const userId = filter?.userId;
  return typeof userId === 'string' || (typeof userId === 'object' && userId?.constructor.name === 'ObjectId')
    ? String(userId)
    : undefined;
}

const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'findOneAndUpdate',
  'replaceOne',
  'findOneAndReplace',
  'deleteOne',
  'deleteMany',
  'findOneAndDelete',
] as const;

/**
 * Drops kept carts on every write to the Cart model, whatever code makes it (the cart service, a
 * flow, a test): before it (so no read meanwhile keeps what it is replacing), after it and when it
 * fails (it may have landed), for the shopper its filter names, else for everyone.
 */
export function keptCartsFollowWrites(schema: Schema): void {
  function queryWritten(this: { getFilter(): Record<string, unknown> }) {
    cartWritten(shopperOf(this.getFilter()));
  }
  function documentWritten(this: { userId?: unknown }) {
    cartWritten(this.userId === undefined ? undefined : String(this.userId));
  }
  const everyone = () => cartWritten(undefined);
  const failed = (written: () => void) =>
    function (this: unknown, _error: unknown, _result: unknown, next: () => void) {
      written.call(this);
      next();
    };
  const query = { document: false, query: true } as const;
  const document = { document: true, query: false } as const;
  schema.pre([...QUERY_WRITES], query, queryWritten);
  schema.post([...QUERY_WRITES], query, queryWritten);
  schema.post([...QUERY_WRITES], query, failed(queryWritten));
  schema.pre(['save', 'deleteOne', 'updateOne'], document, documentWritten);
  schema.post(['save', 'deleteOne', 'updateOne'], document, documentWritten);
  schema.post(['save', 'deleteOne', 'updateOne'], document, failed(documentWritten));
  schema.pre('insertMany', everyone);
  schema.pre('bulkWrite', everyone);
  for (const write of ['insertMany', 'bulkWrite'] as const) {
    schema.post(write, everyone);
    schema.post(write, failed(everyone));
  }
}

/**
 * The shopper's stored cart, kept between reads while nothing writes to it (for KEPT_CART_MS at most),
 * so that a signed-in cart read costs no database round trip. Only for a database this process owns:
 * another process's writes would not drop it.
 */
export async function keptCart(userId: string, load: () => Promise<StoredCart | null>): Promise<StoredCart | null> {
  const hit = kept.get(userId);
  if (hit && hit.until > Date.now()) {
    kept.delete(userId);
    kept.set(userId, hit);
    return hit.cart;
  }
  const read = { spoiled: false };
  let reads = reading.get(userId);
  if (!reads) reading.set(userId, (reads = new Set()));
  reads.add(read);
  try {
    const cart = await load();
    if (!read.spoiled) {
      kept.delete(userId);
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
      kept.set(userId, { cart, until: Date.now() + KEPT_CART_MS });
    }
    return cart;
  } finally {
    reads.delete(read);
    if (reads.size === 0) reading.delete(userId);
  }
}
