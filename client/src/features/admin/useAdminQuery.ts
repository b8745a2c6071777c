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
 * page links do not jump; another search starts afresh. A list is asked for again whenever a screen
 * showing it mounts, unless it arrived less than `staleTime` ms before (0: always).
 */
export function useAdminQuery<T>(
  queryKey: QueryKey,
  load: () => Promise<T>,
  failureText: (err: unknown) => string,
  { paged = false, staleTime = 0 } = {},
) {
  const report = useReportFailure();
  const query = useQuery<T, Error, T, QueryKey>({
    queryKey,
    queryFn: load,
    retry: retryOnce,
    staleTime,
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

/**
 * How long a page of orders counts as just asked for: the screen that mounts right after its page
 * arrived (asked for ahead by the page's early script or AdminApp's prefetch, while the screen's code
 * loaded) shows it instead of asking the server again. Changes made here invalidate the orders, which
 * asks again whatever the age.
 */
export const ORDERS_FRESH_MS = 5_000;

/** The orders screen's query: its key by the view, its load, and how long an answer counts as new. */
export const ordersQuery = (view: OrdersView) => ({
  queryKey: [...adminKeys.orders, view] as QueryKey,
  queryFn: () => fetchAdminOrders(view),
  staleTime: ORDERS_FRESH_MS,
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
