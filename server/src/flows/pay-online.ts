import { randomBytes } from 'node:crypto';
import {
  CURRENCY,
  MESSAGES,
  normalizeCouponCode,
  RECEIPT_MAX_LENGTH,
  type CreatePaymentOrderBody,
  type LanguageCode,
  type PaymentOrderResponse,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@kesh/shared';
import type { AppDeps } from '../deps.js';
import { HttpError, badRequest, conflict, unauthorized } from '../lib/errors.js';
import { anyLineShort } from '../modules/catalog/index.js';
import { priceCheckout, releaseRedemption, renewHold } from '../modules/coupons/index.js';
import { Order, applyRefundEvent, priceCart } from '../modules/orders/index.js';
import { PendingCheckout, type CheckoutRecord } from '../modules/payments/index.js';
import { assertDeliverable } from '../modules/shipping/index.js';
import { User } from '../modules/users/index.js';
import { applySoldOutRefundEvent, isRefundedPaymentError } from './checkout-stock.js';
import { orderOfExpiredCheckout, placeOrderFromCheckout } from './place-online-order.js';

/** Server-only texts of this module (the spec shows none for these situations). */
export const PAYMENT_TEXTS = {
  providerUnavailable: 'The payment service is not reachable right now. Please try again.',
  amountTooSmall: 'The order total must be at least ₹1 to pay online.',
  checkoutNotFound: 'Payment order not found.',
  invalidWebhookSignature: 'Invalid webhook signature',
} as const;

/** Razorpay refuses orders under ₹1. */
const MIN_AMOUNT_PAISE = 100;

function newReceipt(): string {
  return `rcpt_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`.slice(0, RECEIPT_MAX_LENGTH);
}

/**
 * Creates the Razorpay order for what is in the caller's cart right now, priced from the
 * catalogue, and freezes that cart as a pending checkout. A client `amount` is only a hint.
 */
export async function createCheckout(
  deps: AppDeps,
  userId: string,
  body: Pick<CreatePaymentOrderBody, 'amount' | 'receipt' | 'address' | 'couponCode'>,
  language?: LanguageCode,
): Promise<PaymentOrderResponse> {
  const user = await User.findById(userId, { username: 1, email: 1, contact: 1, address: 1 }).lean();
  if (!user) throw unauthorized(MESSAGES.userNotAuthenticated);

  const cart = await priceCart(userId, 'online');
  if (cart.lines.length === 0) throw badRequest(MESSAGES.cartEmpty);
  const address = body.address?.trim() || user.address?.trim();
  if (!address) throw badRequest(MESSAGES.selectDeliveryAddress);
  await assertDeliverable(address);
  if (cart.totalPaise < MIN_AMOUNT_PAISE) throw badRequest(PAYMENT_TEXTS.amountTooSmall);
  // A hint, not a claim: the stock is taken when the payment arrives, and refunded if gone by then.
  if (await anyLineShort(cart.lines)) throw conflict(MESSAGES.outOfStock);
  if (body.couponCode) {
    const reopened = await reopenCouponCheckout(deps, userId, cart.lines, address, body.couponCode);
    if (reopened) return paymentOrderOf(deps, reopened);
  }
  // Subtotal, coupon discount and total. It takes one use of the coupon, which every failure below
  // gives back: without a saved checkout no payment can ever use it.
  const priced = await priceCheckout(deps, { userId, lines: cart.lines, couponCode: body.couponCode });
  const failed = async (err: unknown): Promise<never> => {
    await releaseRedemption(priced.redemptionId);
    throw err;
  };
  if (priced.totalPaise < MIN_AMOUNT_PAISE) await failed(badRequest(PAYMENT_TEXTS.amountTooSmall));

  if (body.amount !== undefined && body.amount !== priced.totalPaise) {
    deps.logger.debug(
      { userId, clientAmount: body.amount, amountPaise: priced.totalPaise },
      'client amount differs from the catalogue total; charging the catalogue total',
    );
  }

  const receipt = body.receipt?.trim() || newReceipt();
  let providerOrder;
  try {
    providerOrder = await deps.payments.createOrder({ amountPaise: priced.totalPaise, receipt, notes: { userId } });
  } catch (err) {
    deps.logger.error({ err, userId }, 'the payment provider refused to create an order');
    return failed(new HttpError(502, PAYMENT_TEXTS.providerUnavailable));
  }

  await PendingCheckout.create({
    razorpayOrderId: providerOrder.id,
    userId,
    lines: cart.lines,
    amountPaise: providerOrder.amount,
    currency: providerOrder.currency,
    receipt: providerOrder.receipt,
    userDetails: { username: user.username, email: user.email, contact: user.contact, address },
    ...(language ? { language } : {}),
    ...(priced.coupon
      ? { coupon: priced.coupon, discountPaise: priced.discountPaise, couponRedemptionId: priced.redemptionId }
      : {}),
  }).catch(failed);

  return paymentOrderOf(deps, { razorpayOrderId: providerOrder.id, amountPaise: providerOrder.amount, receipt });
}

const paymentOrderOf = (
  deps: AppDeps,
  checkout: Pick<CheckoutRecord, 'razorpayOrderId' | 'amountPaise' | 'receipt'>,
): PaymentOrderResponse => ({
  id: checkout.razorpayOrderId,
  amount: checkout.amountPaise,
  currency: CURRENCY,
  receipt: checkout.receipt,
  keyId: deps.payments.keyId,
  mode: deps.payments.mode,
});

/** How many of the shopper's latest open checkouts are compared when they pay again with a coupon. */
const REOPEN_CANDIDATES = 5;

/**
 * The shopper closed Razorpay's window and presses Pay again with the same coupon: the payment they
 * opened (same lines, address and code, its coupon use still held) is handed back instead of a second
 * one, so the one use can only ever be paid once. Any other cart meets the coupon rule's refusal.
 */
async function reopenCouponCheckout(
  deps: AppDeps,
  userId: string,
  lines: readonly { productId: unknown; variantId?: unknown; quantity: number; unitPricePaise: number }[],
  address: string,
  couponCode: string,
): Promise<CheckoutRecord | null> {
  // One whose payment has arrived (its stock claimed) is never offered again: it would be paid twice.
  const open = await PendingCheckout.find({ userId, status: 'created', stockState: null })
    .sort({ updatedAt: -1 })
    .limit(REOPEN_CANDIDATES)
    .lean<CheckoutRecord[]>();
  const sameLines = (c: CheckoutRecord) =>
    c.lines.length === lines.length &&
    c.lines.every(
      (l, i) =>
        String(l.productId) === String(lines[i]!.productId) &&
        String(l.variantId ?? '') === String(lines[i]!.variantId ?? '') &&
        l.quantity === lines[i]!.quantity &&
        l.unitPricePaise === lines[i]!.unitPricePaise,
    );
  const code = normalizeCouponCode(couponCode);
  const now = deps.now ? deps.now() : new Date();
  for (const checkout of open) {
    if (checkout.coupon !== code || checkout.userDetails?.address !== address || !sameLines(checkout)) continue;
    if (await renewHold(checkout.couponRedemptionId, now)) return checkout;
  }
  return null;
}

const verificationFailed = () => new HttpError(400, MESSAGES.paymentVerificationFailed, undefined, { success: false });

/**
 * Checks Razorpay's signature and places the order from the stored checkout. The browser's
 * products, total and userDetails are ignored: only the signed ids matter.
 */
export async function verifyPayment(
  deps: AppDeps,
  userId: string,
  body: Pick<VerifyPaymentBody, 'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature'>,
  answered?: Promise<unknown>,
): Promise<VerifyPaymentResponse> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = body;
  if (!deps.payments.verifyPaymentSignature(orderId, paymentId, signature)) {
    deps.logger.warn({ userId, orderId, paymentId }, 'payment signature mismatch');
    throw verificationFailed();
  }
  const checkout = await PendingCheckout.findOne({ razorpayOrderId: orderId });
  const owner = checkout ? String(checkout.userId) : await ownerOfOrderPaidBy(orderId);
  if (owner === undefined) throw new HttpError(404, PAYMENT_TEXTS.checkoutNotFound, undefined, { success: false });
  if (owner !== userId) throw new HttpError(403, MESSAGES.forbidden, undefined, { success: false });
  if (!checkout) {
    // Expired after its order was placed (docs/checkout-retention.md): a retry gets that order.
    const order = await orderOfExpiredCheckout(deps, { razorpayOrderId: orderId });
    if (order) return { success: true, message: MESSAGES.orderPlaced, order };
    throw new HttpError(404, PAYMENT_TEXTS.checkoutNotFound, undefined, { success: false });
  }
  const { order } = await placeOrderFromCheckout(deps, checkout, paymentId, answered);
  return { success: true, message: MESSAGES.orderPlaced, order };
}

