import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Product } from '@kesh/shared';
import { useSession } from '../../state/session';
import { mockFetch, renderInApp, storeUser } from '../../components/ui/test-utils';
import ProductsPage from './ProductsPage';

const FIRST_PAGE = 'GET /api/main-category?page=1&limit=24';
const pageOf = (items: Product[], page = 1, total = items.length) => ({ items, page, limit: 24, total });
const productRoute = (p: Product) => ({ [`GET /api/main-category/${p._id}`]: { body: p } });

const product = (n: number, overrides: Partial<Product> = {}): Product => ({
  _id: `${n}`.padStart(24, 'a'),
  title: `Herbal Oil ${n}`,
  subtitle: 'Premium Ayurvedic Product',
  mainPrice: 500,
  offerPrice: 399,
  ratingCount: 12,
  description: `Oil number ${n}`,
  image: null,
  imageSrcSet: null,
  createdAt: '',
  updatedAt: '',
  ...overrides,
});

function SessionReadout() {
  const { cartCount, authModal } = useSession();
  return (
    <p>
      count {cartCount}; modal {authModal ? authModal.mode : 'closed'}
    </p>
  );
}

const page = (
  <>
    <ProductsPage />
    <SessionReadout />
  </>
);

describe('products page', () => {
  it('lists products with price, struck original price and discount', async () => {
    mockFetch({ [FIRST_PAGE]: { body: pageOf([product(1), product(2, { offerPrice: null })]) } });
    renderInApp(page, { path: '/products' });
    const card = (await screen.findByRole('heading', { name: 'Herbal Oil 1' })).closest('article')!;
    expect(within(card).getByText('₹399')).toBeInTheDocument();
    expect(within(card).getByText('₹500').tagName).toBe('S');
    expect(within(card).getByText('20% OFF')).toBeInTheDocument();
    const second = screen.getByRole('heading', { name: 'Herbal Oil 2' }).closest('article')!;
    expect(within(second).queryByText(/OFF/)).not.toBeInTheDocument();
    expect(document.title).toBe('Products | Kesh Ayurveda');
  });

  it('shows the empty and failure texts', async () => {
    mockFetch({ [FIRST_PAGE]: { body: pageOf([]) } });
    const first = renderInApp(page);
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    first.unmount();
    mockFetch({ [FIRST_PAGE]: { status: 500, body: {} } });
    renderInApp(page);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.productsFetchFailed);
  });

  it('opens the login modal when a guest adds to cart', async () => {
    mockFetch({ [FIRST_PAGE]: { body: pageOf([product(1)]) } });
    renderInApp(page);
    await userEvent.click(await screen.findByRole('button', { name: /Add to Cart/ }));
    expect(screen.getByText('count 0; modal login')).toBeInTheDocument();
  });

  it('opens the detail view, keeps quantity at 1 or more and adds that quantity', async () => {
    storeUser();
    const { calls } = mockFetch({
      [FIRST_PAGE]: { body: pageOf([product(1)]) },
      ...productRoute(product(1)),
      'POST /api/cart/add-to-cart': { body: { items: [], cartCount: 2, totalAmount: 798 } },
    });
    const app = renderInApp(page, { path: '/products' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Herbal Oil 1' }));
    expect(app.location()).toBe(`/products?id=${product(1)._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Herbal Oil 1' })).toBeInTheDocument();
    expect(screen.getByText('Key Benefits')).toBeInTheDocument();

    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(screen.getByText('count 2; modal closed')).toBeInTheDocument());
    expect(calls.find((c) => c.key === 'POST /api/cart/add-to-cart')?.body).toEqual({
      productId: product(1)._id,
      quantity: 2,
    });

    await user.click(screen.getByRole('link', { name: 'Back to Products' }));
    expect(app.location()).toBe('/products');
  });

  it('stops the quantity at 100 and says so', async () => {
    storeUser();
    mockFetch(productRoute(product(1)));
    renderInApp(page, { path: `/products?id=${product(1)._id}` });
    const plus = await screen.findByRole('button', { name: 'Increase quantity' });
    for (let i = 1; i < 100; i += 1) fireEvent.click(plus);
    expect(screen.getByRole('group', { name: 'Quantity' })).toHaveTextContent('100');
    expect(plus).toBeDisabled();
    expect(screen.getByText('You can add at most 100 of one product.')).toBeInTheDocument();
  }, 30_000);

  it('re-reads the cart count after a failed add', async () => {
    storeUser();
    mockFetch({
      [FIRST_PAGE]: { body: pageOf([product(1)]) },
      'POST /api/cart/add-to-cart': { status: 500, body: {} },
      'GET /api/cart/cart': { status: 500, body: {} },
    });
    renderInApp(page);
    await userEvent.click(await screen.findByRole('button', { name: /Add to Cart/ }));
    await waitFor(() => expect(screen.getByText('count 0; modal closed')).toBeInTheDocument());
  });

  it('searches from the form: the address carries ?q=, the server answers the matches', async () => {
    const { calls } = mockFetch({
      [FIRST_PAGE]: { body: pageOf([product(1), product(2)]) },
      'GET /api/main-category?page=1&limit=24&q=%E0%A4%A4%E0%A5%87%E0%A4%B2': {
        body: pageOf([product(2, { title: 'आंवला तेल' })]),
      },
    });
    const app = renderInApp(page, { path: '/products' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Herbal Oil 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), ' तेल ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(app.location()).toBe('/products?q=%E0%A4%A4%E0%A5%87%E0%A4%B2');
    expect(await screen.findByRole('heading', { name: 'आंवला तेल' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Herbal Oil 1' })).not.toBeInTheDocument();
    expect(screen.getByText('1 product found for “तेल”')).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET /api/main-category?page=1&limit=24&q=%E0%A4%A4%E0%A5%87%E0%A4%B2');
  });

  it('sorts as soon as an order is chosen, keeping the search in the address', async () => {
    mockFetch({
      'GET /api/main-category?page=1&limit=24&q=oil': { body: pageOf([product(1), product(2)]) },
      'GET /api/main-category?page=1&limit=24&q=oil&sort=price-desc': { body: pageOf([product(2), product(1)]) },
    });
    const app = renderInApp(page, { path: '/products?q=oil' });
    expect(await screen.findByRole('searchbox', { name: 'Search products' })).toHaveValue('oil');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: high to low');
    expect(app.location()).toBe('/products?q=oil&sort=price-desc');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Herbal Oil 2',
        'Herbal Oil 1',
      ]),
    );
  });

  it('says kindly when nothing matches, with a way back to every product', async () => {
    mockFetch({ 'GET /api/main-category?page=1&limit=24&q=shampoo': { body: pageOf([]) } });
    renderInApp(page, { path: '/products?q=shampoo' });
    expect(await screen.findByText('No products match “shampoo”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all products' })).toHaveAttribute('href', '/products');
    expect(screen.queryByText('No products available')).not.toBeInTheDocument();
  });

  it('is a plain GET form to /products, so it works without JavaScript', async () => {
    mockFetch({ [FIRST_PAGE]: { body: pageOf([]) } });
    renderInApp(page, { path: '/products' });
    const form = await screen.findByRole('search');
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/products');
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveAttribute('name', 'q');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveAttribute('name', 'sort');
  });
});

describe('products page, one page at a time', () => {
  const catalogue = Array.from({ length: 60 }, (_, i) => product(i + 1));
  const pages = {
    [FIRST_PAGE]: { body: pageOf(catalogue.slice(0, 24), 1, 60) },
    'GET /api/main-category?page=2&limit=24': { body: pageOf(catalogue.slice(24, 48), 2, 60) },
    'GET /api/main-category?page=3&limit=24': { body: pageOf(catalogue.slice(48), 3, 60) },
  };
  const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

  it('shows one page and adds the next below with "Show more products", the address unchanged', async () => {
    const { calls } = mockFetch(pages);
    const app = renderInApp(page, { path: '/products' });
    await screen.findByRole('heading', { name: 'Herbal Oil 24' });
    expect(headings()).toHaveLength(24);
    expect(screen.getByText('Products 1–24 of 60')).toBeInTheDocument();
    const more = screen.getByRole('link', { name: 'Show more products' });
    expect(more).toHaveAttribute('href', '/products?page=2');

    await userEvent.click(more);
    await screen.findByRole('heading', { name: 'Herbal Oil 48' });
    expect(headings()).toHaveLength(48);
    expect(app.location()).toBe('/products');
    expect(screen.getByText('Products 1–48 of 60')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Show more products' }));
    await screen.findByRole('heading', { name: 'Herbal Oil 60' });
    expect(headings()).toHaveLength(60);
    expect(screen.queryByRole('link', { name: 'Show more products' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.key)).not.toContain('GET /api/main-category');
  });

  it('follows the page links to ?page=2, which shows products 25–48 only', async () => {
    mockFetch(pages);
    const app = renderInApp(page, { path: '/products' });
    const nav = await screen.findByRole('navigation', { name: 'Pages of products' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Next' }));
    expect(app.location()).toBe('/products?page=2');
    await screen.findByRole('heading', { name: 'Herbal Oil 25' });
    expect(headings()).toEqual(catalogue.slice(24, 48).map((p) => p.title));
    const pageNav = screen.getByRole('navigation', { name: 'Pages of products' });
    expect(within(pageNav).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/products');
    expect(within(pageNav).getByText('Page 2').parentElement).toHaveAttribute('aria-current', 'page');
  });

  it('says so for a ?page= that is no page number, or past the last page, with a way to the first', async () => {
    mockFetch({ ...pages, 'GET /api/main-category?page=9&limit=24': { body: pageOf([], 9, 60) } });
    const bad = renderInApp(page, { path: '/products?page=two' });
    expect(await screen.findByText('There is no such page of products.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/products');
    bad.unmount();
    renderInApp(page, { path: '/products?page=9' });
    expect(await screen.findByText('There is no such page of products.')).toBeInTheDocument();
  });

  it('says a shared link’s product is gone, above the first page of products', async () => {
    mockFetch({ ...pages, [`GET /api/main-category/${'9'.padStart(24, 'f')}`]: { status: 404, body: {} } });
    renderInApp(page, { path: `/products?id=${'9'.padStart(24, 'f')}` });
    expect(await screen.findByText('This product is no longer available.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Herbal Oil 1' })).toBeInTheDocument();
  });
});
