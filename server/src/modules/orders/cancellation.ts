import { MESSAGES, VERIFY_TEXTS, cancellationQuote } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isCod, type OrderRecord } from './dto.js';
import { notifyShopOfFailedRefund, notifyShopper } from './notifications.js';
import { Order } from './order.model.js';
import { refundEventFrom } from './refund-state.js';
import { nowOf } from './service.js';
import { ORDER_TEXTS } from './texts.js';

/**
 * The order's side of cancelling: claiming the order, recording its refund and its undoing. What
 * cancelling gives back to other modules (stock, coupon use) and the refund request are the
 * cancel-order flow's (server/src/flows/cancel-order.ts).
 */

export type Canceller = { role: 'admin' } | { role: 'customer'; userId: string };

/** The gateway's answer to a refund request, as the order records it. */
export interface RefundAnswer {
  id: string | null;
  status: 'pending' | 'processed' | 'failed';
}

export type CancellationClaim =
  /** This call cancelled the order: it now undoes the placing and refunds `refundPaise`. */
  | { cancelledNow: true; order: OrderRecord; refundPaise: number }
  /** Another call cancelled it first: its order, refund settled. */
  | { cancelledNow: false; order: OrderRecord };

const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = 5000;

/**
 * Moves a Processing order to Cancelled, with its refund owed: in full when the owner cancels or
 * within 24 h of placing, else the total less 10 %. One conditional update does it, so of a cancel
 * and a concurrent dispatch exactly one applies, and of two cancels only one is told `cancelledNow`
 * (and asks for money back and puts the stock back); the other gets the same cancelled order. A
 * cash-on-delivery order was never paid: it owes no refund or fee.
 */
export async function claimCancellation(deps: AppDeps, by: Canceller, id: string): Promise<CancellationClaim> {
  const owner = by.role === 'customer' ? { userId: by.userId } : {};
  const current = await Order.findOne(
    { _id: id, ...owner },
    { totalPaise: 1, createdAt: 1, status: 1, paymentMethod: 1 },
  ).lean();
  if (!current) throw notFound(MESSAGES.orderNotFound);
  const now = nowOf(deps);
  const cod = isCod(current);
  const refundPaise =
    by.role === 'admin'
      ? current.totalPaise
      : cancellationQuote(current.totalPaise, current.createdAt, now).refundPaise;
  const refund = cod ? {} : { refund: { id: null, amountPaise: refundPaise, status: 'pending', updatedAt: now } };

  const claimed = await Order.findOneAndUpdate(
    { _id: id, ...owner, status: 'Processing' },
    {
      $set: {
        status: 'Cancelled',
        cancelledAt: now,
        undoPending: true,
        cancelledBy: by.role,
        ...refund,
      },
      $push: { timeline: { status: 'Cancelled', at: now } },
    },
    { returnDocument: 'after', runValidators: true },
  ).lean<OrderRecord>();

  if (!claimed) {
    const order = await settledCancellation(id);
    if (!order) throw notFound(MESSAGES.orderNotFound);
    if (order.status !== 'Cancelled') throw conflict(MESSAGES.orderAlreadyShipped);
    return { cancelledNow: false, order };
  }

  if (!(claimed.timeline ?? []).some((e) => e.status === 'Processing')) {
    await Order.updateOne(
      { _id: id },
      { $push: { timeline: { $each: [{ status: 'Processing', at: claimed.createdAt }], $position: 0 } } },
    );
  }
  return { cancelledNow: true, order: claimed, refundPaise };
}

/**
 * The order as the winner of a race leaves it: a cancellation whose refund request is still under
 * way is waited for (briefly), so a second cancel answers with the same refund as the first.
 */
async function settledCancellation(id: string): Promise<OrderRecord | null> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const order = await Order.findById(id).lean<OrderRecord>();
    const inFlight =
      order?.status === 'Cancelled' && order.refund && !order.refund.id && order.refund.status === 'pending';
    if (!inFlight || waited >= WAIT_LIMIT_MS) return order;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * The owner's record that a dispatched cash-on-delivery parcel was refused at the door: the order
 * ends Cancelled (marked codRefused), once. Null when it already was (the caller answers `order`).
 */
