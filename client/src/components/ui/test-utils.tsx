import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '@kesh/shared';
import { SessionProvider } from '../../state/session';

/** A canned answer: status (default 200) and JSON body; `network: true` makes fetch reject. */
export interface Reply {
  status?: number;
  body?: unknown;
  network?: boolean;
}
type Route = Reply | ((init: RequestInit | undefined) => Reply);

/**
 * Replaces fetch with a table of "METHOD /path" -> reply. Unknown calls answer 404 so a test notices
 * them; every call is recorded with its parsed JSON body.
 */
export function mockFetch(routes: Record<string, Route>) {
  const calls: { key: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ key, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const route = routes[key];
    const reply = typeof route === 'function' ? route(init) : (route ?? { status: 404, body: { error: 'Not found' } });
    if (reply.network) throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function storeUser(username = 'asha', token = 'token-1') {
  localStorage.setItem(
    STORAGE_KEYS.user,
    JSON.stringify({ username, token, expiry: Date.now() + 3_600_000, userId: 'u1' }),
  );
}

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders `element` at `path` inside the app's providers, plus a readout of the current location. */
export function renderInApp(
  element: ReactElement,
  { path = '/', route = path }: { path?: string; route?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const withWhere = (
    <>
      {element}
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { path: route, element: withWhere },
      { path: '*', element: withWhere },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, location: () => utils.getByTestId('location').textContent };
}
