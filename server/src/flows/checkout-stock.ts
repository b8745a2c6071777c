import { COUPON_LAPSED_REFUNDED, MESSAGES } from '@kesh/shared';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../lib/errors.js';
import { returnHeld, settleHolds, takeStockFor } from '../modules/catalog/index.js';
import { keepUseForPayment, releaseRedemption } from '../modules/coupons/index.js';
import { notifyRefundedPayment, notifyShopOfFailedPaymentRefund, refundEventFrom } from '../modules/orders/index.js';
import {
  PendingCheckout,
  type CheckoutDocument,
  type CheckoutRecord,
  type RefundReason,
} from '../modules/payments/index.js';

const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = 5000;

const REFUNDED_TEXTS: Record<RefundReason, string> = {
  soldOut: MESSAGES.soldOutRefunded,
  couponLapsed: COUPON_LAPSED_REFUNDED,
};

/**
 * The answer to a payment that could not become an order (a line sold out, or its coupon was used
 * since its hold lapsed): its money went back, no order exists. Checkouts refunded before the
 * reason was kept were all sold out.
 */
export const refundedPaymentError = (reason?: RefundReason | null) =>
  new HttpError(409, REFUNDED_TEXTS[reason ?? 'soldOut'], undefined, { success: false });

export const isRefundedPaymentError = (err: unknown) =>
  err instanceof HttpError && Object.values(REFUNDED_TEXTS).includes(err.message);

/** The stock claim of a checkout, as its products' holds name it. */
export const checkoutStockRef = (checkoutId: unknown) => `checkout:${String(checkoutId)}`;

/**
 * Takes a paid checkout's stock exactly once, however many of verify, POST /api/orders and the
 * webhook arrive at once: the first to move stockState from unset to 'taking' takes it, the others
 * wait for its outcome. Its coupon use is made sure of first (keepUseForPayment). When the coupon
 * was used since its hold lapsed, or a line is gone by now, the payment is refunded through the
 * gateway, the checkout ends 'soldOut' (refundReason says which) and every caller is answered
 * refundedPaymentError(). A claim that failed
 * (the database refused a write) is given back at once; one whose process died is given back by
 * the first caller or recovery sweep that finds it older than `stockClaimStaleMs`, so a retry of
 * Razorpay's webhook places the order instead of meeting "still being taken" forever.
 * True when this caller took the stock, false when another caller had taken it.
 */
export async function takeCheckoutStock(
  deps: AppDeps,
  checkout: CheckoutDocument,
  paymentId: string,
): Promise<boolean> {
  const ref = checkoutStockRef(checkout._id);
  for (let attempt = 0; ; attempt += 1) {
    const claimedAt = new Date();
    const claimed = await PendingCheckout.findOneAndUpdate(
      { _id: checkout._id, stockState: null },
      // A claimed checkout is kept (expiresAt cleared) until the retention sweep finds it finished.
      { $set: { stockState: 'taking', stockClaimedAt: claimedAt, expiresAt: null } },
      { projection: { _id: 1 } },
    ).lean();
    if (claimed) break;
    const settled = await settledStockState(checkout._id, deps.config.stockClaimStaleMs);
    if (settled?.stockState === 'taken') return false;
    if (settled?.stockState === 'soldOut') throw refundedPaymentError(settled.refundReason);
    const stale = new Date(Date.now() - deps.config.stockClaimStaleMs);
    if (attempt > 0 || !settled || !(await giveBackStaleClaim(deps, checkout._id, stale))) {
      throw new HttpError(503, MESSAGES.internalError, 'the stock of this payment is still being taken');
    }
  }
  let taken: boolean;
  try {
    const coupon = await keepUseForPayment(deps, checkout);
    if (coupon === 'usedSince') {
      await refundPayment(deps, checkout, paymentId, 'couponLapsed');
      throw refundedPaymentError('couponLapsed');
    }
    if (String(coupon.redemptionId) !== String(checkout.couponRedemptionId ?? null)) {
      // The order confirms the use taken now, its first hold having gone back.
      await PendingCheckout.updateOne({ _id: checkout._id }, { $set: { couponRedemptionId: coupon.redemptionId } });
    }
    taken = await takeStockFor(ref, checkout.lines);
  } catch (err) {
    if (isRefundedPaymentError(err)) throw err;
    // takeStockFor put back what it could; the claim goes too, so the next try starts afresh.
    await PendingCheckout.updateOne(
      { _id: checkout._id, stockState: 'taking' },
      { $set: { stockState: null, stockClaimedAt: null } },
    ).catch(() => undefined);
    throw err;
  }
  if (taken) {
    await PendingCheckout.updateOne({ _id: checkout._id }, { $set: { stockState: 'taken' } });
    await settleHolds(ref, checkout.lines).catch((err: unknown) =>
      deps.logger.warn({ err, ref }, 'stock taken; its holds are dropped by the next recovery sweep'),
    );
    return true;
  }
  // No order will confirm the coupon use this payment held: it goes back at once.
  await releaseRedemption(checkout.couponRedemptionId, { status: 'reserved' });
  await refundPayment(deps, checkout, paymentId, 'soldOut');
  throw refundedPaymentError('soldOut');
}

