import { useEffect } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { fetchAdminOrders } from '../../api/admin';
import { ApiError } from '../../api/http';
import type { OrdersView } from './ordersUrl';
import { useReportFailure } from './session';

/** A 4xx will not change on retry; a dropped connection might. */
export const retryOnce = (failures: number, err: unknown) =>
  failures < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500);

/** Whether two keys of a paged list (its key ends with the page number) name the same list. */
const sameList = (a: QueryKey, b: QueryKey) =>
  a.length === b.length && a.slice(0, -1).every((part, i) => Object.is(part, b[i]));

/**
 * A list the admin screen shows. A failed load is reported once as a toast (spec section 8), or
 * as a logout when the token is no longer accepted. A paged list (`paged`, its key ending with the
 * page) keeps showing its page while another page of the same list loads, so the table and its
 * page links do not jump; another search starts afresh.
 */
export function useAdminQuery<T>(
  queryKey: QueryKey,
  load: () => Promise<T>,
  failureText: (err: unknown) => string,
  { paged = false } = {},
) {
  const report = useReportFailure();
  const query = useQuery<T, Error, T, QueryKey>({
    queryKey,
    queryFn: load,
    retry: retryOnce,
    staleTime: 0,
    placeholderData: (previous, previousQuery) =>
      paged && previousQuery && sameList(previousQuery.queryKey, queryKey) ? keepPreviousData(previous) : undefined,
  });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) report(error, failureText(error));
    // failureText is usually an inline arrow; the error's timestamp says when a new failure arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt, report]);
  return query;
}

/** The orders screen's query: its key by the view, and its load. */
export const ordersQuery = (view: OrdersView) => ({
  queryKey: [...adminKeys.orders, view] as QueryKey,
  queryFn: () => fetchAdminOrders(view),
});

export const adminKeys = {
  sliders: ['admin', 'sliders'] as const,
  categories: ['admin', 'categories'] as const,
  gallery: ['admin', 'gallery'] as const,
  users: ['admin', 'users'] as const,
  orders: ['admin', 'orders'] as const,
  messages: ['admin', 'messages'] as const,
  delivery: ['admin', 'delivery'] as const,
  coupons: ['admin', 'coupons'] as const,
  lowStock: ['admin', 'low-stock'] as const,
};
