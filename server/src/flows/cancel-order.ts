import type { Order as OrderDto } from '@kesh/shared';
import type { AppDeps } from '../deps.js';
import { forgetReturns, returnRefs, returnStockOnce } from '../modules/catalog/index.js';
import { releaseCouponOfOrder } from '../modules/coupons/index.js';
import {
  claimCancellation,
  claimCodRefusal,
  claimFailedRefund,
  claimOwedRefunds,
  isBeingUndone,
  isCod,
  markUndone,
  notifyShopper,
  nowOf,
  recordRefund,
  releaseCodSlot,
  tellRefundOutcome,
  toOrderDto,
  unfinishedCancellations,
  type Canceller,
  type OrderRecord,
  type RefundAnswer,
} from '../modules/orders/index.js';
import { codCancelCounter, countCodOutcome, countToday } from '../modules/users/index.js';

/** The stock return of a cancelled order, as its products' return records name it. */
const RETURN_PREFIX = 'cancel:';
const returnRef = (orderId: unknown) => `${RETURN_PREFIX}${String(orderId)}`;

/**
 * Cancels a Processing order (the shopper's cancel, the owner's status change to Cancelled): the
 * order is claimed as Cancelled, what placing it took is given back, then a cash-on-delivery order
 * counts as the shopper's cancellation, and an online one is refunded (in full by the owner or
 * within 24 h, else less 10 %). The shopper is told either way. A second cancel answers the first's
 * order and refunds nothing.
 */
export async function cancelOrder(
  deps: AppDeps,
  by: Canceller,
  id: string,
): Promise<{ order: OrderDto; cancelledNow: boolean }> {
  const claim = await claimCancellation(deps, by, id);
  if (!claim.cancelledNow) return { order: await toOrderDto(claim.order, nowOf(deps)), cancelledNow: false };
  const { order, refundPaise } = claim;
  await undoPlacing(deps, order);
  if (isCod(order)) {
    await countCodOutcome(order.userId, 'cancelled');
    if (by.role === 'customer') await countToday(codCancelCounter(by.userId));
    await notifyShopper(deps, order, 'cancelled');
    return { order: await toOrderDto(order, nowOf(deps)), cancelledNow: true };
  }
  const refunded = await refundCancelled(deps, order, refundPaise);
  return { order: await toOrderDto(refunded, nowOf(deps)), cancelledNow: true };
}

/**
 * A dispatched cash-on-delivery parcel refused at the door: the order ends Cancelled, what placing
 * it took comes back as for a cancellation, and the shopper's refused count rises, once, however
 * often this is asked.
 */
export async function markCodRefused(deps: AppDeps, id: string): Promise<OrderDto> {
  const refusal = await claimCodRefusal(deps, id);
  if (!refusal.claimed) return toOrderDto(refusal.order, nowOf(deps));
  await undoPlacing(deps, refusal.claimed);
  await countCodOutcome(refusal.claimed.userId, 'refused');
  return toOrderDto(refusal.claimed, nowOf(deps));
}

/**
 * The owner asks again for a refund the gateway refused (Razorpay's balance was short, the network
 * failed); two clicks ask once. The shopper is mailed once it is processed; a new failure is mailed
 * to the shop again.
 */
export async function retryFailedRefund(deps: AppDeps, id: string): Promise<OrderDto> {
  const claimed = await claimFailedRefund(deps, id);
  const refunded = await requestRefund(deps, claimed, claimed.refund.amountPaise);
  await tellRefundOutcome(deps, refunded);
  return toOrderDto(refunded, nowOf(deps));
}

/**
 * Recovery's part for cancellations a process died in the middle of, cancelled before `before`: what
 * they undo is undone, and a refund recorded as owed but never asked of the gateway is asked now
 * (claimed by one caller, the shopper told as a live cancellation tells them).
 */
export async function finishInterruptedCancellations(
  deps: AppDeps,
  before: Date,
): Promise<{ undone: number; refundsRequested: number }> {
  let undone = 0;
  for (const order of await unfinishedCancellations(before)) {
    await undoPlacing(deps, order);
    undone += 1;
  }
  for (const ref of await returnRefs()) {
    if (!(await isBeingUndone(ref.slice(RETURN_PREFIX.length)))) await forgetReturns(ref);
  }
  let refundsRequested = 0;
  for await (const order of claimOwedRefunds(before)) {
    await refundCancelled(deps, order, order.refund.amountPaise);
    refundsRequested += 1;
  }
  return { undone, refundsRequested };
}

/**
 * What cancelling undoes: the coupon use goes back, the stock goes back on the shelf (once per
 * product, however often this runs), the cash-on-delivery slot is freed; then the order records it
 * all as done. Each step is safe to repeat, so recovery can run it again after a process died
 * half-way.
 */
async function undoPlacing(deps: AppDeps, order: OrderRecord): Promise<void> {
  await releaseCouponOfOrder(order._id).catch((err: unknown) =>
    deps.logger.error({ err, orderId: String(order._id) }, 'cancelled order kept its coupon use'),
  );
  if (order.stockTaken) await returnStockOnce(returnRef(order._id), order.products);
  if (isCod(order)) await releaseCodSlot(order._id);
  await markUndone(order);
  await forgetReturns(returnRef(order._id));
}

/** Asks for a cancelled online order's refund and tells the shopper (and the shop if it failed). */
async function refundCancelled(deps: AppDeps, order: OrderRecord, amountPaise: number): Promise<OrderRecord> {
  const refunded = await requestRefund(deps, order, amountPaise);
  await notifyShopper(deps, refunded, 'cancelled');
  await tellRefundOutcome(deps, refunded);
  return refunded;
}

/** Asks the provider for the money back; a refusal leaves the order Cancelled with a failed refund. */
async function requestRefund(deps: AppDeps, order: OrderRecord, amountPaise: number): Promise<OrderRecord> {
  let answer: RefundAnswer;
  if (amountPaise === 0) {
    answer = { id: null, status: 'processed' };
  } else {
    try {
      const refund = await deps.payments.refund({
        // Only online orders reach here, and every online order has its payment id.
        paymentId: order.razorpayPaymentId ?? '',
        amountPaise,
        notes: { orderId: String(order._id) },
      });
      answer = { id: refund.id, status: refund.status };
    } catch (err) {
      deps.logger.error({ err, orderId: String(order._id), amountPaise }, 'refund request failed');
      answer = { id: null, status: 'failed' };
    }
  }
  return recordRefund(order, answer);
}
