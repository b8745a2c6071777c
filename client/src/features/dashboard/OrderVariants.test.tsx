import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Order } from '@kesh/shared';
import { mockFetch, renderInApp } from '../../components/ui/test-utils';
import i18n from '../../i18n';
import { OrdersPanel } from './OrdersPanel';

const order: Order = {
  _id: '665f1c2e9b1e8a0012abcdef',
  userId: 'u1',
  status: 'Processing',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  totalAmount: 799,
  userDetails: { username: 'asha', email: 'asha@example.com', contact: '9876543210', address: 'Rajkot' },
  products: [
    {
      productId: { _id: 'p1', title: 'Amla Hair Oil' },
      title: 'Amla Hair Oil',
      quantity: 2,
      price: 300,
      variant: { id: '2'.repeat(24), label: '200 ml', sku: 'AMLA-200ML' },
      titles: { gu: 'આમળા વાળનું તેલ' },
    },
    // Bought before the product had sizes: no variant, read as before.
    { productId: null, title: 'Reetha Shampoo', quantity: 1, price: 199, variant: null },
  ],
  razorpayOrderId: 'order_1',
  razorpayPaymentId: 'pay_1',
};

describe('my orders', () => {
  it('names the size or pack bought beside the product, and old lines as before', async () => {
    mockFetch({ 'GET /api/orders/': { body: [order] } });
    renderInApp(<OrdersPanel token="tok" onUnauthorized={() => {}} />);
    const [first, second] = within(await screen.findByRole('table')).getAllByRole('listitem');
    expect(first).toHaveTextContent(/^Amla Hair Oil 200 ml × 2 · ₹300$/);
    expect(second).toHaveTextContent(/^Reetha Shampoo × 1 · ₹199$/);
  });

  it('names a line in the shopper’s language when the order kept a title in it, else in English', async () => {
    await i18n.changeLanguage('gu');
    try {
      mockFetch({ 'GET /api/orders/': { body: [order] } });
      renderInApp(<OrdersPanel token="tok" onUnauthorized={() => {}} />);
      const [first, second] = within(await screen.findByRole('table')).getAllByRole('listitem');
      expect(first).toHaveTextContent(/^આમળા વાળનું તેલ 200 ml × 2 · ₹300$/);
      expect(second).toHaveTextContent(/^Reetha Shampoo × 1 · ₹199$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