export async function claimCodRefusal(
  deps: AppDeps,
  id: string,
): Promise<{ claimed: OrderRecord } | { claimed: null; order: OrderRecord }> {
  const now = nowOf(deps);
  const claimed = await Order.findOneAndUpdate(
    { _id: id, paymentMethod: 'cod', status: 'Dispatched' },
    {
      $set: { status: 'Cancelled', cancelledAt: now, undoPending: true, cancelledBy: 'admin', codRefused: true },
      $push: { timeline: { status: 'Cancelled', at: now } },
    },
    { returnDocument: 'after', runValidators: true },
  ).lean<OrderRecord>();
  if (claimed) return { claimed };
  const order = await Order.findById(id).lean<OrderRecord>();
  if (!order) throw notFound(MESSAGES.orderNotFound);
  if (order.codRefused) return { claimed: null, order };
  throw conflict(VERIFY_TEXTS.notRefusable);
}

/** The cancelled order records that what it took is given back (undoPending unset). */
export async function markUndone(order: OrderRecord): Promise<void> {
  await Order.updateOne(
    { _id: order._id },
    { $unset: { undoPending: 1 }, ...(order.stockTaken ? { $set: { stockTaken: false } } : {}) },
  );
}

/** Cancelled orders a process died in the middle of undoing, cancelled before `before`. */
export function unfinishedCancellations(before: Date): Promise<OrderRecord[]> {
  return Order.find({ undoPending: true, cancelledAt: { $lt: before } }).lean<OrderRecord[]>();
}

/** True while the order of a stock return reference (`cancel:<order id>`) is still being undone. */
export async function isBeingUndone(orderId: string): Promise<boolean> {
  return Boolean(await Order.exists({ _id: orderId, undoPending: true }));
}

/**
 * Cancelled orders before `before` whose refund was recorded as owed but never asked of the gateway,
 * each claimed by one caller (the others skip it).
 */
export async function* claimOwedRefunds(
  before: Date,
): AsyncGenerator<OrderRecord & { refund: { amountPaise: number } }> {
  const owed = {
    'refund.status': 'pending' as const,
    'refund.updatedAt': { $lt: before },
    'refund.id': null,
    status: 'Cancelled' as const,
  };
  for (const order of await Order.find(owed).lean<OrderRecord[]>()) {
    const claimed = await Order.updateOne({ _id: order._id, ...owed }, { $set: { 'refund.updatedAt': new Date() } });
    if (claimed.modifiedCount !== 1 || !order.refund) continue;
    yield { ...order, refund: order.refund };
  }
}

/** Records the gateway's answer to a refund request on the order. */
export async function recordRefund(order: OrderRecord, answer: RefundAnswer): Promise<OrderRecord> {
  const saved = await Order.findOneAndUpdate(
    { _id: order._id },
    { $set: { 'refund.id': answer.id, 'refund.status': answer.status, 'refund.updatedAt': new Date() } },
    { returnDocument: 'after' },
  ).lean<OrderRecord>();
  return saved ?? order;
}

/**
 * Claims the failed refund of a cancelled order to ask again, with one conditional update, so two
 * clicks ask once. Marked pending with no id while asking, so a process that dies meanwhile leaves a
 * refund that recovery requests.
 */
export async function claimFailedRefund(
  deps: AppDeps,
  id: string,
): Promise<OrderRecord & { refund: { amountPaise: number } }> {
  const claimed = await Order.findOneAndUpdate(
    { _id: id, status: 'Cancelled', 'refund.status': 'failed' },
    { $set: { 'refund.status': 'pending', 'refund.id': null, 'refund.updatedAt': nowOf(deps) } },
    { returnDocument: 'after' },
  ).lean<OrderRecord>();
  if (!claimed?.refund) {
    if (!(await Order.exists({ _id: id }))) throw notFound(MESSAGES.orderNotFound);
    throw conflict(ORDER_TEXTS.refundNotFailed);
  }
  return { ...claimed, refund: claimed.refund };
}

/** Tells the shopper their money went back, or the shop that the gateway refused it. */
export async function tellRefundOutcome(deps: AppDeps, order: OrderRecord): Promise<void> {
  if (order.refund?.status === 'processed') await notifyShopper(deps, order, 'refunded');
  if (order.refund?.status === 'failed') notifyShopOfFailedRefund(deps, order);
}

/**
 * Razorpay's `refund.processed` / `refund.failed` webhook. Idempotent: only a change the refund
 * states allow (refund-state.ts) is written, and only that change mails anyone, however often the
 * event is delivered.
 */
export async function applyRefundEvent(
  deps: AppDeps,
  refundId: string,
  status: 'processed' | 'failed',
): Promise<boolean> {
  const order = await Order.findOneAndUpdate(
    { 'refund.id': refundId, 'refund.status': refundEventFrom(status) },
    { $set: { 'refund.status': status, 'refund.updatedAt': new Date() } },
    { returnDocument: 'after' },
  ).lean<OrderRecord>();
  if (!order) return false;
  await tellRefundOutcome(deps, order);
  return true;
}
