import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { InitialData } from '@kesh/shared';
import { productSearchKey } from '../api/catalog';

/** The query each list of the page's data answers (the keys the pages and routes.tsx use). */
const QUERY_KEYS: Record<Exclude<keyof InitialData, 'language' | 'shop' | 'productSearch'>, QueryKey> = {
  sliders: ['sliders'],
  products: ['products'],
  gallery: ['gallery'],
};

/**
 * Puts the lists the server wrote into the page into the query cache, so the first render shows (and
 * hydrates) them instead of asking the API for what the page already holds. The server renders from
 * a cache filled the same way, which is what keeps the two renders identical.
 */
export function seedInitialData(client: QueryClient, data: InitialData): void {
  for (const [name, key] of Object.entries(QUERY_KEYS)) {
    const value = data[name as keyof typeof QUERY_KEYS];
    if (value !== undefined) client.setQueryData(key, value);
  }
  const search = data.productSearch;
  if (search) client.setQueryData(productSearchKey(search.q, search.sort), search.products);
}
