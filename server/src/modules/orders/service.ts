import type { InferSchemaType, Types } from 'mongoose';
import {
  MESSAGES,
  OBJECT_ID_PATTERN,
  ORDER_ID_DISPLAY_LENGTH,
  formatRupees,
  paiseToRupees,
  type CreateOrderBody,
  type Order as OrderDto,
  type OrderLine,
  type OrderStatus,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { HttpError, badRequest, isDuplicateKey, notFound } from '../../lib/errors.js';
import { imageUrl } from '../../lib/storage.js';
import type { TokenClaims } from '../../lib/tokens.js';
import { MainCategory } from '../catalog/category.model.js';
import { removePaidLines } from '../cart/service.js';
import { PendingCheckout, type CheckoutDocument } from '../payments/checkout.model.js';
import { Order } from './order.model.js';

/** Server-only texts of this module (the spec shows none for these situations). */
export const ORDER_TEXTS = {
  noVerifiedPayment: 'No verified payment found for this order.',
  invalidOrderId: 'Invalid order ID!',
} as const;

type OrderRecord = InferSchemaType<typeof Order.schema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

/** Orders as the API answers them: rupees, ISO dates, each product populated or null if deleted. */
export async function toOrderDtos(orders: OrderRecord[]): Promise<OrderDto[]> {
  const ids = [...new Set(orders.flatMap((o) => o.products.map((p) => String(p.productId))))];
  const products = ids.length ? await MainCategory.find({ _id: { $in: ids } }, { title: 1, imageKey: 1 }).lean() : [];
  const byId = new Map(products.map((p) => [String(p._id), p]));
  return orders.map((o) => ({
    _id: String(o._id),
    userId: String(o.userId),
    status: o.status as OrderStatus,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    totalAmount: paiseToRupees(o.totalPaise),
    userDetails: {
      username: o.userDetails?.username ?? '',
      email: o.userDetails?.email ?? '',
      contact: o.userDetails?.contact ?? '',
      address: o.userDetails?.address ?? '',
    },
    products: o.products.map((line): OrderLine => {
      const product = byId.get(String(line.productId));
      return {
        productId: product
          ? { _id: String(product._id), title: product.title, image: imageUrl(product.imageKey) }
          : null,
        title: line.title,
        quantity: line.quantity,
        price: paiseToRupees(line.pricePaise),
      };
    }),
    razorpayOrderId: o.razorpayOrderId,
    razorpayPaymentId: o.razorpayPaymentId,
  }));
}

async function toOrderDto(order: OrderRecord): Promise<OrderDto> {
  const [dto] = await toOrderDtos([order]);
  return dto!;
}

/** An admin sees every order (Delivered last, others newest first); a shopper only their own. */
export async function listOrders(claims: TokenClaims): Promise<OrderDto[]> {
  if (claims.role === 'customer') {
    const own = await Order.find({ userId: claims.sub }).sort({ createdAt: -1, _id: -1 }).lean<OrderRecord[]>();
    return toOrderDtos(own);
  }
  // Two sorted reads instead of a computed sort key: plain finds work on every engine.
  const [open, delivered] = await Promise.all([
    Order.find({ status: { $ne: 'Delivered' } })
      .sort({ createdAt: -1, _id: -1 })
      .lean<OrderRecord[]>(),
    Order.find({ status: 'Delivered' }).sort({ createdAt: -1, _id: -1 }).lean<OrderRecord[]>(),
  ]);
  return toOrderDtos([...open, ...delivered]);
}

export async function updateOrderStatus(id: string, status: OrderStatus): Promise<OrderDto> {
  if (!OBJECT_ID_PATTERN.test(id)) throw badRequest(ORDER_TEXTS.invalidOrderId);
  const order = await Order.findByIdAndUpdate(
    id,
    { $set: { status } },
    { returnDocument: 'after', runValidators: true },
  ).lean<OrderRecord>();
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return toOrderDto(order);
}

/**
 * Turns a checkout whose payment was verified (browser signature or signed webhook) into its one
 * order. Safe to call any number of times, concurrently: the unique indexes on the Razorpay ids
 * let exactly one insert win and everyone else reads the winner. The checkout is then marked paid
 * by a conditional update, so the paid lines leave the cart and the mails go out once, after the
 * order exists.
 */
export async function placeOrderFromCheckout(
  deps: AppDeps,
  checkout: CheckoutDocument,
  paymentId: string,
): Promise<{ order: OrderDto; created: boolean }> {
  const { order, created } = await insertOrderOnce(deps, checkout, paymentId);

  const claimed = await PendingCheckout.findOneAndUpdate(
    { _id: checkout._id, status: 'created' },
    { $set: { status: 'paid', paymentId: order.razorpayPaymentId } },
  );
  if (claimed) {
    try {
      await removePaidLines(String(checkout.userId), checkout.lines);
    } catch (err) {
      deps.logger.error({ err, orderId: String(order._id) }, 'order placed but the cart could not be cleared');
    }
    sendOrderConfirmation(deps, order);
  }
  return { order: await toOrderDto(order), created };
}

async function insertOrderOnce(deps: AppDeps, checkout: CheckoutDocument, paymentId: string) {
  const existing = await Order.findOne({ razorpayOrderId: checkout.razorpayOrderId }).lean<OrderRecord>();
  if (existing) return { order: existing, created: false };
  try {
    const created = await Order.create({
      userId: checkout.userId,
      products: checkout.lines.map((l) => ({
        productId: l.productId,
        title: l.title,
        quantity: l.quantity,
        pricePaise: l.unitPricePaise,
      })),
      totalPaise: checkout.amountPaise,
      userDetails: checkout.userDetails,
      razorpayOrderId: checkout.razorpayOrderId,
      razorpayPaymentId: paymentId,
    });
    return { order: created.toObject() as OrderRecord, created: true };
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
    return { order: winner, created: false };
  }
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
  const filter: Record<string, unknown> = { userId, status: 'paid' };
  if (body.razorpay_order_id) filter.razorpayOrderId = body.razorpay_order_id;
  if (body.razorpay_payment_id) filter.paymentId = body.razorpay_payment_id;
  const checkout = await PendingCheckout.findOne(filter).sort({ updatedAt: -1, _id: -1 });
  if (!checkout?.paymentId) throw new HttpError(402, ORDER_TEXTS.noVerifiedPayment);
  return placeOrderFromCheckout(deps, checkout, checkout.paymentId);
}

/** Mails the shopper and the shop; a mail failure is logged and never undoes the order. */
function sendOrderConfirmation(deps: AppDeps, order: OrderRecord): void {
  const { config, mailer, logger } = deps;
  const shortId = String(order._id).slice(-ORDER_ID_DISPLAY_LENGTH);
  const details = order.userDetails ?? { username: '', email: '', contact: '', address: '' };
  const lines = order.products.map(
    (p) => `- ${p.title} x ${p.quantity}: ${formatRupees(paiseToRupees(p.pricePaise * p.quantity))}`,
  );
  const summary = [
    ...lines,
    `Total: ${formatRupees(paiseToRupees(order.totalPaise))}`,
    `Deliver to: ${details.address || 'No Address Provided'}`,
    `Contact: ${details.contact || 'N/A'}`,
    `Payment: ${order.razorpayPaymentId}`,
  ].join('\n');

  const messages = [
    {
      to: config.shopNotifyEmail,
      subject: `New order #${shortId} from ${details.username || details.email}`,
      text: `A new order was paid.\n\nCustomer: ${details.username} <${details.email}>\n${summary}\n`,
    },
  ];
  if (details.email) {
    messages.unshift({
      to: details.email,
      subject: `Your ${config.shop.name} order #${shortId} is confirmed`,
      text: `Hello ${details.username || 'there'},\n\n${MESSAGES.orderConfirmedText}\n\n${summary}\n\n${config.shop.name}\n${config.shop.phone} · ${config.shop.email}\n`,
    });
  }
  for (const message of messages) {
    mailer.send(message).catch((err: unknown) => {
      logger.error({ err, to: message.to, orderId: String(order._id) }, 'order confirmation mail failed');
    });
  }
}
