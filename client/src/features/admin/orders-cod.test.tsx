import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchAdminOrders, fetchLowStock, markOrderPaid, retryOrderRefund } from '../../api/admin';
import { LowStock } from './components/LowStock';
import OrdersPage from './pages/OrdersPage';
import { order, pageOf } from './orders-fixtures';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({
  fetchAdminOrders: vi.fn(),
  fetchLowStock: vi.fn(),
  markOrderPaid: vi.fn(),
  retryOrderRefund: vi.fn(),
  updateOrderStatus: vi.fn(),
  downloadOrderInvoice: vi.fn(),
  downloadOrdersCsv: vi.fn(),
}));

beforeEach(() => {
  vi.resetAllMocks();
});

describe('admin orders: cash on delivery', () => {
  it('says how each order is paid and marks a delivered cash-on-delivery order paid', async () => {
    const unpaid = order('a1', {});
    const online = order('b2', {
      paymentMethod: 'online',
      razorpayPaymentId: 'pay_1',
      paidAt: '2026-11-20T06:00:00.000Z',
    });
    vi.mocked(fetchAdminOrders).mockImplementation(pageOf([unpaid, online]));
    vi.mocked(markOrderPaid).mockImplementation(async () => {
      vi.mocked(fetchAdminOrders).mockImplementation(pageOf([{ ...unpaid, paidAt: '2026-11-22T06:00:00.000Z' }]));
      return { ...unpaid, paidAt: '2026-11-22T06:00:00.000Z' };
    });
    renderAdmin(<OrdersPage />);
    await userEvent.click(await screen.findByRole('tab', { name: /Delivered/ }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Cash on delivery · to collect')).toBeInTheDocument();
    expect(within(table).getByText('Paid online')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /Mark order .* paid/ })).toHaveLength(1);

    await userEvent.click(within(table).getByRole('button', { name: 'Mark order 000000a1 paid' }));
    expect(markOrderPaid).toHaveBeenCalledWith(unpaid._id);
    expect(await screen.findByText('Order 000000a1 marked paid')).toBeInTheDocument();
    expect(await screen.findByText('Cash on delivery · paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark order/ })).not.toBeInTheDocument();
  });
});

describe('admin orders: coupons', () => {
  it("shows the coupon an order used and what it took off under the order's total", async () => {
    vi.mocked(fetchAdminOrders).mockImplementation(
      pageOf([
        order('c3', { coupon: 'DIWALI10', discountPaise: 6000, discount: 60, totalAmount: 589 }),
        order('d4', {}),
      ]),
    );
    renderAdmin(<OrdersPage />);
    await userEvent.click(await screen.findByRole('tab', { name: /Delivered/ }));
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('Coupon DIWALI10: −₹60')).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent('Coupon');
  });
});

describe('admin orders: a failed refund', () => {
  it('asks for it again from the row, then shows the refund as done', async () => {
    const refund = (status: 'failed' | 'processed') => ({ id: null, amountPaise: 64900, amount: 649, status });
    const failed = order('e5', {
      status: 'Cancelled',
      paymentMethod: 'online',
      razorpayPaymentId: 'pay_1',
      refund: refund('failed'),
    });
    vi.mocked(fetchAdminOrders).mockImplementation(pageOf([failed]));
    vi.mocked(retryOrderRefund).mockImplementation(async () => {
      vi.mocked(fetchAdminOrders).mockImplementation(pageOf([{ ...failed, refund: refund('processed') }]));
      return { ...failed, refund: refund('processed') };
    });
    renderAdmin(<OrdersPage />);
    await userEvent.click(await screen.findByRole('tab', { name: /Cancelled/ }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Refund ₹649 FAILED: settle it in the Razorpay dashboard')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Request the refund of order 000000e5 again' }));
    expect(retryOrderRefund).toHaveBeenCalledWith(failed._id);
    expect(await screen.findByText('Refund of order 000000e5 requested again')).toBeInTheDocument();
    expect(await screen.findByText('Refunded ₹649')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request the refund/ })).not.toBeInTheDocument();
  });
});

describe('admin dashboard: running low', () => {
  it('lists the products running low, sold out first', async () => {
    vi.mocked(fetchLowStock).mockResolvedValue([
      { _id: 'p1', title: 'Amla Oil', stock: 0 },
      { _id: 'p2', title: 'Neem Oil', stock: 3 },
    ]);
    renderAdmin(<LowStock />);
    const list = await screen.findByRole('list', { name: 'Running low' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Amla OilOut of stock', 'Neem Oil3 left']);
  });

  it('says when nothing is running low', async () => {
    vi.mocked(fetchLowStock).mockResolvedValue([]);
    renderAdmin(<LowStock />);
    expect(await screen.findByText('No product is running low.')).toBeInTheDocument();
  });
});
