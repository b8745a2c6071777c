import type { GalleryItem, Product, ProductSort, Slider } from '@kesh/shared';
import { apiRequest } from './http';

export const fetchProducts = () => apiRequest<Product[]>('/api/main-category');
export const fetchSliders = () => apiRequest<Slider[]>('/sliders/getSliders');
export const fetchGallery = () => apiRequest<GalleryItem[]>('/gallery/');

/** The products page's search and sort; an empty q or sort is left out of the address. */
export function searchProducts(q: string, sort: ProductSort | '') {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (sort) params.set('sort', sort);
  return apiRequest<Product[]>(`/api/main-category?${params}`);
}

/** The query key of one search, also used to seed the cache from a server-rendered page. */
export const productSearchKey = (q: string, sort: ProductSort | '') => ['products', 'search', q, sort] as const;
