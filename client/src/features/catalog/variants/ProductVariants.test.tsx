import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Product } from '@kesh/shared';
import { mockFetch, renderInApp, storeUser } from '../../../components/ui/test-utils';
import ProductsPage from '../ProductsPage';
import { ID, LARGE, SMALL, amla, sizeVariant as variant } from '../../../test/products';

const routes = { [`GET /api/main-category/${ID}`]: { body: amla } };
const detail = (path: string) => renderInApp(<ProductsPage />, { path });
const price = () => screen.getByText('Price:').parentElement as HTMLElement;

describe('product page of a product sold in sizes', () => {
  it('shows the default size, then follows the size the shopper chooses: address, prices, stock and cart', async () => {
    storeUser();
    const { calls } = mockFetch({
      ...routes,
      'POST /api/cart/add-to-cart': { body: { items: [], cartCount: 1, totalAmount: 300 } },
    });
    const app = detail(`/products?id=${ID}`);
    const sizes = await screen.findByRole('group', { name: 'Size: 100 ml' });
    expect(within(sizes).getByRole('link', { name: /100 ml/ })).toHaveAttribute('aria-current', 'true');
    expect(within(sizes).getByRole('link', { name: '100 ml (sold out)' })).toBeInTheDocument();
    expect(price()).toHaveTextContent('₹199');
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Out of stock' })).toBeDisabled();

    const large = within(sizes).getByRole('link', { name: '200 ml' });
    expect(large).toHaveAttribute('href', `/products?id=${ID}&variant=${LARGE}`);
    await userEvent.click(large);
    expect(app.location()).toBe(`/products?id=${ID}&variant=${LARGE}`);
    expect(screen.getByRole('group', { name: 'Size: 200 ml' })).toBeInTheDocument();
    expect(price()).toHaveTextContent('₹300');
    expect(price()).toHaveTextContent('₹400');
    expect(screen.getAllByText('25% OFF')).toHaveLength(2);
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/cart/add-to-cart')?.body).toEqual({
        productId: ID,
        variantId: LARGE,
        quantity: 2,
      }),
    );
  });

  it('opens on the size the address names, and says when that size is gone', async () => {
    mockFetch(routes);
    const first = detail(`/products?id=${ID}&variant=${LARGE}`);
    expect(await screen.findByRole('group', { name: 'Size: 200 ml' })).toBeInTheDocument();
    expect(price()).toHaveTextContent('₹300');
    first.unmount();

    detail(`/products?id=${ID}&variant=${'9'.repeat(24)}`);
    expect(
      await screen.findByText('The size or pack in your link is no longer sold. Showing 100 ml.'),
    ).toBeInTheDocument();
    expect(price()).toHaveTextContent('₹199');
  });

  it('gives search engines one offer per size', async () => {
    mockFetch(routes);
    const { container } = detail(`/products?id=${ID}`);
    await screen.findByRole('group', { name: 'Size: 100 ml' });
    const ld = JSON.parse(container.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}') as {
      offers: { sku: string; price: string }[];
    };
    expect(ld.offers.map((o) => [o.sku, o.price])).toEqual([
      ['AMLA-100ml', '199.00'],
      ['AMLA-200ml', '300.00'],
    ]);
  });

  it('lets a choice of two options change one and keep the other where that variant exists', async () => {
    const packed: Product = {
      ...amla,
      options: [
        { name: 'Size', values: ['100 ml', '200 ml'] },
        { name: 'Pack', values: ['Single', 'Pack of 2'] },
      ],
      variants: [
        {
          ...variant(SMALL, '100 ml', { offerPrice: 199 }),
          optionValues: ['100 ml', 'Single'],
          label: '100 ml / Single',
        },
        {
          ...variant(LARGE, '200 ml', { offerPrice: 300 }),
          optionValues: ['200 ml', 'Single'],
          label: '200 ml / Single',
        },
        {
          ...variant('3'.repeat(24), '200 ml', { offerPrice: 560 }),
          optionValues: ['200 ml', 'Pack of 2'],
          label: '200 ml / Pack of 2',
        },
      ],
    };
    mockFetch({ [`GET /api/main-category/${ID}`]: { body: packed } });
    detail(`/products?id=${ID}&variant=${LARGE}`);
    const pack = await screen.findByRole('group', { name: 'Pack: Single' });
    expect(within(pack).getByRole('link', { name: 'Pack of 2' })).toHaveAttribute(
      'href',
      `/products?id=${ID}&variant=${'3'.repeat(24)}`,
    );
    // No 100 ml pack of 2: choosing Pack of 2 from 100 ml leads to the pack that exists.
    const size = screen.getByRole('group', { name: 'Size: 200 ml' });
    expect(within(size).getByRole('link', { name: '100 ml' })).toHaveAttribute(
      'href',
      `/products?id=${ID}&variant=${SMALL}`,
    );
  });

  it('shows a product without sizes as before: no choice, its own price', async () => {
    const plain = { ...amla, options: [], variants: [], defaultVariantId: null };
    mockFetch({ [`GET /api/main-category/${ID}`]: { body: plain } });
    detail(`/products?id=${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Amla Hair Oil' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Size/ })).not.toBeInTheDocument();
    expect(price()).toHaveTextContent('₹199');
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
  });
});

describe('product card of a product sold in sizes', () => {
  it('says "from" the lowest price and sends the shopper to choose a size', async () => {
    mockFetch({ 'GET /api/main-category?page=1&limit=24': { body: { items: [amla], page: 1, limit: 24, total: 1 } } });
    detail('/products');
    const card = (await screen.findByRole('heading', { name: 'Amla Hair Oil' })).closest('article') as HTMLElement;
    expect(within(card).getByText('from ₹199')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Choose options: Amla Hair Oil' })).toHaveAttribute(
      'href',
      `/products?id=${ID}`,
    );
    expect(within(card).queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
  });
});