async function ownerOfOrderPaidBy(razorpayOrderId: string): Promise<string | undefined> {
  const order = await Order.findOne({ razorpayOrderId }, { userId: 1 }).lean();
  return order ? String(order.userId) : undefined;
}

interface RazorpayWebhookEvent {
  event?: unknown;
  payload?: {
    payment?: { entity?: { id?: unknown; order_id?: unknown; amount?: unknown } };
    order?: { entity?: { id?: unknown } };
    refund?: { entity?: { id?: unknown } };
  };
}

/** Events that prove an order was paid; every other event is acknowledged and ignored. */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);
/** Refund events and the refund status each one means. */
const REFUND_EVENTS = new Map([
  ['refund.processed', 'processed'],
  ['refund.failed', 'failed'],
] as const);

/**
 * Razorpay's server-to-server notice, for when the browser never came back after paying.
 * Idempotent with verify: both end in placeOrderFromCheckout.
 */
export async function handleWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void> {
  if (!signature || !deps.payments.verifyWebhookSignature(rawBody, signature)) {
    deps.logger.warn('webhook with a missing or wrong signature refused');
    throw badRequest(PAYMENT_TEXTS.invalidWebhookSignature);
  }
  let event: RazorpayWebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as RazorpayWebhookEvent;
  } catch {
    throw badRequest(MESSAGES.invalidRequest, 'Malformed JSON');
  }
  if (typeof event.event !== 'string') return;
  const refundStatus = REFUND_EVENTS.get(event.event as 'refund.processed');
  if (refundStatus) {
    const refundId = event.payload?.refund?.entity?.id;
    if (typeof refundId !== 'string') return;
    const changed =
      (await applyRefundEvent(deps, refundId, refundStatus)) ||
      (await applySoldOutRefundEvent(deps, refundId, refundStatus));
    if (changed) deps.logger.info({ refundId, status: refundStatus }, 'refund status from the webhook');
    else {
      // Answered 200 all the same, so Razorpay does not deliver it again.
      deps.logger.warn(
        { refundId, status: refundStatus },
        'refund event ignored: an unknown refund, a repeat, or after processed (which is final)',
      );
    }
    return;
  }
  if (!PAID_EVENTS.has(event.event)) return;

  const payment = event.payload?.payment?.entity;
  const orderId = payment?.order_id ?? event.payload?.order?.entity?.id;
  const paymentId = payment?.id;
  if (typeof orderId !== 'string' || typeof paymentId !== 'string') {
    deps.logger.warn({ event: event.event }, 'paid webhook without order and payment ids ignored');
    return;
  }
  const checkout = await PendingCheckout.findOne({ razorpayOrderId: orderId });
  if (!checkout) {
    if (await Order.exists({ razorpayOrderId: orderId })) return; // placed; its checkout has expired since
    // Another integration on the same Razorpay account, or a checkout from another database.
    deps.logger.warn({ orderId, paymentId }, 'paid webhook for an unknown order ignored');
    return;
  }
  if (typeof payment?.amount === 'number' && payment.amount !== checkout.amountPaise) {
    deps.logger.error(
      { orderId, paymentId, paid: payment.amount, expected: checkout.amountPaise },
      'webhook amount differs from the checkout; no order placed',
    );
    return;
  }
  try {
    const { order, created } = await placeOrderFromCheckout(deps, checkout, paymentId);
    if (created) deps.logger.info({ orderId, orderRef: order._id }, 'order placed from the payment webhook');
  } catch (err) {
    // Refunded (sold out, or its coupon used since its hold lapsed): answered, so Razorpay does not
    // deliver the event again.
    if (!isRefundedPaymentError(err)) throw err;
  }
}

/** Simulator only: what Razorpay's window hands the browser after the shopper presses Pay. */
export async function simulatePayment(deps: AppDeps, orderId: string) {
  const checkout = await PendingCheckout.findOne({ razorpayOrderId: orderId }, { _id: 1 }).lean();
  const paid = checkout ? deps.payments.simulatePayment?.(orderId) : undefined;
  if (!paid) throw new HttpError(404, PAYMENT_TEXTS.checkoutNotFound);
  const { paymentId, signature } = paid;
  return { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature };
}
