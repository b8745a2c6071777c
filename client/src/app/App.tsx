import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'sonner';
import { TOAST_MS } from '@kesh/shared';
import { SessionProvider } from './session';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        {/* Below the header and the admin top bar, so a toast never covers Logout or the cart. */}
        <Toaster position="top-right" offset={80} duration={TOAST_MS} richColors closeButton />
      </SessionProvider>
    </QueryClientProvider>
  );
}
