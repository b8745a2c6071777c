/**
 * Placing an online order: a payment verified (the browser's signature, Razorpay's signed webhook,
 * or POST /api/orders after either) becomes its one order. The checkout's stock is taken
 * (checkout-stock.ts), the order inserted once, then the checkout marked paid, its coupon use
 * confirmed, the paid lines taken from the cart and the order confirmed (invoice, mails).
 */
import type { CreateOrderBody, LanguageCode, Order as OrderDto } from '@kesh/shared';
import { Types } from 'mongoose';
import type { AppDeps } from '../deps.js';
import { HttpError, isDuplicateKey } from '../lib/errors.js';
import { removePaidLines } from '../modules/cart/index.js';
import { confirmRedemption } from '../modules/coupons/index.js';
import {
  ORDER_TEXTS,
  Order,
  confirmOrder,
  expectInvoice,
  orderLinesAndShelfOf,
  nowOf,
  toOrderDto,
  type OrderRecord,
} from '../modules/orders/index.js';
import { PendingCheckout, type CheckoutDocument } from '../modules/payments/index.js';
import { refundedPaymentError, takeCheckoutStock } from './checkout-stock.js';

/**
 * Turns a checkout whose payment was verified (browser signature or signed webhook) into its one
 * order. Safe to call any number of times, concurrently: the checkout's stock is taken once
 * (takeCheckoutStock; a sold-out line refunds the payment instead), the unique indexes on the
 * Razorpay ids let exactly one insert win and everyone else reads the winner. The checkout is then marked paid
 * by a conditional update, so the paid lines leave the cart and the mails go out once, after the
 * order exists. `answered`: when the caller's answer has left (the order's invoice job waits for it).
 */
export async function placeOrderFromCheckout(
  deps: AppDeps,
  checkout: CheckoutDocument,
  paymentId: string,
  answered?: Promise<unknown>,
): Promise<{ order: OrderDto; created: boolean }> {
  let placed = await Order.findOne({ razorpayOrderId: checkout.razorpayOrderId }).lean<OrderRecord>();
  // A caller that took the stock itself inserts at once: no order could be inserted since the look
  // above but by a caller that found the stock taken by this one, and the unique index decides between
  // those two. One that found it taken by another looks again, the other being likely to have placed it.
  if (!placed && !(await takeCheckoutStock(deps, checkout, paymentId))) {
    placed = await Order.findOne({ razorpayOrderId: checkout.razorpayOrderId }).lean<OrderRecord>();
  }
  const { order, created, shelf } = placed
    ? { order: placed, created: false, shelf: undefined }
    : await insertOrderOnce(deps, checkout, paymentId);

  const claimed = await PendingCheckout.findOneAndUpdate(
    { _id: checkout._id, status: 'created' },
    { $set: { status: 'paid', paymentId: order.razorpayPaymentId } },
    { projection: { couponRedemptionId: 1 } },
  ).lean();
  let numbered: OrderRecord | null = null;
  if (claimed) {
    try {
      await confirmRedemption(deps, {
        // As stored: the claim may have replaced a lapsed hold after this caller read the checkout.
        redemptionId: claimed.couponRedemptionId,
        orderId: order._id,
        userId: checkout.userId,
        coupon: checkout.coupon,
      });
    } catch (err) {
      deps.logger.error({ err, orderId: String(order._id) }, 'order placed but its coupon use could not be confirmed');
    }
    try {
      await removePaidLines(String(checkout.userId), checkout.lines);
    } catch (err) {
      deps.logger.error({ err, orderId: String(order._id) }, 'order placed but the cart could not be cleared');
    }
    numbered = await confirmOrder(deps, order, answered);
  }
  // The order as stored: numbered by this call, or read (another caller may be numbering it).
  const stored = numbered ?? (await Order.findById(order._id).lean<OrderRecord>()) ?? order;
  // The products' titles and images as this call read them to insert the order (else read now).
  return { order: await toOrderDto(stored, nowOf(deps), shelf), created };
}

