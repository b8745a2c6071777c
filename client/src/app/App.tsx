import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { TOAST_MS } from '@kesh/shared';
import { SessionProvider } from '../state/session';
import { AppRoutes } from './routes';

// Toasts only follow a shopper's action, so the toast library loads after the first render.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function ToasterAfterStart() {
  // Not part of the server's markup: it mounts once the page runs, and only then loads its library.
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the header and the admin top bar, so a toast never covers Logout or the cart. */}
      <Toaster position="top-right" offset={80} duration={TOAST_MS} richColors closeButton />
    </Suspense>
  );
}

/**
 * The whole app inside a router: the browser passes BrowserRouter, the server StaticRouter (client/
 * src/entry-server.tsx), so both render the same tree from the same query cache.
 */
export function App({ Router }: { Router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <SessionProvider>
      <Router>
        <AppRoutes />
      </Router>
      <ToasterAfterStart />
    </SessionProvider>
  );
}
