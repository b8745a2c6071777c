import {
  DEFAULT_GST_RATE_PERCENT,
  DEFAULT_HSN_CODE,
  MESSAGES,
  OBJECT_ID_PATTERN,
  lineTitlesOf,
  type Order as OrderDto,
  type ProductTranslations,
  type OrderStatus,
  type OrderStatusBody,
} from '@kesh/shared';
import type { Types } from 'mongoose';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { TokenClaims } from '../../lib/tokens.js';
import { MainCategory, TRANSLATED_TITLES, keptShelf, type ShelfOf } from '../catalog/index.js';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import { claimCodSlot, releaseCodSlot } from './cod-slots.js';
import { LINE_PRODUCT_FIELDS, isCod, toOrderDto, toOrderDtos, type LineProduct, type OrderRecord } from './dto.js';
import { keptOrders } from './kept-orders.js';
import { numberNewOrder } from './invoice-number.js';
import { startInvoiceJob } from './invoice-jobs.js';
import { countCodOutcome } from '../users/index.js';
import { notifyShopper, type OrderMailEvent } from './notifications.js';
import { Order } from './order.model.js';

export const nowOf = (deps: Pick<AppDeps, 'now'>) => (deps.now ? deps.now() : new Date());

/** The route's order id when it is a well-formed ObjectId; 400 otherwise. */
export function orderIdOf(raw: unknown): string {
  const id = typeof raw === 'string' ? raw : '';
  if (!OBJECT_ID_PATTERN.test(id))
    throw badRequest(MESSAGES.invalidOrderId, 'An order id is 24 hexadecimal characters.');
  return id;
}

/** An order the caller may see: an admin any, a shopper only their own (another's is a 404, never a 403). */
export async function findVisibleOrder(claims: TokenClaims, rawId: unknown): Promise<OrderRecord> {
  const id = orderIdOf(rawId);
  const filter = claims.role === 'admin' ? { _id: id } : { _id: id, userId: claims.sub };
  const order = await Order.findOne(filter).lean<OrderRecord>();
  if (!order) throw notFound(MESSAGES.orderNotFound);
  return order;
}

/** Where "my orders" reads from: the database, or kept orders and a kept shelf (ownOrderReads). */
export interface OwnOrderReads {
  /** The shopper's orders may come from memory (kept-orders.ts: only when this process owns the database). */
  keepOrders: boolean;
  shelf?: ShelfOf<LineProduct>;
}

/** The route's reads: the products its lines show kept until the catalogue changes (catalog/kept-shelf.ts). */
export const ownOrderReads = (keepOrders: boolean, storefront: StorefrontVersion): OwnOrderReads => ({
  keepOrders,
  shelf: keptShelf<LineProduct>(LINE_PRODUCT_FIELDS, storefront),
});

/** A shopper's own orders, newest first (the owner's GET /api/orders/ streams: admin-list-stream.ts). */
export async function listOwnOrders(
  userId: string,
  now = new Date(),
  reads: OwnOrderReads = { keepOrders: false },
): Promise<OrderDto[]> {
  // Not the owner's search keys, which no shopper's answer shows.
  const load = () => Order.find({ userId }, { searchKeys: 0 }).sort({ createdAt: -1, _id: -1 }).lean<OrderRecord[]>();
  const own = reads.keepOrders ? await keptOrders(userId, load) : await load();
  return toOrderDtos(own, now, reads.shelf);
}

const MAIL_OF_STATUS: Partial<Record<OrderStatus, OrderMailEvent>> = {
  Dispatched: 'dispatched',
  Delivered: 'delivered',
};

/** A status the owner sets through PUT /:id/status other than Cancelled (the cancel-order flow's). */
export type StatusChange = OrderStatusBody & { status: Exclude<OrderStatus, 'Cancelled'> };

/**
 * The owner's status change. A Cancelled order is final, since its payment went back. The filter
 * makes the change and a concurrent cancellation exclusive: exactly one of them applies.
 */
