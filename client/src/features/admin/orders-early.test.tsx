import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS } from '@kesh/shared';
import { fetchAdminOrders } from '../../api/admin';
import i18n from '../../i18n';
import AdminApp from './AdminApp';
import { order, pageOf } from './orders-fixtures';
import { ordersViewOf } from './ordersUrl';
import OrdersPage from './pages/OrdersPage';
import { AdminSessionProvider } from './session';
import { ordersQuery } from './useAdminQuery';

vi.mock('../../api/admin', () => ({ fetchAdminOrders: vi.fn() }));

const ADDRESS = '/admin/orders?status=Delivered&page=2';

function renderAt(client: QueryClient, element: React.ReactNode) {
  localStorage.setItem(STORAGE_KEYS.adminToken, 'test-admin-token');
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[ADDRESS]}>
        <Routes>
          <Route path="/admin/*" element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.mocked(fetchAdminOrders).mockReset();
  vi.mocked(fetchAdminOrders).mockImplementation(pageOf([order('d1', { status: 'Delivered' })]));
});

describe('the orders screen opened by its address', () => {
  it('asks for the page of orders the address names while the screen’s code and words are still loading', async () => {
    // The screen's words arrive only when the test lets them, as over a slow network.
    let arrive!: () => void;
    vi.spyOn(i18n, 'loadNamespaces').mockImplementationOnce(() => new Promise<void>((resolve) => (arrive = resolve)));
    renderAt(new QueryClient({ defaultOptions: { queries: { retry: false } } }), <AdminApp />);
    await vi.waitFor(() => expect(fetchAdminOrders).toHaveBeenCalledTimes(1));
    expect(fetchAdminOrders).toHaveBeenCalledWith({
      status: 'Delivered',
      q: '',
      from: '',
      to: '',
      page: 2,
      limit: 25,
    });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    arrive();
  });

  it.each([
    ['asked for ahead, still on its way', false],
    ['that arrived before the screen mounted', true],
  ])('shows the page %s, without asking again', async (_, arrived) => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const asked = client.prefetchQuery(ordersQuery(ordersViewOf(new URLSearchParams(ADDRESS.split('?')[1]))));
    if (arrived) await asked;
    renderAt(
      client,
      <AdminSessionProvider>
        <OrdersPage />
      </AdminSessionProvider>,
    );
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(2);
    expect(fetchAdminOrders).toHaveBeenCalledTimes(1);
  });
});
