import { QueryClient } from '@tanstack/react-query';
import { pageData } from '../api/pageData';
import { seedInitialData } from './initialData';

/** The queries' defaults, the same in the browser and on the server. */
export const QUERY_DEFAULTS = { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } as const;

/**
 * The browser's one query cache; routes fill it ahead of their page (routes.tsx). It starts with the
 * lists the page's HTML carries, the same lists the server rendered the page from.
 */
export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
seedInitialData(queryClient, pageData());
