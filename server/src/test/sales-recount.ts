/**
 * The sales figures recounted from every order by aggregation, as the stats endpoint computed them
 * before roll-ups: the reference the roll-ups are checked against. It reads the whole window, so it
 * belongs in tests only.
 */
import { IST_OFFSET, STATS_TOP_PRODUCTS, istDay, istDayStart, type SalesStats } from '@kesh/shared';
import { Order } from '../modules/orders/order.model.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Refunds that left (or are leaving) the shop's account; a failed one did not. */
const REFUNDED = {
  $cond: [{ $in: ['$refund.status', ['pending', 'processed']] }, { $ifNull: ['$refund.amountPaise', 0] }, 0],
};

/**
 * What an order brought in before refunds: an online order was paid when placed; a cash-on-delivery
 * order only once the owner marked the cash received.
 */
const PAID = {
  $cond: [
    { $eq: ['$paymentMethod', 'cod'] },
    { $cond: [{ $ifNull: ['$paidAt', false] }, '$totalPaise', 0] },
    '$totalPaise',
  ],
};

/**
 * Sales of the last `days` Indian days up to `now`, by aggregation over the createdAt index:
 * revenue is what was paid (PAID) less what was refunded.
 */
export async function recountSalesStats(days: number, now: Date): Promise<SalesStats> {
  const to = istDay(now);
  const from = istDay(new Date(istDayStart(to).getTime() - (days - 1) * DAY_MS));
  const since = istDayStart(from);
  const match = { $match: { createdAt: { $gte: since, $lte: now } } };

  const [perDayRows, totalsRows, productRows] = await Promise.all([
    Order.aggregate<{ _id: string; orders: number; revenuePaise: number }>([
      match,
      {
        $group: {
          _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt', timezone: IST_OFFSET } },
          orders: { $sum: 1 },
          revenuePaise: { $sum: { $subtract: [PAID, REFUNDED] } },
        },
      },
      { $sort: { _id: 1 } },
    ]),
    Order.aggregate<{
      orders: number;
      grossPaise: number;
      refundedPaise: number;
      customers: unknown[];
      refundCount: number;
      failedRefunds: number;
    }>([
      match,
      {
        $group: {
          _id: null,
          orders: { $sum: 1 },
          grossPaise: { $sum: PAID },
          refundedPaise: { $sum: REFUNDED },
          customers: { $addToSet: '$userId' },
          refundCount: { $sum: { $cond: [{ $gt: [REFUNDED, 0] }, 1, 0] } },
          failedRefunds: { $sum: { $cond: [{ $eq: ['$refund.status', 'failed'] }, 1, 0] } },
        },
      },
    ]),
    Order.aggregate<{
      _id: unknown;
      productId: unknown;
      variantId?: unknown;
      variantLabel?: string;
      sku?: string;
      title: string;
      quantity: number;
      revenuePaise: number;
    }>([
      match,
      { $match: { status: { $ne: 'Cancelled' } } },
      { $unwind: '$products' },
      {
        $group: {
          // Each variant sells on its own (docs/variants.md).
          _id: { $ifNull: ['$products.variantId', '$products.productId'] },
          productId: { $last: '$products.productId' },
          variantId: { $last: '$products.variantId' },
          variantLabel: { $last: '$products.variantLabel' },
          sku: { $last: '$products.sku' },
          title: { $last: '$products.title' },
          quantity: { $sum: '$products.quantity' },
          revenuePaise: { $sum: { $multiply: ['$products.pricePaise', '$products.quantity'] } },
        },
      },
      { $sort: { revenuePaise: -1, _id: 1 } },
      { $limit: STATS_TOP_PRODUCTS },
    ]),
  ]);

  const byDay = new Map(perDayRows.map((r) => [r._id, r]));
  const perDay = Array.from({ length: days }, (_, i) => {
    const day = istDay(new Date(since.getTime() + i * DAY_MS));
    const row = byDay.get(day);
    return { day, orders: row?.orders ?? 0, revenuePaise: row?.revenuePaise ?? 0 };
  });
  const t = totalsRows[0];
  const orders = t?.orders ?? 0;
  const revenuePaise = (t?.grossPaise ?? 0) - (t?.refundedPaise ?? 0);
  return {
    days,
    from,
    to,
    perDay,
    totals: {
      revenuePaise,
      orders,
      averageOrderValuePaise: orders ? Math.round(revenuePaise / orders) : 0,
      payingCustomers: t?.customers.length ?? 0,
    },
    topProducts: productRows.map((p) => ({
      productId: String(p.productId),
      title: p.title,
      quantity: p.quantity,
      revenuePaise: p.revenuePaise,
      variant: p.variantId ? { id: String(p.variantId), label: p.variantLabel ?? '', sku: p.sku ?? '' } : null,
    })),
    refunds: { count: t?.refundCount ?? 0, amountPaise: t?.refundedPaise ?? 0, failed: t?.failedRefunds ?? 0 },
  };
}