export async function updateOrderStatus(deps: AppDeps, id: string, body: StatusChange): Promise<OrderDto> {
  const { status } = body;
  const now = nowOf(deps);
  const shipment = status === 'Dispatched' ? shipmentOf(body) : undefined;
  const before = await Order.findOneAndUpdate(
    { _id: id, status: { $nin: ['Cancelled', status] } },
    {
      $set: { status, ...(shipment ? { shipment } : {}) },
      $push: { timeline: { status, at: now } },
    },
    { returnDocument: 'before', runValidators: true },
  ).lean<OrderRecord>();
  if (!before) return unchangedStatus(deps, id, status, shipment, now);
  // An order from before the timeline existed gets its placing written first.
  if (!before.timeline?.length) {
    await Order.updateOne(
      { _id: id, 'timeline.0.status': status },
      { $push: { timeline: { $each: [{ status: 'Processing', at: before.createdAt }], $position: 0 } } },
    );
  }
  const order = (await Order.findById(id).lean<OrderRecord>())!;
  // A delivered cash-on-delivery order no longer counts against the shopper's open ones; moved back
  // from Delivered (marked by mistake), it counts again. The owner's correction stands even when
  // the shopper has two others open meanwhile: it is logged rather than refused.
  if (status === 'Delivered' && isCod(order)) {
    await releaseCodSlot(order._id);
    await countCodOutcome(order.userId, 'delivered');
  }
  if (before.status === 'Delivered' && isCod(order)) await countCodOutcome(order.userId, 'delivered', -1);
  if (before.status === 'Delivered' && isCod(order) && !(await claimCodSlot(String(order.userId), order._id))) {
    deps.logger.warn({ orderId: id }, 'a COD order moved back from Delivered while its shopper has two others open');
  }
  const event = MAIL_OF_STATUS[status];
  if (event) await notifyShopper(deps, order, event);
  return toOrderDto(order, now);
}

/** The order already has the status asked for (only new shipment details are saved), or is Cancelled. */
async function unchangedStatus(
  deps: AppDeps,
  id: string,
  status: OrderStatus,
  shipment: ReturnType<typeof shipmentOf>,
  now: Date,
): Promise<OrderDto> {
  const order = await Order.findOneAndUpdate({ _id: id, status }, shipment ? { $set: { shipment } } : {}, {
    returnDocument: 'after',
    runValidators: true,
  }).lean<OrderRecord>();
  if (order) return toOrderDto(order, now);
  const exists = await Order.exists({ _id: id });
  if (!exists) throw notFound(MESSAGES.orderNotFound);
  throw conflict(MESSAGES.orderCancelledIsFinal);
}

function shipmentOf(body: OrderStatusBody) {
  const shipment = {
    courier: body.courier ?? '',
    trackingNumber: body.trackingNumber ?? '',
    trackingUrl: body.trackingUrl ?? '',
  };
  return shipment.courier || shipment.trackingNumber || shipment.trackingUrl ? shipment : undefined;
}

/**
 * Numbers the new order's invoice (so the answer carries its number), then leaves the rest to the
 * order's invoice job, started once the caller has gone on to answer (`answered`, when the caller
 * knows when its answer has left; else on the next turn of the event loop): rendering the PDF (on a
 * worker thread), storing it, and queueing the shopper's mail with it attached and the shop's
 * notice. A numbering problem does not undo the order: it is logged, and the job numbers it.
 * Answers the order as stored once numbered when this call numbered it (numberNewOrder).
 */
export async function confirmOrder(
  deps: AppDeps,
  order: OrderRecord,
  answered?: Promise<unknown>,
): Promise<OrderRecord | null> {
  let numbered: OrderRecord | null = null;
  try {
    numbered = await numberNewOrder(order._id, order.createdAt, deps.config.invoice.prefix);
  } catch (err) {
    deps.logger.error({ err, orderId: String(order._id) }, 'invoice number could not be given to a new order');
  }
  startInvoiceJob(deps, order._id, answered);
  return numbered;
}

