import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_ORDER_STATUS, ORDER_STATUSES, PAGE_SIZE_DEFAULT, type OrderStatus } from '@kesh/shared';

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

const DEFAULTS: OrdersView = {
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
    status: status && ORDER_STATUSES.includes(status) ? status : DEFAULTS.status,
    q: params.get('q') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: wholeNumber(params.get('page'), DEFAULTS.page),
    limit: wholeNumber(params.get('limit'), DEFAULTS.limit),
  };
}

/**
 * The view read from the URL (anything unreadable falls back to its default; the server refuses
 * the rest with its own message) and a setter that writes a new history entry, leaving defaults out.
 * Every change but a page change goes back to page 1.
 */
export function useOrdersView(): [OrdersView, (change: Partial<OrdersView>, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => ordersViewOf(params), [params]);
  const change = useCallback(
    (next: Partial<OrdersView>, replace = false) => {
      const merged: OrdersView = { ...view, ...next, page: next.page ?? 1 };
      const entries = Object.entries(merged).filter(
        ([key, value]) => value !== '' && value !== DEFAULTS[key as keyof OrdersView],
      );
      setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])), { replace });
    },
    [view, setParams],
  );
  return [view, change];
}
