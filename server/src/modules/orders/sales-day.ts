import type { Types } from 'mongoose';
import { STATS_TOP_PRODUCTS } from '@kesh/shared';
import { IdTable, idWords } from './id-table.js';

/** What the sales figures read of an order. */
export const SALES_FIELDS = {
  createdAt: 1,
  userId: 1,
  totalPaise: 1,
  paymentMethod: 1,
  paidAt: 1,
  refund: 1,
  status: 1,
  products: 1,
} as const;

export interface SalesOrder {
  _id: Types.ObjectId;
  createdAt: Date;
  userId: Types.ObjectId;
  totalPaise: number;
  paymentMethod?: string | null;
  paidAt?: Date | null;
  refund?: { amountPaise?: number | null; status: string } | null;
  status: string;
  products: {
    productId: Types.ObjectId;
    variantId?: Types.ObjectId | null;
    title: string;
    quantity: number;
    pricePaise: number;
  }[];
}

/**
 * What an order brought in before refunds: an online order was paid when placed; a cash-on-delivery
 * order only once the owner marked the cash received.
 */
const paidPaise = (o: SalesOrder) => (o.paymentMethod === 'cod' ? (o.paidAt ? o.totalPaise : 0) : o.totalPaise);

/** Refunds that left (or are leaving) the shop's account; a failed one did not. */
const refundedPaise = (o: SalesOrder) =>
  o.refund && (o.refund.status === 'pending' || o.refund.status === 'processed') ? (o.refund.amountPaise ?? 0) : 0;

const ID_BYTES = 12;
const SALE_BYTES = 16;

/** The stored form of one day (see SalesDay). */
export interface SalesDayFigures {
  orders: number;
  grossPaise: number;
  refundedPaise: number;
  refundCount: number;
  failedRefunds: number;
  customers: Buffer;
  productIds: Buffer;
  productSales: Buffer;
  productTitles: string[];
}

/** One day's figures from its orders, oldest first (the last line of a product names it). */
export function salesDayOf(orders: SalesOrder[]): SalesDayFigures {
  let grossPaise = 0;
  let refunded = 0;
  let refundCount = 0;
  let failedRefunds = 0;
  const customers = new Set<string>();
  const products = new Map<string, { quantity: number; revenuePaise: number; title: string }>();
  for (const order of orders) {
    const back = refundedPaise(order);
    grossPaise += paidPaise(order);
    refunded += back;
    if (back > 0) refundCount += 1;
    if (order.refund?.status === 'failed') failedRefunds += 1;
    customers.add(String(order.userId));
    if (order.status === 'Cancelled') continue;
    for (const line of order.products) {
      // A variant sells on its own: its line counts under the variant's id (reports.ts names it).
      const key = String(line.variantId ?? line.productId);
      const sold = products.get(key) ?? { quantity: 0, revenuePaise: 0, title: line.title };
      sold.quantity += line.quantity;
      sold.revenuePaise += line.pricePaise * line.quantity;
      sold.title = line.title;
      products.set(key, sold);
    }
  }
  const productSales = Buffer.alloc(products.size * SALE_BYTES);
  [...products.values()].forEach((p, i) => {
    productSales.writeDoubleLE(p.quantity, i * SALE_BYTES);
    productSales.writeDoubleLE(p.revenuePaise, i * SALE_BYTES + 8);
  });
  return {
    orders: orders.length,
    grossPaise,
    refundedPaise: refunded,
    refundCount,
    failedRefunds,
    customers: Buffer.from([...customers].join(''), 'hex'),
    productIds: Buffer.from([...products.keys()].join(''), 'hex'),
    productSales,
    productTitles: [...products.values()].map((p) => p.title),
  };
}

/** A stored binary field as a Buffer over the same bytes (lean reads give the driver's Binary). */
export function bytesOf(value: Buffer | { buffer: Uint8Array }): Buffer {
  if (Buffer.isBuffer(value)) return value;
  const { buffer, byteOffset, byteLength } = value.buffer;
  return Buffer.from(buffer, byteOffset, byteLength);
}

