import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartItem, CartResponse } from '@kesh/shared';
import { mockFetch, renderInApp, storeUser } from '../../components/ui/test-utils';
import i18n from '../../i18n';
import CartPage from './CartPage';

const OIL = 'a'.repeat(24);
const SMALL = '1'.repeat(24);
const LARGE = '2'.repeat(24);

const line = (variantId: string, label: string, offerPrice: number, quantity: number): CartItem => ({
  productId: {
    _id: OIL,
    title: 'Amla Hair Oil',
    offerPrice,
    mainPrice: null,
    image: null,
    imageSrcSet: null,
    description: '',
    stock: 9,
  },
  quantity,
  variant: { id: variantId, label, sku: `AMLA-${label}` },
});

const cartOf = (items: CartItem[]): CartResponse => ({
  items,
  cartCount: items.reduce((n, i) => n + i.quantity, 0),
  totalAmount: items.reduce((n, i) => n + (i.productId.offerPrice ?? 0) * i.quantity, 0),
});

const small = line(SMALL, '100 ml', 199, 1);
const large = line(LARGE, '200 ml', 300, 2);

describe('cart of one oil in two sizes', () => {
  it('shows each size beside the name, and changes or removes that size only', async () => {
    storeUser();
    const { calls } = mockFetch({
      'GET /api/cart/cart': { body: cartOf([small, large]) },
      'POST /api/cart/update-quantity': { body: cartOf([small, { ...large, quantity: 3 }]) },
      'POST /api/cart/remove-from-cart': { body: cartOf([{ ...large, quantity: 3 }]) },
    });
    renderInApp(<CartPage />, { path: '/cart' });
    const large200 = await screen.findByRole('heading', { name: 'Amla Hair Oil 200 ml' });
    expect(screen.getByRole('heading', { name: 'Amla Hair Oil 100 ml' })).toBeInTheDocument();

    const row = large200.closest('li') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /Increase.*Amla Hair Oil \(200 ml\)/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/cart/update-quantity')?.body).toEqual({
        productId: OIL,
        variantId: LARGE,
        quantity: 3,
      }),
    );
    expect(within(row).getByRole('group')).toHaveTextContent('3');
    const smallRow = screen.getByRole('heading', { name: 'Amla Hair Oil 100 ml' }).closest('li') as HTMLElement;
    expect(within(smallRow).getByRole('group')).toHaveTextContent('1');

    await userEvent.click(within(smallRow).getByRole('button', { name: /Remove.*Amla Hair Oil \(100 ml\)/ }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Amla Hair Oil 100 ml' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Amla Hair Oil 200 ml' })).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /api/cart/remove-from-cart')?.body).toEqual({
      productId: OIL,
      variantId: SMALL,
    });
  });

  it('names each line in the shopper’s language when the product has its title in it', async () => {
    storeUser();
    await i18n.changeLanguage('gu');
    try {
      const translated = { ...large, productId: { ...large.productId, titles: { gu: 'આમળા વાળનું તેલ' } } };
      mockFetch({ 'GET /api/cart/cart': { body: cartOf([small, translated]) } });
      renderInApp(<CartPage />, { path: '/cart' });
      expect(await screen.findByRole('heading', { name: 'આમળા વાળનું તેલ 200 ml' })).toBeInTheDocument();
      // No Gujarati title: the English one.
      expect(screen.getByRole('heading', { name: 'Amla Hair Oil 100 ml' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
