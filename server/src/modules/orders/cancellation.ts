import { MESSAGES, VERIFY_TEXTS, cancellationQuote, type Order as OrderDto } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { conflict, notFound } from '../../lib/errors.js';
import { forgetReturns, returnRefs, returnStockOnce } from '../catalog/index.js';
import { releaseCouponOfOrder } from '../coupons/index.js';
import { codCancelCounter, countCodOutcome } from '../users/index.js';
import { countToday } from '../users/index.js';
import { releaseCodSlot } from './cod-slots.js';
import { isCod, toOrderDto, type OrderRecord } from './dto.js';
import { notifyShopOfFailedRefund, notifyShopper } from './notifications.js';
import { Order } from './order.model.js';
import { refundEventFrom } from './refund-state.js';
import { ORDER_TEXTS } from './texts.js';

export type Canceller = { role: 'admin' } | { role: 'customer'; userId: string };

const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = 5000;

const clock = (deps: Pick<AppDeps, 'now'>) => (deps.now ? deps.now() : new Date());

/**
 * Cancels a Processing order and refunds it: in full when the owner cancels or within 24 h of
 * placing, else the total less 10 %. One conditional update moves the order from Processing to
 * Cancelled, so of a cancel and a concurrent dispatch exactly one applies, and of two cancels only
 * one asks the payment provider for money back and puts the stock back; the other answers the same
 * cancelled order. A cash-on-delivery order was never paid: it is cancelled without a refund or fee.
 */
export async function cancelOrder(
  deps: AppDeps,
  by: Canceller,
  id: string,
): Promise<{ order: OrderDto; cancelledNow: boolean }> {
  const owner = by.role === 'customer' ? { userId: by.userId } : {};
  const current = await Order.findOne(
    { _id: id, ...owner },
    { totalPaise: 1, createdAt: 1, status: 1, paymentMethod: 1 },
  ).lean();
  if (!current) throw notFound(MESSAGES.orderNotFound);
  const now = clock(deps);
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
    return { order: await toOrderDto(order, now), cancelledNow: false };
  }

  if (!(claimed.timeline ?? []).some((e) => e.status === 'Processing')) {
    await Order.updateOne(
      { _id: id },
      { $push: { timeline: { $each: [{ status: 'Processing', at: claimed.createdAt }], $position: 0 } } },
    );
  }
  await undoPlacing(deps, claimed);
  if (cod) {
    await countCodOutcome(claimed.userId, 'cancelled');
    if (by.role === 'customer') await countToday(codCancelCounter(by.userId));
    await notifyShopper(deps, claimed, 'cancelled');
    return { order: await toOrderDto(claimed, now), cancelledNow: true };
  }
  const refunded = await refundCancelled(deps, claimed, refundPaise);
  return { order: await toOrderDto(refunded, now), cancelledNow: true };
}

/** Asks for a cancelled online order's refund and tells the shopper (and the shop if it failed). */
async function refundCancelled(deps: AppDeps, order: OrderRecord, amountPaise: number): Promise<OrderRecord> {
  const refunded = await requestRefund(deps, order, amountPaise);
  await notifyShopper(deps, refunded, 'cancelled');
  if (refunded.refund?.status === 'processed') await notifyShopper(deps, refunded, 'refunded');
  if (refunded.refund?.status === 'failed') notifyShopOfFailedRefund(deps, refunded);
  return refunded;
}

const returnRef = (orderId: unknown) => `cancel:${String(orderId)}`;

/**
 * What cancelling undoes: the coupon use goes back, the stock goes back on the shelf (once per
 * product, however often this runs), the cash-on-delivery slot is freed; then the order records it
 * all as done (undoPending unset). Each step is safe to repeat, so recovery can run it again after
 * a process died half-way.
 */
async function undoPlacing(deps: AppDeps, order: OrderRecord): Promise<void> {
  await releaseCouponOfOrder(order._id).catch((err: unknown) =>
    deps.logger.error({ err, orderId: String(order._id) }, 'cancelled order kept its coupon use'),
  );
  if (order.stockTaken) await returnStockOnce(returnRef(order._id), order.products);
  if (isCod(order)) await releaseCodSlot(order._id);
  await Order.updateOne(
    { _id: order._id },
    { $unset: { undoPending: 1 }, ...(order.stockTaken ? { $set: { stockTaken: false } } : {}) },
  );
  await forgetReturns(returnRef(order._id));
}

/**
 * The owner's record that a dispatched cash-on-delivery parcel was refused at the door: the order
 * ends Cancelled (marked codRefused), its stock, coupon use and COD slot come back as for a
 * cancellation, and the shopper's refused count rises, once, however often this is asked.
 */