export type StoredDay = Omit<SalesDayFigures, 'customers' | 'productIds' | 'productSales' | 'productTitles'> & {
  _id: string;
  customers: Buffer | { buffer: Uint8Array };
  productIds: Buffer | { buffer: Uint8Array };
  productSales: Buffer | { buffer: Uint8Array };
};

export interface SalesTotals {
  perDay: Map<string, { orders: number; revenuePaise: number }>;
  orders: number;
  grossPaise: number;
  refundedPaise: number;
  refundCount: number;
  failedRefunds: number;
  payingCustomers: number;
  /** The best sellers by revenue (then by id), with the last day each was sold on, for its title. */
  topProducts: { productId: string; quantity: number; revenuePaise: number; lastDay: string }[];
}

/** The stored doubles as a Float64Array (copied only when not 8-byte aligned). */
function doubles(bytes: Buffer): Float64Array {
  if (bytes.byteOffset % 8 === 0) return new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8);
  return new Float64Array(new Uint8Array(bytes).buffer);
}

/** Adds stored days up, oldest first; shoppers and products are numbered by IdTables. */
export class SalesWindow {
  private readonly perDay = new Map<string, { orders: number; revenuePaise: number }>();
  private readonly customers = new IdTable(8192);
  private readonly products = new IdTable(512);
  private readonly quantity: number[] = [];
  private readonly productRevenue: number[] = [];
  private readonly lastDay: string[] = [];
  private orders = 0;
  private grossPaise = 0;
  private refundedPaise = 0;
  private refundCount = 0;
  private failedRefunds = 0;

  add(day: StoredDay): void {
    this.perDay.set(day._id, { orders: day.orders, revenuePaise: day.grossPaise - day.refundedPaise });
    this.orders += day.orders;
    this.grossPaise += day.grossPaise;
    this.refundedPaise += day.refundedPaise;
    this.refundCount += day.refundCount;
    this.failedRefunds += day.failedRefunds;
    const customers = idWords(bytesOf(day.customers));
    for (let at = 0; at < customers.length; at += 3) this.customers.numberOf(customers, at);
    const ids = idWords(bytesOf(day.productIds));
    const sales = doubles(bytesOf(day.productSales));
    for (let i = 0; i * 3 < ids.length; i += 1) {
      const n = this.products.numberOf(ids, i * 3);
      this.quantity[n] = (this.quantity[n] ?? 0) + sales[i * 2]!;
      this.productRevenue[n] = (this.productRevenue[n] ?? 0) + sales[i * 2 + 1]!;
      this.lastDay[n] = day._id;
    }
  }

  totals(): SalesTotals {
    const products = Array.from({ length: this.products.size }, (_, n) => ({
      productId: this.products.hexOf(n),
      quantity: this.quantity[n]!,
      revenuePaise: this.productRevenue[n]!,
      lastDay: this.lastDay[n]!,
    }));
    products.sort(
      (x, y) => y.revenuePaise - x.revenuePaise || (x.productId < y.productId ? -1 : x.productId > y.productId ? 1 : 0),
    );
    return {
      perDay: this.perDay,
      orders: this.orders,
      grossPaise: this.grossPaise,
      refundedPaise: this.refundedPaise,
      refundCount: this.refundCount,
      failedRefunds: this.failedRefunds,
      payingCustomers: this.customers.size,
      topProducts: products.slice(0, STATS_TOP_PRODUCTS),
    };
  }
}

/** The title a stored day gives a product, from its parallel lists. */
export function titleOn(
  day: { productIds: Buffer | { buffer: Uint8Array }; productTitles: string[] },
  productId: string,
) {
  const wanted = Buffer.from(productId, 'hex');
  const ids = bytesOf(day.productIds);
  for (let i = 0; i * ID_BYTES < ids.length; i += 1) {
    if (ids.subarray(i * ID_BYTES, (i + 1) * ID_BYTES).equals(wanted)) return day.productTitles[i];
  }
  return undefined;
}
