import { PRODUCTS_PER_PAGE, type Page, type Product, type ProductSort } from '@kesh/shared';
import { apiRequest } from './http';

/** One page of /products: of the catalogue, or of the search's answer when q or sort is set. */
export function fetchProductPage(q: string, sort: ProductSort | '', page: number) {
  const params = new URLSearchParams({ page: String(page), limit: String(PRODUCTS_PER_PAGE) });
  if (q) params.set('q', q);
  if (sort) params.set('sort', sort);
  return apiRequest<Page<Product>>(`/api/main-category?${params}`);
}

export const fetchNewestProducts = () => apiRequest<Product[]>('/api/main-category/newest');
export const fetchProduct = (id: string) => apiRequest<Product>(`/api/main-category/${encodeURIComponent(id)}`);

/** The query keys of these calls, also used to seed the cache from a server-rendered page. */
export const productPageKey = (q: string, sort: ProductSort | '', page: number) =>
  ['products', 'page', q, sort, page] as const;
export const NEWEST_PRODUCTS_KEY = ['products', 'newest'] as const;
export const productKey = (id: string) => ['products', 'one', id] as const;
