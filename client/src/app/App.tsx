import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RouterProvider } from 'react-router-dom';
import { TOAST_MS } from '@kesh/shared';
import { SessionProvider } from './session';
import { router } from './router';
import { queryClient } from './queryClient';

// Toasts only follow a shopper's action, so the toast library loads after the first render.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
        {/* Below the header and the admin top bar, so a toast never covers Logout or the cart. */}
        <Suspense fallback={null}>
          <Toaster position="top-right" offset={80} duration={TOAST_MS} richColors closeButton />
        </Suspense>
      </SessionProvider>
    </QueryClientProvider>
  );
}
