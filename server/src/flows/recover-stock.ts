import type { Types } from 'mongoose';
import type { AppDeps } from '../deps.js';
import { finishVariantSaves, returnHeld, settleHolds, staleHoldRefs } from '../modules/catalog/index.js';
import { CodSlot, Order } from '../modules/orders/index.js';
import { PendingCheckout } from '../modules/payments/index.js';
import { finishInterruptedCancellations } from './cancel-order.js';
import { startCheckoutRetention } from './checkout-retention.js';
import { giveBackStaleClaim, retryInterruptedRefunds } from './checkout-stock.js';

export interface RecoveryReport {
  /** Claims whose units went back on the shelf (their order was never made). */
  returned: number;
  /** Claims whose order exists: their holds were dropped, the units stay sold. */
  settled: number;
  /** Cash-on-delivery slots freed because their order was never made, or is closed. */
  slotsFreed: number;
  /** Sold-out and cancellation refunds owed but never asked of the gateway, asked now. */
  refundsRequested: number;
  /** Cancellations whose coupon, stock and slot were not all given back yet, finished now. */
  cancellationsFinished: number;
  /** Saves of a product's variants that a failed write or a crash cut short, finished now. */
  variantSavesFinished: number;
}

/** A sweep that found nothing left half done. */
export const nothingRecovered = (): RecoveryReport => ({
  returned: 0,
  settled: 0,
  slotsFreed: 0,
  refundsRequested: 0,
  cancellationsFinished: 0,
  variantSavesFinished: 0,
});

/**
 * Finishes what a process that died while placing orders left half done. Every claim on stock made
 * before `before` is decided by whether its order exists: the units of an order that exists stay
 * sold (their holds go); the units of one that was never made go back on the shelf, and a checkout's
 * claim is cleared so Razorpay's next webhook (or the shopper's retry) takes the stock afresh and
 * places the order. A cash-on-delivery slot whose order was never made, or was delivered or
 * cancelled without the slot being freed, is freed. A sold-out payment's refund that was recorded as
 * owed but never asked of the gateway is asked now, and so is a cancellation's; a cancellation that
 * had not yet given back its coupon use, stock and slot gives them back, and a save of a product's
 * variants cut short is finished. Safe to run at any time and from several
 * processes: every step is a conditional write that does nothing the second time.
 */
export async function recoverInterruptedStock(
  deps: AppDeps,
  before = new Date(Date.now() - deps.config.stockClaimStaleMs),
  { checkSlots = true }: { checkSlots?: boolean } = {},
): Promise<RecoveryReport> {
  const report = nothingRecovered();
  for (const ref of await staleHoldRefs(before)) {
    const [kind, id] = ref.split(':') as [string, string];
    if (kind === 'order') {
      if (await Order.exists({ _id: id })) {
        await settleHolds(ref);
        report.settled += 1;
      } else {
        await returnHeld(ref);
        report.slotsFreed += (await CodSlot.deleteOne({ orderId: id })).deletedCount;
        report.returned += 1;
      }
    } else if (kind === 'checkout') {
      const checkout = await PendingCheckout.findById(id, { stockState: 1 }).lean();
      if (checkout?.stockState === 'taken') {
        await settleHolds(ref);
        report.settled += 1;
      } else if (checkout?.stockState === 'taking') {
        if (await giveBackStaleClaim(deps, id, before)) report.returned += 1;
      } else if (!checkout || checkout.stockState === 'soldOut') {
        // No claim can be made on it any more: what it still holds belongs to nobody.
        await returnHeld(ref);
        report.returned += 1;
      }
      // An unclaimed checkout never holds units: a claim is cleared only after they went back.
    }
  }
  // Claims that died before taking anything hold no units, but still block the checkout.
  const stuck = await PendingCheckout.find(
    { stockState: 'taking', $or: [{ stockClaimedAt: { $lt: before } }, { stockClaimedAt: null }] },
    { _id: 1 },
  ).lean();
  for (const checkout of stuck) if (await giveBackStaleClaim(deps, checkout._id, before)) report.returned += 1;

  if (checkSlots) report.slotsFreed += await freeLeakedSlots(before);
  const cancellations = await finishInterruptedCancellations(deps, before);
  report.cancellationsFinished = cancellations.undone;
  report.refundsRequested = (await retryInterruptedRefunds(deps, before)) + cancellations.refundsRequested;
  report.variantSavesFinished = await finishVariantSaves(before);
  if (Object.values(report).some((n) => n > 0)) {
    deps.logger.warn({ ...report }, 'finished orders that a stopped process left half placed');
  }
  return report;
}

