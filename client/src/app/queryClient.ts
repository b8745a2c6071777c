import { QueryClient } from '@tanstack/react-query';
import { seedInitialData } from './initialData';

/**
 * The storefront's one query cache; routes fill it ahead of their page (router.tsx). It starts with
 * the lists the page's HTML carries, before the router (created when router.tsx loads) asks for them.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
seedInitialData(queryClient);
