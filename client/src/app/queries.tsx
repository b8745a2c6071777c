import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';
import { pageData } from '../api/pageData';
import { seedInitialData } from './initialData';

/**
 * The query cache, loaded with the pages that read through it (routes.tsx), not with the app shell:
 * the profile, contact and policy pages never download it.
 */

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
