import { Types, type InferSchemaType } from 'mongoose';
import {
  DEFAULT_LANGUAGE,
  COD_PAYMENT_TEXT,
  cancellationQuote,
  lineTitleWithVariant,
  paiseToRupees,
  type LineTitles,
  type TitledLine,
  type CancellationQuote,
  type LanguageCode,
  type Order as OrderDto,
  type OrderLine,
  type OrderStatus,
  type RefundStatus,
} from '@kesh/shared';
import { imageUrl } from '../../lib/storage.js';
import { readShelf, type ShelfOf } from '../catalog/index.js';
import { Order } from './order.model.js';

export type OrderRecord = InferSchemaType<typeof Order.schema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

/** Orders from before the timeline was kept start with their placing. */
export function timelineOf(o: OrderRecord): { status: OrderStatus; at: Date }[] {
  const kept = (o.timeline ?? []).map((e) => ({ status: e.status as OrderStatus, at: new Date(e.at) }));
  return kept.length ? kept : [{ status: 'Processing', at: o.createdAt }];
}

export const isCod = (o: Pick<OrderRecord, 'paymentMethod'>) => o.paymentMethod === 'cod';

/**
 * How invoices, mails and the CSV name a line: "Amla hair oil (200 ml)", from the copies taken at
 * purchase, in `language` when the line kept a title in it (English otherwise, and for the owner);
 * a line without a variant (and every line from before variants) is its title alone.
 */
export const lineTitle = (
  line: TitledLine & { variantLabel?: string | null },
  language: LanguageCode = DEFAULT_LANGUAGE,
) => lineTitleWithVariant(line, line.variantLabel ? { label: line.variantLabel } : null, language);

/** The titles an order line kept, as the API sends them: only the languages that have one. */
const keptTitles = (titles: TitledLine['titles']): LineTitles =>
  Object.fromEntries(Object.entries(titles ?? {}).filter(([, title]) => title)) as LineTitles;

/** The payment as invoices, mails and the CSV name it: Razorpay's payment id, or cash on delivery. */
export const paymentTextOf = (o: Pick<OrderRecord, 'paymentMethod' | 'razorpayPaymentId'>) =>
  isCod(o) ? COD_PAYMENT_TEXT : (o.razorpayPaymentId ?? '');

/**
 * What cancelling would give back. Nothing was paid for a cash-on-delivery order, so cancelling it
 * costs nothing and refunds nothing.
 */
export function cancellationOf(o: OrderRecord, now: Date): CancellationQuote | null {
  return o.status === 'Processing' ? cancellationQuote(isCod(o) ? 0 : o.totalPaise, o.createdAt, now) : null;
}

export const languageOf = (o: Pick<OrderRecord, 'language'>): LanguageCode =>
  (o.language as LanguageCode | undefined) ?? DEFAULT_LANGUAGE;

/** What an order line shows of its product now. */
export type LineProduct = { _id: Types.ObjectId; title: string; imageKey?: string | null };
export const LINE_PRODUCT_FIELDS = { title: 1, imageKey: 1 } as const;
const lineProductsFromDatabase = readShelf<LineProduct>(LINE_PRODUCT_FIELDS);

/**
 * Orders as the API answers them: rupees, ISO dates, each product populated or null if deleted. The
 * products come from `shelf` (my orders: a kept one) or else the database.
 */
export async function toOrderDtos(
  orders: readonly OrderRecord[],
  now = new Date(),
  shelf: ShelfOf<LineProduct> = lineProductsFromDatabase,
): Promise<OrderDto[]> {
  const ids = [...new Set(orders.flatMap((o) => o.products.map((p) => String(p.productId))))];
  const found = ids.length ? await shelf(ids.map((id) => new Types.ObjectId(id))) : new Map<string, never>();
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
      const product = found.get(String(line.productId))?.product;
      return {
        productId: product
          ? { _id: String(product._id), title: product.title, image: imageUrl(product.imageKey) }
          : null,
        title: line.title,
        quantity: line.quantity,
        price: paiseToRupees(line.pricePaise),
        variant: line.variantId
          ? { id: String(line.variantId), label: line.variantLabel ?? '', sku: line.sku ?? '' }
          : null,
        titles: keptTitles(line.titles),
      };
    }),
    razorpayOrderId: o.razorpayOrderId ?? null,
    razorpayPaymentId: o.razorpayPaymentId ?? null,
    paymentMethod: isCod(o) ? 'cod' : 'online',
    codFee: paiseToRupees(o.codFeePaise ?? 0),
    paidAt: isCod(o) ? (o.paidAt?.toISOString() ?? null) : o.createdAt.toISOString(),
    ...(o.codRefused ? { codRefused: true } : {}),
    timeline: timelineOf(o).map((e) => ({ status: e.status, at: e.at.toISOString() })),
    shipment: o.shipment
      ? {
          courier: o.shipment.courier ?? '',
          trackingNumber: o.shipment.trackingNumber ?? '',
          trackingUrl: o.shipment.trackingUrl ?? '',
        }
      : null,
    refund: o.refund
      ? {
          id: o.refund.id ?? null,
          amountPaise: o.refund.amountPaise,
          amount: paiseToRupees(o.refund.amountPaise),
          status: o.refund.status as RefundStatus,
        }
      : null,
    cancellation: cancellationOf(o, now),
    invoiceNumber: o.invoiceNumber ?? null,
    language: languageOf(o),
    coupon: o.coupon ?? null,
    discountPaise: o.discountPaise ?? 0,
    discount: paiseToRupees(o.discountPaise ?? 0),
  }));
}

export async function toOrderDto(
  order: OrderRecord,
  now = new Date(),
  shelf: ShelfOf<LineProduct> = lineProductsFromDatabase,
): Promise<OrderDto> {
  const [dto] = await toOrderDtos([order], now, shelf);
  return dto!;
}