/** How often the sweep also checks every cash-on-delivery slot against its order. */
const SLOT_CHECK_INTERVAL_MS = 10 * 60_000;
/** Slots are checked against their orders in lists this long (the engine matches $in by scanning it). */
const SLOT_CHECK_CHUNK = 100;

/**
 * Cash-on-delivery slots taken before `before` whose order was never made, or is closed: freed. The
 * slots are read a chunk at a time from a cursor: a shop with thousands of open cash-on-delivery
 * orders is never decoded in one piece on the event loop.
 */
async function freeLeakedSlots(before: Date): Promise<number> {
  const slots = CodSlot.find({ createdAt: { $lt: before } }, { orderId: 1 })
    .lean<{ _id: Types.ObjectId; orderId: Types.ObjectId }[]>()
    .batchSize(SLOT_CHECK_CHUNK)
    .cursor();
  let freed = 0;
  let chunk: { _id: Types.ObjectId; orderId: Types.ObjectId }[] = [];
  const check = async () => {
    const open = await Order.find(
      { _id: { $in: chunk.map((s) => s.orderId) }, status: { $nin: ['Delivered', 'Cancelled'] } },
      { _id: 1 },
    ).lean();
    const openIds = new Set(open.map((o) => String(o._id)));
    for (const slot of chunk.filter((s) => !openIds.has(String(s.orderId)))) {
      freed += (await CodSlot.deleteOne({ _id: slot._id, orderId: slot.orderId })).deletedCount;
    }
    chunk = [];
  };
  for await (const slot of slots) {
    chunk.push(slot);
    if (chunk.length === SLOT_CHECK_CHUNK) await check();
  }
  if (chunk.length > 0) await check();
  return freed;
}

/**
 * Runs recoverInterruptedStock now and then every half of STOCK_CLAIM_STALE_MS, so what a crash
 * left behind is settled within a minute of the restart. A sweep the database refuses (a full disk)
 * is logged and tried again at the next one. Also starts the checkout retention sweep, which gives
 * finished checkouts their expiry only once recovery has nothing left to do with them. Returns the
 * function that stops both.
 */
export function startStockRecovery(deps: AppDeps): () => void {
  let running = false;
  let slotsCheckedAt = 0;
  const startedAt = Date.now();
  const sweep = () => {
    if (running) return;
    running = true;
    // Every open cash-on-delivery order has a slot, so checking them all is the one costly step
    // (30-55 ms per 1,000 open orders on the embedded engine, in steps of a few ms): at start, then every 10 minutes.
    // The first sweeps after a start also see the slots a crash just left (once they are stale).
    const afterStart = Date.now() - startedAt <= 3 * deps.config.stockClaimStaleMs;
    const checkSlots = afterStart || Date.now() - slotsCheckedAt >= SLOT_CHECK_INTERVAL_MS;
    if (checkSlots) slotsCheckedAt = Date.now();
    recoverInterruptedStock(deps, undefined, { checkSlots })
      .catch((err: unknown) => deps.logger.error({ err }, 'stock recovery sweep failed; trying again later'))
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, Math.max(1000, deps.config.stockClaimStaleMs / 2));
  timer.unref();
  const stopRetention = startCheckoutRetention(deps);
  return () => {
    clearInterval(timer);
    stopRetention();
  };
}
