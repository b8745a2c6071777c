import { describe, expect, it, vi, beforeEach } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { CartItem, CartResponse } from '@kesh/shared';
import { SessionProvider, useSession } from '../../state/session';
import { fetchCart } from '../../api/cart';
import { removeFromCart, updateCartQuantity } from '../../api/cartLines';
import { ApiError } from '../../api/http';
import { storeUser } from '../../components/ui/test-utils';
import CartPage from './CartPage';

vi.mock('../../api/cart', () => ({ fetchCart: vi.fn() }));
vi.mock('../../api/cartLines', () => ({ updateCartQuantity: vi.fn(), removeFromCart: vi.fn() }));

function item(id: string, title: string, offerPrice: number, quantity: number): CartItem {
  return {
    productId: {
      _id: id.padStart(24, '0'),
      title,
      offerPrice,
      mainPrice: offerPrice + 100,
      image: null,
      imageSrcSet: null,
      description: '',
    },
    quantity,
  };
}

function cartOf(items: CartItem[]): CartResponse {
  return {
    items,
    cartCount: items.reduce((s, i) => s + i.quantity, 0),
    totalAmount: items.reduce((s, i) => s + (i.productId.offerPrice ?? 0) * i.quantity, 0),
  };
}

function Badge() {
  return <span data-testid="badge">{useSession().cartCount}</span>;
}

function renderCart() {
  storeUser('asha', 'tok');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/cart']}>
          <Badge />
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/shipping" element={<p>Shipping page</p>} />
            <Route path="/products" element={<p>Products page</p>} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const oil = item('1', 'Bhringraj Hair Oil', 299, 1);
const shampoo = item('2', 'Reetha Shampoo', 199, 3);

describe('CartPage', () => {
  beforeEach(() => vi.resetAllMocks());

  it('disables minus at quantity 1 and enables it above 1', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cartOf([oil, shampoo]));
    renderCart();
    expect(await screen.findByRole('button', { name: 'Decrease quantity of Bhringraj Hair Oil' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Reetha Shampoo' })).toBeEnabled();
    // The badge follows the loaded cart in an effect after the lines render.
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('4'));
  });

  it('caps a line at 100: plus is disabled and the limit is shown', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cartOf([item('1', 'Bhringraj Hair Oil', 299, 100), shampoo]));
    renderCart();
    expect(await screen.findByRole('button', { name: 'Increase quantity of Bhringraj Hair Oil' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Increase quantity of Reetha Shampoo' })).toBeEnabled();
    expect(screen.getAllByText('At most 100 of one product')).toHaveLength(1);
  });

  it('updates the quantity at once and the badge with it', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cartOf([oil, shampoo]));
    let answer: (cart: CartResponse) => void = () => {};
    vi.mocked(updateCartQuantity).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderCart();
    const plus = await screen.findByRole('button', { name: 'Increase quantity of Bhringraj Hair Oil' });
    await userEvent.click(plus);
    // Before the server answers: quantity 2, minus enabled, badge 5, total ₹299*2 + ₹199*3.
    expect(screen.getByRole('button', { name: 'Decrease quantity of Bhringraj Hair Oil' })).toBeEnabled();
    expect(screen.getByTestId('badge')).toHaveTextContent('5');
    expect(screen.getAllByText('₹1,195')).not.toHaveLength(0);
    expect(updateCartQuantity).toHaveBeenCalledWith('tok', oil.productId._id, 2, undefined);
    answer(cartOf([{ ...oil, quantity: 2 }, shampoo]));
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('5'));
  });

  it('reloads the cart when an update fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(fetchCart).mockResolvedValue(cartOf([oil, shampoo]));
    vi.mocked(updateCartQuantity).mockRejectedValue(new ApiError('HTTP 500', 500));
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Decrease quantity of Reetha Shampoo' }));
    await waitFor(() => expect(fetchCart).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('4'));
  });

  it('removes a line', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cartOf([oil, shampoo]));
    vi.mocked(removeFromCart).mockResolvedValue(cartOf([shampoo]));
    renderCart();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Bhringraj Hair Oil from cart' }));
    expect(screen.queryByText('Bhringraj Hair Oil')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('3'));
    expect(removeFromCart).toHaveBeenCalledWith('tok', oil.productId._id, undefined);
  });

  it('shows the empty texts with Place Order disabled', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cartOf([]));
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Add some natural wellness products to get started!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place Order' })).toBeDisabled();
    await userEvent.click(screen.getByRole('link', { name: 'Continue Shopping' }));
    expect(screen.getByText('Products page')).toBeInTheDocument();
  });

  it('shows FREE shipping and goes to /shipping from Place Order', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cartOf([oil]));
    renderCart();
    const summary = await screen.findByRole('complementary', { name: 'Order Summary' });
    expect(within(summary).getByText('FREE')).toBeInTheDocument();
    await userEvent.click(within(summary).getByRole('button', { name: 'Place Order' }));
    expect(screen.getByText('Shipping page')).toBeInTheDocument();
  });

  it('asks a guest to sign in', async () => {
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <SessionProvider>
          <MemoryRouter>
            <CartPage />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(fetchCart).not.toHaveBeenCalled();
  });
});
