import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CartResponse } from '@kesh/shared';
import { mockFetch, renderInApp, storeUser } from '../../components/ui/test-utils';
import ShippingPage from './ShippingPage';

const cart: CartResponse = {
  items: [
    {
      productId: {
        _id: 'a'.repeat(24),
        title: 'Amla Hair Oil',
        offerPrice: 300,
        mainPrice: 400,
        image: null,
        imageSrcSet: null,
        description: '',
      },
      quantity: 2,
      variant: { id: '2'.repeat(24), label: '200 ml', sku: 'AMLA-200ML' },
    },
  ],
  cartCount: 2,
  totalAmount: 600,
};

describe('checkout summary', () => {
  it('names the size or pack of each line beside the product', async () => {
    storeUser();
    mockFetch({
      'GET /api/cart/cart': { body: cart },
      'GET /api/auth/user': {
        body: { _id: 'u1', username: 'asha', email: 'a@example.com', contact: '', address: null },
      },
    });
    renderInApp(<ShippingPage />, { path: '/shipping' });
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(await within(summary).findByText('200 ml')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Amla Hair Oil 200 ml');
  });
});
