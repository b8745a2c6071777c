import {
  ORDER_STATUSES,
  istDayStart,
  orderSearchOf,
  type AdminOrdersPage,
  type OrderStatus,
  type adminOrdersQuerySchema,
} from '@kesh/shared';
import type { z } from 'zod';
import { codHistoriesOf } from '../users/index.js';
import { toOrderDtos, type OrderRecord } from './dto.js';
import { Order } from './order.model.js';

type OrderFilter = Record<string, unknown>;

const DAY_MS = 24 * 60 * 60 * 1000;

export type AdminOrdersFilter = z.output<typeof adminOrdersQuerySchema>;

/**
 * The filter shared by the page and the four tab counts: the IST days from/to (both included) and
 * the search. Each search is an equality an index answers: the id, the invoice number's unique
 * index, or the searchKeys multikey index (with status and createdAt after it in that index).
 */
export function ordersFilterOf(query: Pick<AdminOrdersFilter, 'from' | 'to' | 'q'>): OrderFilter {
  const filter: OrderFilter = {};
  if (query.from || query.to) {
    filter.createdAt = {
      ...(query.from ? { $gte: istDayStart(query.from) } : {}),
      ...(query.to ? { $lt: new Date(istDayStart(query.to).getTime() + DAY_MS) } : {}),
    };
  }
  const search = query.q ? orderSearchOf(query.q) : undefined;
  if (search?.kind === 'id') filter._id = search.id;
  if (search?.kind === 'invoice') filter.invoiceNumber = { $in: search.numbers };
  if (search?.kind === 'keys') filter.$and = search.keys.map((key) => ({ searchKeys: key }));
  return filter;
}

/**
 * One page of one tab, newest first, and the count of every tab. createdAt alone orders the page
 * (not createdAt then _id) so that the {status, createdAt} index hands the rows over in order and
 * the page reads only the index entries before it; orders placed in the same millisecond keep the
 * index's order, the same on every page.
 */
export async function listAdminOrders(query: AdminOrdersFilter, now: Date): Promise<AdminOrdersPage> {
  const filter = ordersFilterOf(query);
  const tabCounts = await Promise.all(ORDER_STATUSES.map((status) => Order.countDocuments({ ...filter, status })));
  const counts = Object.fromEntries(ORDER_STATUSES.map((s, i) => [s, tabCounts[i]])) as Record<OrderStatus, number>;
  const total = counts[query.status];
  const skip = (query.page - 1) * query.limit;
  const rows =
    skip < total
      ? await Order.find({ ...filter, status: query.status })
          .sort({ createdAt: -1 })
          .skip(skip)
          .limit(query.limit)
          .lean<OrderRecord[]>()
      : [];
  return {
    items: await toOrderDtos(rows, now),
    page: query.page,
    limit: query.limit,
    total,
    status: query.status,
    counts,
    codHistory: await codHistoriesOf(rows.map((o) => o.userId)),
  };
}
