import type { Schema, Types } from 'mongoose';
import { keptByKey, keptPerShopperFollowWrites } from '../../lib/kept-by-key.js';

/** A cart as stored, as far as a cart read needs it. */
export interface StoredCart {
  items: { productId: Types.ObjectId; variantId?: Types.ObjectId | null; quantity: number }[];
}

/**
 * How long a kept cart is believed. Every write through the Cart model drops it at once (the hooks
 * below); this bounds only what bypasses the model (an operator's edit in mongosh).
 */
export const KEPT_CART_MS = 10_000;

/** Carts kept at most (a few hundred bytes each). */
const carts = keptByKey<StoredCart | null>({ ms: KEPT_CART_MS, max: 20_000 });

/** Drops kept carts on every write to the Cart model: the shopper's its filter names, else everyone's. */
export function keptCartsFollowWrites(schema: Schema): void {
  keptPerShopperFollowWrites(schema, carts);
}

/**
 * The shopper's stored cart, kept between reads while nothing writes to it (for KEPT_CART_MS at most),
 * so that a signed-in cart read costs no database round trip. Only for a database this process owns:
 * another process's writes would not drop it.
 */
export function keptCart(userId: string, load: () => Promise<StoredCart | null>): Promise<StoredCart | null> {
  return carts.get(userId, load);
}
