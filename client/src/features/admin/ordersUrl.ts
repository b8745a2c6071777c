import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ORDERS_VIEW_DEFAULTS, ordersViewOf, type OrdersView } from './ordersView';

export { ORDER_PAGE_SIZES, ordersViewOf, type OrdersView } from './ordersView';

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
        ([key, value]) => value !== '' && value !== ORDERS_VIEW_DEFAULTS[key as keyof OrdersView],
      );
      setParams(new URLSearchParams(entries.map(([key, value]) => [key, String(value)])), { replace });
    },
    [view, setParams],
  );
  return [view, change];
}
