import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { STORAGE_KEYS } from '@kesh/shared';
import { adminOrdersPath, fetchAdminOrders } from '../../api/admin';
import { EARLY_MAX_AGE_MS, startEarlyRequest } from '../../api/early';
import { ADMIN_PASSWORD_CHANGE_KEY, requestHeaders } from '../../api/http';
import AdminApp from './AdminApp';
import { askForOrdersEarly } from './orders-early';
import { order, pageOf } from './orders-fixtures';
import { ordersViewOf } from './ordersView';

const TOKEN = 'test-admin-token';
const ORDERS = [order('p1', { status: 'Processing' }), order('d1', { status: 'Delivered' })];

/** The server: every orders request answered with the tab it names, unless `answer` says otherwise. */
let answer: (path: string) => Response | Promise<Response>;
const fetchMock = vi.fn(async (input: RequestInfo | URL) => answer(String(input)));
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ordersAnswer = async (path: string) =>
  json(await pageOf(ORDERS)({ status: new URL(path, 'http://shop').searchParams.get('status') ?? 'Processing' }));
const ordersAsked = () => fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/admin/orders'));

/** The browser at `address` (what the early script reads) and the app's router at the same address. */
async function openAt(address: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  window.history.replaceState(null, '', address);
  // Awaited: the screen's code is a lazy import, and React retries a suspended render inside act.
  await act(async () => {
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path="/admin/*" element={<AdminApp />} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    );
  });
  return client;
}

beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.adminToken, TOKEN);
  fetchMock.mockClear();
  answer = ordersAnswer;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
  // A test that left its early request untaken must not hand it to the next one.
  Reflect.deleteProperty(globalThis, '__keshEarlyRequest');
});

describe('the orders page’s early script', () => {
  it('asks for the page of orders the address names, with the headers the app sends', () => {
    localStorage.setItem(STORAGE_KEYS.language, 'hi');
    for (const [address, path] of [
      ['/admin/orders', '/api/admin/orders?status=Processing&page=1&limit=25'],
      ['/admin/orders/?status=Delivered&page=2', '/api/admin/orders?status=Delivered&page=2&limit=25'],
      [
        '/admin/orders?q=asha&from=2026-11-01&to=2026-11-30&limit=50&status=Bogus&page=x',
        '/api/admin/orders?status=Processing&q=asha&from=2026-11-01&to=2026-11-30&page=1&limit=50',
      ],
    ] as const) {
      fetchMock.mockClear();
      window.history.replaceState(null, '', address);
      askForOrdersEarly();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      // The path the screen's own query builds from the same address.
      expect(path).toBe(adminOrdersPath(ordersViewOf(new URLSearchParams(address.split('?')[1] ?? ''))));
      expect(fetchMock).toHaveBeenCalledWith(path, {
        headers: { Accept: 'application/json', 'Accept-Language': 'hi', Authorization: `Bearer ${TOKEN}` },
      });
    }
  });

  it('asks for nothing on another address, signed out, or while the password must be changed', () => {
    window.history.replaceState(null, '', '/admin/orders/123');
    askForOrdersEarly();
    window.history.replaceState(null, '', '/admin/dashboard');
    askForOrdersEarly();
    window.history.replaceState(null, '', '/admin/orders');
    localStorage.setItem(ADMIN_PASSWORD_CHANGE_KEY, 'true');
    askForOrdersEarly();
    localStorage.clear();
    askForOrdersEarly();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the orders screen and the early request', () => {
  it('shows the early answer without asking again, and takes it only once', async () => {
    window.history.replaceState(null, '', '/admin/orders?status=Delivered');
    askForOrdersEarly();
    expect(ordersAsked()).toHaveLength(1);
    await openAt('/admin/orders?status=Delivered');
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(ordersAsked()).toHaveLength(1);
    // Any later call of the same page asks the server.
    await fetchAdminOrders(ordersViewOf(new URLSearchParams('status=Delivered')));
    expect(ordersAsked()).toHaveLength(2);
  });

  it('ignores an early request of another page, another token or long ago, and asks itself', async () => {
    const view = ordersViewOf(new URLSearchParams('status=Delivered'));
    const early = [
      () => startEarlyRequest(adminOrdersPath({ ...view, page: 2 }), requestHeaders(TOKEN)),
      () => startEarlyRequest(adminOrdersPath(view), requestHeaders('an-older-token')),
      () => {
        vi.spyOn(performance, 'now').mockReturnValueOnce(performance.now() - EARLY_MAX_AGE_MS - 1);
        startEarlyRequest(adminOrdersPath(view), requestHeaders(TOKEN));
      },
    ];
    for (const ask of early) {
      fetchMock.mockClear();
      ask();
      const page = await fetchAdminOrders(view);
      expect(page.items.map((o) => o.status)).toEqual(['Delivered']);
      expect(fetchMock.mock.calls.map(([input]) => input)).toEqual([
        expect.any(String),
        adminOrdersPath(view), // asked again: the early answer was not this call's
      ]);
    }
  });

  it('logs the owner out when the early request’s token is refused, as any other request', async () => {
    answer = () => json({ error: 'Session expired' }, 401);
    window.history.replaceState(null, '', '/admin/orders');
    askForOrdersEarly();
    await openAt('/admin/orders');
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(ordersAsked()).toHaveLength(1);
  });

  it('shows the toast of an early request the server refuses', async () => {
    answer = () => json({ error: 'Invalid date' }, 400);
    window.history.replaceState(null, '', '/admin/orders?from=bad');
    askForOrdersEarly();
    await openAt('/admin/orders?from=bad');
    expect(await screen.findByText('Failed to fetch orders: Invalid date')).toBeInTheDocument();
    expect(ordersAsked()).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe(TOKEN);
  });
});
