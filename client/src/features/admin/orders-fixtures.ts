import { ORDER_STATUSES, type AdminOrdersPage, type Order } from '@kesh/shared';

/** An order as the API answers it: a delivered cash-on-delivery one unless told otherwise. */
export const order = (id: string, overrides: Partial<Order>): Order => ({
  _id: id.padStart(24, '0'),
  userId: 'u1',
  status: 'Delivered',
  createdAt: '2026-11-20T06:00:00.000Z',
  updatedAt: '2026-11-21T06:00:00.000Z',
  totalAmount: 649,
  userDetails: { username: 'Asha', email: 'asha@example.com', contact: '9876543210', address: 'Rajkot' },
  products: [{ productId: null, title: 'Bhringraj Oil', quantity: 1, price: 600 }],
  razorpayOrderId: null,
  razorpayPaymentId: null,
  paymentMethod: 'cod',
  codFee: 49,
  paidAt: null,
  ...overrides,
});

/** The server's answer for a list of orders: the tab asked for, and every tab's count. */
export function pageOf(orders: Order[]) {
  return async ({ status = 'Processing' }: { status?: string | number }): Promise<AdminOrdersPage> => {
    const items = orders.filter((o) => o.status === status);
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, orders.filter((o) => o.status === s).length]));
    return {
      items,
      page: 1,
      limit: 25,
      total: items.length,
      status: status as Order['status'],
      counts,
    } as AdminOrdersPage;
  };
}