/** A line being bought, from the cart or a paid checkout. */
interface BoughtLine {
  productId: unknown;
  title: string;
  quantity: number;
  unitPricePaise: number;
  variantId?: unknown;
  variantLabel?: string | null;
  sku?: string | null;
}

/**
 * An order's lines as stored: the price paid, the product's GST details and the variant's name
 * copied at purchase, so the order, its invoice and its mails read the same whatever the owner
 * later changes or removes.
 */
export async function orderLinesOf(lines: readonly BoughtLine[]) {
  return (await orderLinesAndShelfOf(lines)).products;
}

/**
 * orderLinesOf, and what the order's answer shows of each product now (toOrderDtos' shelf) from the
 * same read of the products.
 */
export async function orderLinesAndShelfOf(lines: readonly BoughtLine[]) {
  const copied = await copiesOfProducts(lines.map((l) => String(l.productId)));
  const products = lines.map((l) => ({
    productId: l.productId,
    title: l.title,
    quantity: l.quantity,
    pricePaise: l.unitPricePaise,
    ...copied.get(String(l.productId)),
    ...(l.variantId ? { variantId: l.variantId, variantLabel: l.variantLabel ?? '', sku: l.sku ?? '' } : {}),
  }));
  return { products, shelf: copied.shelf };
}

type ProductCopied = {
  _id: Types.ObjectId;
  title: string;
  imageKey?: string | null;
  hsnCode?: string | null;
  gstRatePercent?: number | null;
  translations?: ProductTranslations;
};

/**
 * What an order copies of each product at purchase, so its invoice and mails never change
 * afterwards: the HSN code, the GST rate, and the title in the shop's other languages. Also the
 * title and image the order's answer shows (`shelf`).
 */
async function copiesOfProducts(ids: string[]) {
  const products = await MainCategory.find(
    { _id: { $in: ids } },
    { hsnCode: 1, gstRatePercent: 1, ...TRANSLATED_TITLES, ...LINE_PRODUCT_FIELDS },
  ).lean<ProductCopied[]>();
  const byId = new Map(
    products.map((p) => {
      const titles = lineTitlesOf(p.translations);
      return [
        String(p._id),
        {
          hsnCode: p.hsnCode || DEFAULT_HSN_CODE,
          gstRatePercent: p.gstRatePercent ?? DEFAULT_GST_RATE_PERCENT,
          ...(Object.keys(titles).length > 0 ? { titles } : {}),
        },
      ];
    }),
  );
  const onShelf = new Map(
    products.map((p) => [
      String(p._id),
      { product: { _id: p._id, title: p.title, imageKey: p.imageKey }, variants: undefined },
    ]),
  );
  const shelf: ShelfOf<LineProduct> = async (wanted) =>
    new Map(wanted.flatMap((id) => onShelf.get(String(id)) ?? []).map((entry) => [String(entry.product._id), entry]));
  // A product deleted since it was put in the cart keeps the defaults.
  const fallback = { hsnCode: DEFAULT_HSN_CODE, gstRatePercent: DEFAULT_GST_RATE_PERCENT };
  return { get: (id: string) => byId.get(id) ?? fallback, shelf };
}

/**
 * The owner records the cash a courier collected for a delivered cash-on-delivery order. Marking it
 * again answers the same order; an online order, or one not yet delivered, is refused.
 */
export async function markCodOrderPaid(deps: AppDeps, rawId: unknown): Promise<OrderDto> {
  const id = orderIdOf(rawId);
  const now = nowOf(deps);
  await Order.updateOne(
    { _id: id, paymentMethod: 'cod', status: 'Delivered', paidAt: null },
    { $set: { paidAt: now } },
  );
  const order = await Order.findById(id).lean<OrderRecord>();
  if (!order) throw notFound(MESSAGES.orderNotFound);
  if (!isCod(order)) throw conflict(MESSAGES.notCashOnDelivery);
  if (order.status !== 'Delivered') throw conflict(MESSAGES.codOnlyWhenDelivered);
  return toOrderDto(order, now);
}
