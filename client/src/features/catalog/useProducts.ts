import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MESSAGES, PAGE_MAX, PRODUCT_SORTS, type ProductSort } from '@kesh/shared';
import { ApiError, isNetworkError } from '../../api/http';
import {
  fetchNewestProducts,
  fetchProduct,
  fetchProductPage,
  NEWEST_PRODUCTS_KEY,
  productKey,
  productPageKey,
} from '../../api/products';

/** The home page's newest products. */
export function useFeaturedProducts() {
  return useQuery({ queryKey: NEWEST_PRODUCTS_KEY, queryFn: fetchNewestProducts });
}

export type ProductSearch = { q: string; sort: ProductSort | '' };

/** `?q=` and `?sort=` as the page reads them: an unknown sort is ignored, as the server's page does. */
export function productSearchOf(params: URLSearchParams): ProductSearch {
  const sort = params.get('sort') ?? '';
  return {
    q: params.get('q') ?? '',
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : '',
  };
}

/** `?page=` as the server reads it (shared pageQuerySchema): 1 when absent, undefined when it is no page number. */
export function pageNumberOf(raw: string | null): number | undefined {
  if (raw === null) return 1;
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 0;
  return page >= 1 && page <= PAGE_MAX ? page : undefined;
}

/** One page of products (of the search's answer when q or sort is set). While a new one loads, the previous stays. */
export function useProductPage({ q, sort }: ProductSearch, page: number, enabled = true) {
  return useQuery({
    queryKey: productPageKey(q, sort, page),
    queryFn: () => fetchProductPage(q, sort, page),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The product of `?id=`: null when the shop has no such product (any more). */
export function useProduct(id: string) {
  return useQuery({
    queryKey: productKey(id),
    queryFn: () =>
      fetchProduct(id).catch((err: unknown) => {
        if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return null;
        throw err;
      }),
  });
}

/** Spec section 8: an unreachable server reads as "server down", any other failure as a fetch failure. */
export function productsErrorText(err: unknown): string {
  return isNetworkError(err) ? MESSAGES.backendDown : MESSAGES.productsFetchFailed;
}
