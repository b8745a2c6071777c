import { QueryClient } from '@tanstack/react-query';

/** The storefront's one query cache; routes fill it ahead of their page (router.tsx). */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
