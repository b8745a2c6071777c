import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@kesh/shared';
import { mockFetch, renderInApp, storeUser } from '../../components/ui/test-utils';
import ProductsPage from './ProductsPage';

const FIRST_PAGE = 'GET /api/main-category?page=1&limit=24';
const pageOf = (items: Product[], page = 1, total = items.length) => ({ items, page, limit: 24, total });

const product = (n: number, stock: number | null): Product => ({
  _id: `${n}`.padStart(24, 'b'),
  title: `Hair Oil ${n}`,
  subtitle: 'Premium Ayurvedic Product',
  mainPrice: 500,
  offerPrice: 399,
  ratingCount: 3,
  description: `Oil number ${n}`,
  image: null,
  imageSrcSet: null,
  stock,
  createdAt: '',
  updatedAt: '',
});

const cardOf = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('article')!;

describe('stock on the products page', () => {
  it('says "Only N left" at 5 or fewer, "Out of stock" at 0, and nothing when plenty or not counted', async () => {
    mockFetch({
      [FIRST_PAGE]: { body: pageOf([product(1, null), product(2, 6), product(3, 5), product(4, 0)]) },
    });
    renderInApp(<ProductsPage />, { path: '/products' });
    for (const title of ['Hair Oil 1', 'Hair Oil 2']) {
      const card = await cardOf(title);
      expect(within(card).queryByText(/left|Out of stock/)).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
    }
    expect(within(await cardOf('Hair Oil 3')).getByText('Only 5 left')).toBeInTheDocument();
    const soldOut = await cardOf('Hair Oil 4');
    expect(within(soldOut).getByRole('button', { name: /Out of stock/ })).toBeDisabled();
  });

  it('disables adding a sold-out product on its detail page and caps the quantity at what is left', async () => {
    storeUser();
    mockFetch({
      [`GET /api/main-category/${product(3, 2)._id}`]: { body: product(3, 2) },
      [`GET /api/main-category/${product(4, 0)._id}`]: { body: product(4, 0) },
    });
    const first = renderInApp(<ProductsPage />, { path: `/products?id=${product(3, 2)._id}` });
    const user = userEvent.setup();
    expect(await screen.findByText('Only 2 left')).toBeInTheDocument();
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    first.unmount();

    renderInApp(<ProductsPage />, { path: `/products?id=${product(4, 0)._id}` });
    expect(await screen.findByRole('button', { name: 'Out of stock' })).toBeDisabled();
    const jsonLd = document.querySelector('script[type="application/ld+json"]')!.textContent!;
    expect(JSON.parse(jsonLd).offers.availability).toBe('https://schema.org/OutOfStock');
  });
});
