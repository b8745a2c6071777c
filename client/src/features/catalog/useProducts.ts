import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MESSAGES, PRODUCT_SORTS, type ProductSort } from '@kesh/shared';
import { fetchProducts, productSearchKey, searchProducts } from '../../api/catalog';
import { isNetworkError } from '../../api/http';

export function useProducts() {
  return useQuery({ queryKey: ['products'], queryFn: fetchProducts });
}

/** `?q=` and `?sort=` as the page reads them: an unknown sort is ignored, as the server's page does. */
export function productSearchOf(params: URLSearchParams): { q: string; sort: ProductSort | '' } {
  const sort = params.get('sort') ?? '';
  return {
    q: params.get('q') ?? '',
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : '',
  };
}

/**
 * The products of the page: the whole catalogue, or the server's answer to the search. While a new
 * search loads, the previous list stays on screen.
 */
export function useProductList({ q, sort }: { q: string; sort: ProductSort | '' }) {
  const searching = q.trim() !== '' || sort !== '';
  const all = useQuery({ queryKey: ['products'], queryFn: fetchProducts, enabled: !searching });
  const found = useQuery({
    queryKey: productSearchKey(q, sort),
    queryFn: () => searchProducts(q, sort),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  return searching ? found : all;
}

/** Spec section 8: an unreachable server reads as "server down", any other failure as a fetch failure. */
export function productsErrorText(err: unknown): string {
  return isNetworkError(err) ? MESSAGES.backendDown : MESSAGES.productsFetchFailed;
}
