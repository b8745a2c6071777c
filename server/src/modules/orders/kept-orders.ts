import type { Schema } from 'mongoose';
import { keptByKey, keptPerShopperFollowWrites } from '../../lib/kept-by-key.js';

/**
 * How long a shopper's kept orders are believed. Every write through the Order model drops them at
 * once (the hooks below): a status change, a cancellation, a payment's webhook, a refund's progress;
 * this bounds only what bypasses the model (an operator's edit in mongosh).
 */
export const KEPT_ORDERS_MS = 10_000;
/** A shopper with more orders than this has them read every time (it bounds what one shopper keeps). */
const MAX_KEPT_ORDERS_PER_SHOPPER = 100;

const kept = keptByKey<readonly unknown[]>({
  ms: KEPT_ORDERS_MS,
  max: 10_000,
  keeps: (orders) => orders.length <= MAX_KEPT_ORDERS_PER_SHOPPER,
});

/**
 * Drops kept orders on every write to the Order model: the shopper's its filter or document names,
 * else everyone's (a status change names the order, not its shopper).
 */
export function keptOrdersFollowWrites(schema: Schema): void {
  keptPerShopperFollowWrites(schema, kept);
}

/**
 * The shopper's stored orders, kept between reads while nothing writes to any order of theirs, so
 * that "my orders" costs no database round trip. Only for a database this process owns: another
 * process's writes would not drop them.
 */
export function keptOrders<T extends readonly unknown[]>(userId: string, load: () => Promise<T>): Promise<T> {
  // What is kept under a shopper is only ever what this `load` read (the orders' stored records).
  return kept.get(userId, load) as Promise<T>;
}
