import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fetchAdminOrders, fetchLowStock } from '../../api/admin';
import { LowStock } from './components/LowStock';
import { order, pageOf } from './orders-fixtures';
import OrdersPage from './pages/OrdersPage';
import { renderAdmin } from './testing';

vi.mock('../../api/admin', () => ({ fetchAdminOrders: vi.fn(), fetchLowStock: vi.fn() }));

const LARGE = { id: '2'.repeat(24), label: '200 ml', sku: 'AMLA-200ML' };

beforeEach(() => vi.resetAllMocks());

describe('the owner sees which size or pack', () => {
  it('was bought, beside the product in the orders list (old lines as before)', async () => {
    vi.mocked(fetchAdminOrders).mockImplementation(
      pageOf([
        order('1', {
          status: 'Processing',
          products: [
            { productId: null, title: 'Amla Hair Oil', quantity: 2, price: 300, variant: LARGE },
            { productId: null, title: 'Bhringraj Oil', quantity: 1, price: 600, variant: null },
          ],
        }),
      ]),
    );
    renderAdmin(<OrdersPage />, '/admin/orders');
    const [first, second] = within(await screen.findByRole('table')).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Amla Hair Oil 200 ml × 2 @ ₹300$/);
    expect(second).toHaveTextContent(/^Bhringraj Oil × 1 @ ₹600$/);
  });

  it('runs low', async () => {
    vi.mocked(fetchLowStock).mockResolvedValue([
      { _id: 'p1', title: 'Amla Hair Oil', stock: 0, variant: LARGE },
      { _id: 'p1', title: 'Amla Hair Oil', stock: 3, variant: { ...LARGE, id: '1'.repeat(24), label: '100 ml' } },
    ]);
    renderAdmin(<LowStock />);
    const items = within(await screen.findByRole('list', { name: 'Running low' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Amla Hair Oil 200 mlOut of stock',
      'Amla Hair Oil 100 ml3 left',
    ]);
  });
});