export async function markCodRefused(deps: AppDeps, id: string): Promise<OrderDto> {
  const now = clock(deps);
  const claimed = await Order.findOneAndUpdate(
    { _id: id, paymentMethod: 'cod', status: 'Dispatched' },
    {
      $set: { status: 'Cancelled', cancelledAt: now, undoPending: true, cancelledBy: 'admin', codRefused: true },
      $push: { timeline: { status: 'Cancelled', at: now } },
    },
    { returnDocument: 'after', runValidators: true },
  ).lean<OrderRecord>();
  if (!claimed) {
    const order = await Order.findById(id).lean<OrderRecord>();
    if (!order) throw notFound(MESSAGES.orderNotFound);
    if (order.codRefused) return toOrderDto(order, now);
    throw conflict(VERIFY_TEXTS.notRefusable);
  }
  await undoPlacing(deps, claimed);
  await countCodOutcome(claimed.userId, 'refused');
  return toOrderDto(claimed, now);
}

/**
 * Cancellations a process died in the middle of, cancelled before `before`: what they undo is
 * undone, and a refund recorded as owed but never asked of the gateway is asked now (claimed by one
 * caller, the shopper told as a live cancellation tells them).
 */
export async function finishInterruptedCancellations(
  deps: AppDeps,
  before: Date,
): Promise<{ undone: number; refundsRequested: number }> {
  let undone = 0;
  for (const order of await Order.find({ undoPending: true, cancelledAt: { $lt: before } }).lean<OrderRecord[]>()) {
    await undoPlacing(deps, order);
    undone += 1;
  }
  for (const ref of await returnRefs()) {
    const orderId = ref.slice('cancel:'.length);
    if (!(await Order.exists({ _id: orderId, undoPending: true }))) await forgetReturns(ref);
  }
  const owed = {
    'refund.status': 'pending' as const,
    'refund.updatedAt': { $lt: before },
    'refund.id': null,
    status: 'Cancelled' as const,
  };
  let refundsRequested = 0;
  for (const order of await Order.find(owed).lean<OrderRecord[]>()) {
    const claimed = await Order.updateOne({ _id: order._id, ...owed }, { $set: { 'refund.updatedAt': new Date() } });
    if (claimed.modifiedCount !== 1 || !order.refund) continue;
    await refundCancelled(deps, order, order.refund.amountPaise);
    refundsRequested += 1;
  }
  return { undone, refundsRequested };
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

/** Asks the provider for the money back; a refusal leaves the order Cancelled with a failed refund. */
async function requestRefund(deps: AppDeps, order: OrderRecord, amountPaise: number): Promise<OrderRecord> {
  let update: { id: string | null; status: 'pending' | 'processed' | 'failed' };
  if (amountPaise === 0) {
    update = { id: null, status: 'processed' };
  } else {
    try {
      const refund = await deps.payments.refund({
        // Only online orders reach here, and every online order has its payment id.
        paymentId: order.razorpayPaymentId ?? '',
        amountPaise,
        notes: { orderId: String(order._id) },
      });
      update = { id: refund.id, status: refund.status };
    } catch (err) {
      deps.logger.error({ err, orderId: String(order._id), amountPaise }, 'refund request failed');
      update = { id: null, status: 'failed' };
    }
  }
  const saved = await Order.findOneAndUpdate(
    { _id: order._id },
    { $set: { 'refund.id': update.id, 'refund.status': update.status, 'refund.updatedAt': new Date() } },
    { returnDocument: 'after' },
  ).lean<OrderRecord>();
  return saved ?? order;
}

/**
 * The owner asks again for a refund the gateway refused (Razorpay's balance was short, the network
 * failed). Only the failed refund of a cancelled order; one conditional update claims it, so two
 * clicks ask once. Marked pending with no id while asking, so a process that dies meanwhile leaves a
 * refund that recovery requests. The shopper is mailed once it is processed; a new failure is
 * mailed to the shop again.
 */
export async function retryFailedRefund(deps: AppDeps, id: string): Promise<OrderDto> {
  const now = clock(deps);
  const claimed = await Order.findOneAndUpdate(
    { _id: id, status: 'Cancelled', 'refund.status': 'failed' },
    { $set: { 'refund.status': 'pending', 'refund.id': null, 'refund.updatedAt': now } },
    { returnDocument: 'after' },
  ).lean<OrderRecord>();
  if (!claimed?.refund) {
    if (!(await Order.exists({ _id: id }))) throw notFound(MESSAGES.orderNotFound);
    throw conflict(ORDER_TEXTS.refundNotFailed);
  }
  const refunded = await requestRefund(deps, claimed, claimed.refund.amountPaise);
  if (refunded.refund?.status === 'processed') await notifyShopper(deps, refunded, 'refunded');
  if (refunded.refund?.status === 'failed') notifyShopOfFailedRefund(deps, refunded);
  return toOrderDto(refunded, now);
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
  if (status === 'processed') await notifyShopper(deps, order, 'refunded');
  else notifyShopOfFailedRefund(deps, order);
  return true;
}
