import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Types } from 'mongoose';
import type { AppDeps } from '../../deps.js';
import { startSweeping } from '../../lib/sweep.js';
import { MainCategory } from '../catalog/index.js';
import { checkoutStockRef } from '../orders/index.js';
import { Order } from '../orders/index.js';
import { CHECKOUT_STATUSES, PendingCheckout, STOCK_STATES } from './checkout.model.js';

const DAY_MS = 86_400_000;
/** A finished checkout is kept this long after it finished (for the shopper's late retries, the owner's look). */
export const FINISHED_KEPT_MS = 30 * DAY_MS;
/** A checkout never paid counts as abandoned this long after it was made. */
export const ABANDONED_AFTER_MS = 7 * DAY_MS;
/** An abandoned checkout is kept this long after it was made: a payment Razorpay reports late still finds it. */
export const ABANDONED_KEPT_MS = 180 * DAY_MS;
/** Checkouts read per step; the event loop is given back between steps. */
export const RETENTION_BATCH = 50;
/** How often the sweep runs after the first one (which classifies what older code left unclassified). */
const RETENTION_INTERVAL_MS = 10 * 60_000;

type Candidate = {
  _id: Types.ObjectId;
  razorpayOrderId: string;
  status?: (typeof CHECKOUT_STATUSES)[number] | null;
  stockState?: (typeof STOCK_STATES)[number] | null;
  refund?: { status?: string | null } | null;
  createdAt?: Date;
};

/**
 * When a checkout may start to expire, or undefined while it must be kept: money or stock may still
 * move through it. A hold naming it means recovery still needs it (a hold whose checkout is gone is
 * returned to the shelf), so no checkout holding units is ever given an expiry.
 */
async function expiryOf(c: Candidate, now: number): Promise<{ finishedAt?: Date; expiresAt: Date } | undefined> {
  // No stockState: paid before stock claims existed; its order exists, so no claim can follow.
  const paidAndPlaced =
    c.status === 'paid' &&
    (c.stockState === 'taken' || !c.stockState) &&
    (await Order.exists({ razorpayOrderId: c.razorpayOrderId }));
  const refunded = c.status === 'soldOut' && c.stockState === 'soldOut' && c.refund?.status === 'processed';
  const abandoned =
    c.status === 'created' && !c.stockState && (c.createdAt?.getTime() ?? now) <= now - ABANDONED_AFTER_MS;
  if (!paidAndPlaced && !refunded && !abandoned) return undefined;
  if (await MainCategory.exists({ 'stockHolds.ref': checkoutStockRef(c._id) })) return undefined;
  if (abandoned) return { expiresAt: new Date((c.createdAt?.getTime() ?? now) + ABANDONED_KEPT_MS) };
  return { finishedAt: new Date(now), expiresAt: new Date(now + FINISHED_KEPT_MS) };
}

/**
 * Gives every checkout that is finished or abandoned its expiry. Reads only checkouts without one
 * (the TTL index's null range), `batch` per step, yielding between steps: a classified checkout
 * leaves that range, so each step skips only the ones kept so far in this run (few: those still in
 * progress), never re-reading the rest. Each write is conditional on the state it classified, so a
 * payment that lands meanwhile, or two processes running it, change nothing wrongly; a checkout
 * missed because the range shifted meanwhile is classified by the next run. Checkouts written before
 * this existed are classified by the first run after a start, in the same way. Returns how many it
 * gave an expiry.
 */
export async function classifyCheckouts(now = Date.now(), batch = RETENTION_BATCH): Promise<number> {
  let classified = 0;
  let kept = 0;
  for (;;) {
    const page = await PendingCheckout.find(
      { expiresAt: null },
      { razorpayOrderId: 1, status: 1, stockState: 1, refund: 1, createdAt: 1 },
    )
      .skip(kept)
      .limit(batch)
      .lean<Candidate[]>();
    if (page.length === 0) return classified;
    for (const c of page) {
      const expiry = await expiryOf(c, now);
      const unchanged = { _id: c._id, expiresAt: null, status: c.status, stockState: c.stockState ?? null };
      const set = expiry && (await PendingCheckout.updateOne(unchanged, { $set: expiry }, { timestamps: false }));
      if (set && set.modifiedCount === 1) classified += 1;
      else kept += 1;
    }
    await nextTurn();
  }
}

/** Runs classifyCheckouts after the server listens and then every 10 minutes. Returns the function that stops it. */
export function startCheckoutRetention(deps: Pick<AppDeps, 'logger'>): () => void {
  const sweep = async () => {
    const n = await classifyCheckouts();
    if (n > 0) deps.logger.info({ checkouts: n }, 'finished and abandoned checkouts given their expiry');
  };
  return startSweeping(sweep, RETENTION_INTERVAL_MS, deps.logger, 'checkout retention');
}