async function insertOrderOnce(deps: AppDeps, checkout: CheckoutDocument, paymentId: string) {
  const { products, shelf } = await orderLinesAndShelfOf(checkout.lines);
  const placedAt = nowOf(deps);
  const orderId = new Types.ObjectId();
  await expectInvoice(orderId);
  try {
    const created = await Order.create({
      _id: orderId,
      userId: checkout.userId,
      products,
      totalPaise: checkout.amountPaise,
      userDetails: checkout.userDetails,
      razorpayOrderId: checkout.razorpayOrderId,
      razorpayPaymentId: paymentId,
      paymentMethod: 'online',
      stockTaken: true,
      timeline: [{ status: 'Processing', at: placedAt }],
      createdAt: placedAt,
      ...(checkout.language ? { language: checkout.language as LanguageCode } : {}),
      ...(checkout.coupon ? { coupon: checkout.coupon, discountPaise: checkout.discountPaise ?? 0 } : {}),
    });
    return { order: created.toObject() as OrderRecord, created: true, shelf };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const winner = await Order.findOne({
      $or: [{ razorpayOrderId: checkout.razorpayOrderId }, { razorpayPaymentId: paymentId }],
    }).lean<OrderRecord>();
    if (!winner) throw err;
    if (winner.razorpayPaymentId !== paymentId) {
      deps.logger.warn(
        { razorpayOrderId: checkout.razorpayOrderId, paymentId, orderPaymentId: winner.razorpayPaymentId },
        'a second payment arrived for an order that is already placed; refund it from the Razorpay dashboard',
      );
    }
    return { order: winner, created: false, shelf: undefined };
  }
}

/**
 * The online order that a payment became, found by its Razorpay ids once its checkout has expired
 * (the newest of the shopper's online orders when no id is given). Never places or takes anything.
 */
export async function orderOfExpiredCheckout(
  deps: AppDeps,
  filter: { userId?: string; razorpayOrderId?: string; razorpayPaymentId?: string },
): Promise<OrderDto | undefined> {
  const order = await Order.findOne({ razorpayOrderId: { $type: 'string' }, ...filter })
    .sort({ _id: -1 })
    .lean<OrderRecord>();
  return order ? toOrderDto(order, nowOf(deps)) : undefined;
}

/**
 * POST /api/orders, kept for the spec's client: it only ever answers the order of a payment this
 * server verified, identified by the Razorpay ids when sent, else the caller's latest paid checkout.
 */
export async function placeOrderForVerifiedPayment(
  deps: AppDeps,
  userId: string,
  body: Pick<CreateOrderBody, 'razorpay_order_id' | 'razorpay_payment_id'>,
): Promise<{ order: OrderDto; created: boolean }> {
  const filter: Record<string, unknown> = { userId, status: { $in: ['paid', 'soldOut'] } };
  if (body.razorpay_order_id) filter.razorpayOrderId = body.razorpay_order_id;
  if (body.razorpay_payment_id) filter.paymentId = body.razorpay_payment_id;
  const checkout = await PendingCheckout.findOne(filter).sort({ updatedAt: -1, _id: -1 });
  if (!checkout) {
    // Its checkout may have expired (docs/checkout-retention.md): the order it became answers.
    const order = await orderOfExpiredCheckout(deps, {
      userId,
      ...(body.razorpay_order_id ? { razorpayOrderId: body.razorpay_order_id } : {}),
      ...(body.razorpay_payment_id ? { razorpayPaymentId: body.razorpay_payment_id } : {}),
    });
    if (order) return { order, created: false };
  }
  if (!checkout?.paymentId) throw new HttpError(402, ORDER_TEXTS.noVerifiedPayment);
  if (checkout.status === 'soldOut') throw refundedPaymentError(checkout.refundReason);
  return placeOrderFromCheckout(deps, checkout, checkout.paymentId);
}
