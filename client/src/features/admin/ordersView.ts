import { DEFAULT_ORDER_STATUS, ORDER_STATUSES, PAGE_SIZE_DEFAULT, type OrderStatus } from '@kesh/shared';

/*
 * The orders screen's view as its address names it, without React: the screen (ordersUrl.ts) and the
 * script that asks for the screen's rows before the app's code has arrived (orders-early.ts) read an
 * address with the same function, so both ask for the same page of orders.
 */

/** The page sizes the owner can pick; the server takes any from 1 to 100. */
export const ORDER_PAGE_SIZES = [25, 50, 100] as const;

/** What the Orders page shows, as the address bar keeps it: reload, back and a shared link all work. */
export interface OrdersView {
  status: OrderStatus;
  q: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

export const ORDERS_VIEW_DEFAULTS: OrdersView = {
  status: DEFAULT_ORDER_STATUS,
  q: '',
  from: '',
  to: '',
  page: 1,
  limit: PAGE_SIZE_DEFAULT,
};

const wholeNumber = (value: string | null, fallback: number) =>
  value && /^\d{1,6}$/.test(value) && Number(value) > 0 ? Number(value) : fallback;

/** The view an address's query names; anything unreadable falls back to its default. */
export function ordersViewOf(params: URLSearchParams): OrdersView {
  const status = params.get('status') as OrderStatus | null;
  return {
    status: status && ORDER_STATUSES.includes(status) ? status : ORDERS_VIEW_DEFAULTS.status,
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: wholeNumber(params.get('page'), ORDERS_VIEW_DEFAULTS.page),
    limit: wholeNumber(params.get('limit'), ORDERS_VIEW_DEFAULTS.limit),
  };
}
