import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Types } from 'mongoose';
import type { AppDeps } from '../deps.js';
import { startSweeping } from '../lib/sweep.js';
import { refsHolding } from '../modules/catalog/index.js';
import { Order } from '../modules/orders/index.js';
import { CHECKOUT_STATUSES, PendingCheckout, STOCK_STATES } from '../modules/payments/index.js';
import { checkoutStockRef } from './checkout-stock.js';

const DAY_MS = 86_400_000;
/** A finished checkout is kept this long after it finished (for the shopper's late retries, the owner's look). */
export const FINISHED_KEPT_MS = 30 * DAY_MS;
/** A checkout never paid counts as abandoned this long after it was made. */
export const ABANDONED_AFTER_MS = 7 * DAY_MS;
/** An abandoned checkout is kept this long after it was made: a payment Razorpay reports late still finds it. */
export const ABANDONED_KEPT_MS = 180 * DAY_MS;
/**
 * Checkouts read and classified per step; the event loop is given back between steps. A step is four
 * engine commands (the checkouts, their orders, their holds, the writes), none of which holds the loop
 * for long at this size (the update, the largest, ~0.25 ms of CPU per checkout at 100,000 orders);
 * the writes of one kind are one update of many documents.
 */
export const RETENTION_BATCH = 100;
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

type Expiry = { finishedAt?: Date; expiresAt: Date };

/** The writes of one step: checkouts that get the same expiry from the same state, as one update. */
type Group = { state: Pick<Candidate, 'status' | 'stockState'>; expiry: Expiry; ids: Types.ObjectId[] };

const isPaidAndPlaceable = (c: Candidate) => c.status === 'paid' && (c.stockState === 'taken' || !c.stockState);

/**
 * The expiries a page of checkouts may get: none while money or stock may still move through one.
 * A hold naming a checkout means recovery still needs it (a hold whose checkout is gone is returned
 * to the shelf), so no checkout holding units is ever given an expiry. The page's orders and holds
 * are read with one query each, not one per checkout.
 */
async function expiriesOf(page: Candidate[], now: number): Promise<Group[]> {
  // No stockState: paid before stock claims existed; its order exists, so no claim can follow.
  const paid = page.filter(isPaidAndPlaceable).map((c) => c.razorpayOrderId);
  const placed = new Set(
    paid.length === 0
      ? []
      : (await Order.find({ razorpayOrderId: { $in: paid } }, { razorpayOrderId: 1 }).lean()).map(
          (o) => o.razorpayOrderId,
        ),
  );
  const due = page.flatMap((c) => {
    const refunded = c.status === 'soldOut' && c.stockState === 'soldOut' && c.refund?.status === 'processed';
    const abandoned =
      c.status === 'created' && !c.stockState && (c.createdAt?.getTime() ?? now) <= now - ABANDONED_AFTER_MS;
    if (!(isPaidAndPlaceable(c) && placed.has(c.razorpayOrderId)) && !refunded && !abandoned) return [];
    const expiry: Expiry = abandoned
      ? { expiresAt: new Date((c.createdAt?.getTime() ?? now) + ABANDONED_KEPT_MS) }
      : { finishedAt: new Date(now), expiresAt: new Date(now + FINISHED_KEPT_MS) };
    return [{ c, expiry }];
  });
  if (due.length === 0) return [];
  const refs = due.map(({ c }) => checkoutStockRef(c._id));
  const held = await refsHolding(refs);
  const groups = new Map<string, Group>();
  for (const { c, expiry } of due) {
    if (held.has(checkoutStockRef(c._id))) continue;
    const key = `${c.status}|${c.stockState ?? ''}|${expiry.finishedAt ? '' : expiry.expiresAt.getTime()}`;
    const group = groups.get(key) ?? { state: { status: c.status, stockState: c.stockState }, expiry, ids: [] };
    group.ids.push(c._id);
    groups.set(key, group);
  }
  return [...groups.values()];
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
    let set = 0;
    for (const { state, expiry, ids } of await expiriesOf(page, now)) {
      const unchanged = {
        _id: { $in: ids },
        expiresAt: null,
        status: state.status,
        stockState: state.stockState ?? null,
      };
      set += (await PendingCheckout.updateMany(unchanged, { $set: expiry }, { timestamps: false })).modifiedCount;
    }
    classified += set;
    kept += page.length - set;
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
