import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import { istDay, istDayStart, paiseToRupees, type OrderStatus, type SalesStats } from '@kesh/shared';
import { ProductVariant } from '../catalog/index.js';
import { Order } from './order.model.js';
import { paymentTextOf, type OrderRecord } from './dto.js';
import { DAY_MS, daysBetween, ordersOfDay } from './sales-rollup.js';
import { salesOfDays } from './sales-window.js';

/**
 * Sales of the last `days` Indian days up to `now`, added up from daily roll-ups (sales-rollup.ts):
 * revenue is what was paid less what was refunded.
 */
export async function salesStats(days: number, now: Date): Promise<SalesStats> {
  const to = istDay(now);
  const from = istDay(new Date(istDayStart(to).getTime() - (days - 1) * DAY_MS));
  const sales = await salesOfDays(from, to);
  const perDay = daysBetween(from, to).map((day) => ({
    day,
    ...(sales.perDay.get(day) ?? { orders: 0, revenuePaise: 0 }),
  }));
  const revenuePaise = sales.grossPaise - sales.refundedPaise;
  return {
    days,
    from,
    to,
    perDay,
    totals: {
      revenuePaise,
      orders: sales.orders,
      averageOrderValuePaise: sales.orders ? Math.round(revenuePaise / sales.orders) : 0,
      payingCustomers: sales.payingCustomers,
    },
    topProducts: await withVariants(sales.topProducts),
    refunds: { count: sales.refundCount, amountPaise: sales.refundedPaise, failed: sales.failedRefunds },
  };
}

/**
 * The best sellers counted per variant carry the variant's id (sales-day.ts): each becomes its
 * product's id and the variant's name, as the variant is now (a removed one is kept for this).
 */
async function withVariants(
  top: Omit<SalesStats['topProducts'][number], 'variant'>[],
): Promise<SalesStats['topProducts']> {
  const variants = await ProductVariant.find(
    { _id: { $in: top.map((p) => p.productId) } },
    { productId: 1, label: 1, sku: 1 },
  ).lean();
  const byId = new Map(variants.map((v) => [String(v._id), v]));
  return top.map((p) => {
    const v = byId.get(p.productId);
    return v
      ? { ...p, productId: String(v.productId), variant: { id: p.productId, label: v.label, sku: v.sku } }
      : { ...p, variant: null };
  });
}

export const CSV_COLUMNS = [
  'order id',
  'date',
  'invoice number',
  'customer',
  'email',
  'contact',
  'address',
  'product',
  'quantity',
  'unit price',
  'line total',
  'status',
  'payment id',
  'refund',
  // Added with variants, at the end so that every column before keeps its place.
  'variant',
  'sku',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * a leading apostrophe makes it text (OWASP's advice for CSV injection).
 */
export function spreadsheetSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const money = (paise: number) => paiseToRupees(paise).toFixed(2);

function refundText(order: OrderRecord): string {
  if (!order.refund) return '';
  return [money(order.refund.amountPaise), order.refund.status, order.refund.id ?? ''].filter(Boolean).join(' ');
}

function* csvRows(order: OrderRecord): Generator<string[]> {
  const d = order.userDetails;
  for (const line of order.products) {
    yield [
      String(order._id),
      order.createdAt.toISOString(),
      order.invoiceNumber ?? '',
      d?.username ?? '',
      d?.email ?? '',
      d?.contact ?? '',
      d?.address ?? '',
      line.title,
      String(line.quantity),
      money(line.pricePaise),
      money(line.pricePaise * line.quantity),
      order.status,
      paymentTextOf(order),
      refundText(order),
      line.variantLabel ?? '',
      line.sku ?? '',
    ].map(spreadsheetSafe);
  }
}

export interface ExportFilter {
  from?: string;
  to?: string;
  status?: OrderStatus;
}

/** Orders turned into CSV between two turns of the event loop (~0.1 ms each), written as one chunk. */
const ORDERS_PER_TURN = 100;

/** The first and last Indian day with an order the export wants, or undefined when none. */
async function exportDays(filter: ExportFilter): Promise<string[] | undefined> {
  const createdAt: Record<string, Date> = {};
  if (filter.from) createdAt.$gte = istDayStart(filter.from);
  if (filter.to) createdAt.$lt = new Date(istDayStart(filter.to).getTime() + DAY_MS);
  const query = {
    ...(Object.keys(createdAt).length ? { createdAt } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  const [first, last] = await Promise.all(
    [1, -1].map((direction) =>
      Order.findOne(query, { createdAt: 1 })
        .sort({ createdAt: direction as 1 | -1 })
        .lean(),
    ),
  );
  return first && last ? daysBetween(istDay(first.createdAt), istDay(last.createdAt)) : undefined;
}

export interface ExportResult {
  /** Orders written out. */
  orders: number;
  /** False when the client went away before the end. */
  complete: boolean;
}

/**
 * Streams one CSV row per order line, oldest order first (then by id). Orders are read one Indian
 * day at a time through an index, so memory holds a day, not the history; CSV work yields to the
 * event loop every ORDERS_PER_TURN orders; a client that goes away stops the reading.
 */
export async function streamOrdersCsv(filter: ExportFilter, out: Writable): Promise<ExportResult> {
  const days = (await exportDays(filter)) ?? [];
  const status = filter.status ? { status: filter.status } : {};
  let orders = 0;
  // A chunk of ORDERS_PER_TURN orders' lines through csv-stringify's synchronous API: through its
  // stream, each line cost a few arrays and option objects per cell and one compression write
  // (engine-scale.md, "eighth session"). The first chunk carries the byte order mark (spreadsheet
  // programs then read names and addresses as UTF-8) and the header.
  async function* text() {
    let rows: string[][] = [[...CSV_COLUMNS]];
    let first = true;
    const chunk = () => {
      const csv = stringify(rows, { bom: first });
      first = false;
      rows = [];
      return csv;
    };
    for (const day of days) {
      for (const order of await ordersOfDay<OrderRecord>(day, undefined, status)) {
        rows.push(...csvRows(order));
        orders += 1;
        if (orders % ORDERS_PER_TURN !== 0) continue;
        yield chunk();
        await setImmediate();
      }
    }
    if (rows.length > 0) yield chunk();
  }
  try {
    // Bytes, not objects: the stream holds one chunk ahead of the client, not sixteen.
    await pipeline(Readable.from(text(), { objectMode: false }), out);
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    return { orders, complete: false };
  }
  return { orders, complete: true };
}
