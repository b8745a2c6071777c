import { QueryClient, QueryClientContext, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import type { InitialData } from '@kesh/shared';
import { pageData } from '../api/pageData';
import { NEWEST_PRODUCTS_KEY, productKey, productPageKey } from '../api/products';

/**
 * The query cache, loaded with the pages that read through it (routes.tsx), not with the app shell:
 * the profile, contact and policy pages never download it.
 */

/** The query each list of the page's data answers (the keys the pages and routes.tsx use). */
const QUERY_KEYS: Record<'sliders' | 'gallery' | 'featuredProducts', QueryKey> = {
  sliders: ['sliders'],
  gallery: ['gallery'],
  featuredProducts: NEWEST_PRODUCTS_KEY,
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
  const { productPage, product, missingProduct } = data;
  if (productPage) {
    client.setQueryData(productPageKey(productPage.q, productPage.sort, productPage.page.page), productPage.page);
  }
  if (product) client.setQueryData(productKey(product._id), product);
  if (missingProduct !== undefined) client.setQueryData(productKey(missingProduct), null);
}

/** The queries' defaults, the same in the browser and on the server. */
export const QUERY_DEFAULTS = { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } as const;

/**
 * The browser's one query cache; routes fill it ahead of their page (routes.tsx). It starts with the
 * lists the page's HTML carries, the same lists the server rendered the page from.
 */
export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
seedInitialData(queryClient, pageData());

/**
 * A page inside the browser's query cache. A server render (and a test) gives its own cache above
 * the app, which the page then uses; the provider adds no markup, so both sides hydrate alike.
 */
export function withQueries(Page: ComponentType): ComponentType {
  return function PageWithQueries() {
    const given = useContext(QueryClientContext);
    if (given) return <Page />;
    return (
      <QueryClientProvider client={queryClient}>
        <Page />
      </QueryClientProvider>
    );
  };
}
