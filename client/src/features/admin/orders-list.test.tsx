import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { MESSAGES, type AdminOrdersPage } from '@kesh/shared';
import { fetchAdminOrders, updateOrderStatus } from '../../api/admin';
import { ApiError } from '../../api/http';
import { shortOrderId } from './format';
import { order, pageOf } from './orders-fixtures';
import OrdersPage from './pages/OrdersPage';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({
  fetchAdminOrders: vi.fn(),
  markOrderPaid: vi.fn(),
  retryOrderRefund: vi.fn(),
  updateOrderStatus: vi.fn(),
  downloadOrderInvoice: vi.fn(),
  downloadOrdersCsv: vi.fn(),
}));

/** The address bar, so a test sees what a reload or the back button would restore. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.search}</output>;
}

const renderOrders = (path = '/admin/orders') =>
  renderAdmin(
    <>
      <OrdersPage />
      <Address />
    </>,
    path,
  );

const lastQuery = () => vi.mocked(fetchAdminOrders).mock.calls.at(-1)?.[0];
const address = () => screen.getByRole('status', { name: 'address' }).textContent;

beforeEach(() => {
  vi.resetAllMocks();
});

describe('admin orders: one page of one tab from the server', () => {
  it("shows the Processing tab's page, each tab's count from the server, and where the page is", async () => {
    const processing = Array.from({ length: 3 }, (_, i) => order(`p${i}`, { status: 'Processing' }));
    vi.mocked(fetchAdminOrders).mockResolvedValue({
      items: processing,
      page: 1,
      limit: 25,
      total: 1234,
      status: 'Processing',
      counts: { Processing: 1234, Dispatched: 56, Delivered: 198765, Cancelled: 7 },
    });
    renderOrders();
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(4);
    expect(lastQuery()).toEqual({ status: 'Processing', q: '', from: '', to: '', page: 1, limit: 25 });
    expect(screen.getByRole('tab', { name: /^Processing\s*1,234$/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: /^Delivered\s*1,98,765$/ })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(pager).toHaveTextContent('1–25 of 1,234');
    expect(pager).toHaveTextContent('Page 1 of 50');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it('shows every order of a full page: the first rows render first, the rest just after', async () => {
    const processing = Array.from({ length: 25 }, (_, i) => order(`p${i}`, { status: 'Processing' }));
    const delivered = Array.from({ length: 3 }, (_, i) => order(`d${i}`, { status: 'Delivered' }));
    vi.mocked(fetchAdminOrders).mockImplementation(pageOf([...processing, ...delivered]));
    renderOrders();
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    // The rows are the page's, in its order: the last one too.
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent(shortOrderId(processing[24]!._id));
    await userEvent.click(screen.getByRole('tab', { name: /^Delivered/ }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4));
  });

  it('keeps tab, search, dates and page in the address, so a reload or a shared link shows the same', async () => {
    vi.mocked(fetchAdminOrders).mockImplementation(pageOf([order('d1', {})]));
    renderOrders('/admin/orders?status=Delivered&q=asha&from=2026-11-01&to=2026-11-30&page=2&limit=50');
    await screen.findByRole('table');
    expect(fetchAdminOrders).toHaveBeenCalledWith({
      status: 'Delivered',
      q: 'asha',
      from: '2026-11-01',
      to: '2026-11-30',
      page: 2,
      limit: 50,
    });
    expect(screen.getByRole('tab', { name: /Delivered/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('asha');
    expect(within(screen.getByRole('search')).getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('searches on Enter from page 1, keeps the search across tabs, pages on, and clears', async () => {
    const many: AdminOrdersPage = {
      items: [order('p1', { status: 'Processing' })],
      page: 1,
      limit: 25,
      total: 60,
      status: 'Processing',
      counts: { Processing: 60, Dispatched: 0, Delivered: 3, Cancelled: 0 },
    };
    vi.mocked(fetchAdminOrders).mockResolvedValue(many);
    renderOrders('/admin/orders?page=2');
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search orders' }), '  9876543210{Enter}');
    expect(lastQuery()).toMatchObject({ q: '9876543210', page: 1 });
    expect(address()).toBe('?q=9876543210');

    await userEvent.click(screen.getByRole('tab', { name: /Delivered/ }));
    expect(lastQuery()).toMatchObject({ status: 'Delivered', q: '9876543210', page: 1 });

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(lastQuery()).toMatchObject({ status: 'Delivered', page: 2 });
    expect(address()).toBe('?status=Delivered&q=9876543210&page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address()).toBe('?status=Delivered');
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it('refreshes the page and the counts after a status change', async () => {
    const placed = order('a1', { status: 'Processing', paymentMethod: 'online' });
    vi.mocked(fetchAdminOrders).mockImplementation(pageOf([placed]));
    vi.mocked(updateOrderStatus).mockImplementation(async () => {
      vi.mocked(fetchAdminOrders).mockImplementation(pageOf([{ ...placed, status: 'Delivered' }]));
      return { ...placed, status: 'Delivered' };
    });
    renderOrders();
    const table = await screen.findByRole('table');
    await userEvent.selectOptions(within(table).getByRole('combobox'), 'Delivered');
    expect(await screen.findByText(MESSAGES.orderStatusUpdated('Delivered'))).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: /^Delivered\s*1$/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Processing\s*0$/ })).toBeInTheDocument();
    expect(screen.getByText('No orders found')).toBeInTheDocument();
  });

  it("says the server's reason when the orders cannot be fetched", async () => {
    const reason = 'from and to must be dates written YYYY-MM-DD, from not after to.';
    vi.mocked(fetchAdminOrders).mockRejectedValue(new ApiError(reason, 400, reason));
    renderOrders('/admin/orders?from=2026-12-01&to=2026-11-01');
    expect(await screen.findByText(MESSAGES.adminOrdersFailed + reason)).toBeInTheDocument();
  });
});