/**
 * A checkout's 'taking' claim made before `before` by a process that is gone: what it holds goes
 * back on the shelf and the claim is cleared, so the next caller takes the stock afresh. True when
 * this call cleared it.
 */
export async function giveBackStaleClaim(deps: AppDeps, checkoutId: unknown, before: Date): Promise<boolean> {
  const stale = {
    _id: checkoutId,
    stockState: 'taking' as const,
    $or: [{ stockClaimedAt: { $lt: before } }, { stockClaimedAt: null }],
  };
  if (!(await PendingCheckout.exists(stale))) return false;
  await returnHeld(checkoutStockRef(checkoutId));
  const cleared = await PendingCheckout.updateOne(stale, { $set: { stockState: null, stockClaimedAt: null } });
  if (cleared.modifiedCount === 1) {
    deps.logger.warn({ checkoutId: String(checkoutId) }, 'an interrupted stock claim of a payment was given back');
  }
  return cleared.modifiedCount === 1;
}

/** The checkout once its claim is settled, found stale, or WAIT_LIMIT_MS have passed. */
async function settledStockState(id: unknown, staleMs: number) {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const checkout = await PendingCheckout.findById(id, { stockState: 1, stockClaimedAt: 1, refundReason: 1 }).lean();
    if (checkout?.stockState !== 'taking' || waited >= WAIT_LIMIT_MS) return checkout;
    const claimedAt = checkout.stockClaimedAt?.getTime() ?? 0;
    if (claimedAt < Date.now() - staleMs) return checkout;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Gives a checkout's payment back in full when no order can be made of it, and tells the shopper so
 * by mail; a refusal is logged and mailed to the shop for the owner to settle by hand. Runs once per
 * checkout (the claim). The checkout records the refund as owed before the gateway is asked, so a
 * process that dies in between leaves a refund that retryInterruptedRefunds requests later, never a
 * payment kept.
 */
async function refundPayment(
  deps: AppDeps,
  checkout: CheckoutDocument,
  paymentId: string,
  refundReason: RefundReason,
): Promise<void> {
  await PendingCheckout.updateOne(
    { _id: checkout._id },
    {
      $set: {
        status: 'soldOut',
        stockState: 'soldOut',
        refundReason,
        paymentId,
        refund: { id: null, amountPaise: checkout.amountPaise, status: 'pending' },
        refundClaimedAt: new Date(),
      },
    },
  );
  await requestRefund(deps, { ...checkout.toObject(), refundReason }, paymentId);
}

/** What the refund tells Razorpay's dashboard (its notes) about why the money went back. */
const REFUND_NOTES: Record<RefundReason, string> = {
  soldOut: 'sold out',
  couponLapsed: 'coupon used after its hold lapsed',
};

type RefundedCheckout = Pick<
  CheckoutRecord,
  'razorpayOrderId' | 'amountPaise' | 'lines' | 'userDetails' | 'language' | 'refundReason'
> & { _id: unknown };

/** Asks the gateway for a refunded checkout's refund, records what it answered, and tells the shopper. */
async function requestRefund(deps: AppDeps, checkout: RefundedCheckout, paymentId: string): Promise<void> {
  const reason = checkout.refundReason ?? 'soldOut';
  const amountPaise = checkout.amountPaise;
  let refund: { id: string | null; status: 'pending' | 'processed' | 'failed' };
  try {
    const made = await deps.payments.refund({
      paymentId,
      amountPaise,
      notes: { razorpayOrderId: checkout.razorpayOrderId, reason: REFUND_NOTES[reason] },
    });
    refund = { id: made.id, status: made.status };
    deps.logger.warn({ razorpayOrderId: checkout.razorpayOrderId, paymentId, reason }, 'paid, no order made; refunded');
  } catch (err) {
    deps.logger.error(
      { err, razorpayOrderId: checkout.razorpayOrderId, paymentId, amountPaise, reason },
      'paid, no order made, and the refund failed; refund it from the Razorpay dashboard',
    );
    refund = { id: null, status: 'failed' };
  }
  await PendingCheckout.updateOne(
    { _id: checkout._id },
    { $set: { 'refund.id': refund.id, 'refund.status': refund.status } },
  );
  notifyRefundedPayment(deps, {
    razorpayOrderId: checkout.razorpayOrderId,
    paymentId,
    amountPaise,
    lines: checkout.lines,
    userDetails: checkout.userDetails,
    language: checkout.language,
    reason,
    refundFailed: refund.status === 'failed',
  });
}

/**
 * Sold-out refunds recorded as owed before `before` that the gateway was never asked for (their
 * process died in between): each is claimed by one caller and requested now. The count requested.
 */
export async function retryInterruptedRefunds(deps: AppDeps, before: Date): Promise<number> {
  const owed = {
    stockState: 'soldOut' as const,
    'refund.status': 'pending' as const,
    'refund.id': null,
    $or: [{ refundClaimedAt: { $lt: before } }, { refundClaimedAt: null }],
  };
  let requested = 0;
  for (const checkout of await PendingCheckout.find(owed).lean()) {
    const claimed = await PendingCheckout.updateOne(
      { _id: checkout._id, ...owed },
      { $set: { refundClaimedAt: new Date() } },
    );
    if (claimed.modifiedCount !== 1 || !checkout.paymentId) continue;
    await requestRefund(deps, checkout, checkout.paymentId);
    requested += 1;
  }
  return requested;
}

/**
 * Razorpay's refund.processed / refund.failed for a sold-out payment's refund (it lives on the
 * checkout, there being no order). Only a change the refund states allow is written (processed is
 * final); a failure is mailed to the shop once. False when no sold-out refund has this id.
 */
export async function applySoldOutRefundEvent(
  deps: AppDeps,
  refundId: string,
  status: 'processed' | 'failed',
): Promise<boolean> {
  const checkout = await PendingCheckout.findOneAndUpdate(
    { 'refund.id': refundId, 'refund.status': refundEventFrom(status) },
    { $set: { 'refund.status': status } },
    { returnDocument: 'after' },
  ).lean();
  if (!checkout?.refund) return false;
  if (status === 'failed') {
    notifyShopOfFailedPaymentRefund(deps, {
      razorpayOrderId: checkout.razorpayOrderId,
      paymentId: checkout.paymentId ?? '',
      amountPaise: checkout.refund.amountPaise,
      reason: checkout.refundReason ?? 'soldOut',
    });
  }
  return true;
}
