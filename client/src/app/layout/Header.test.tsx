import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../state/session';
import { mockFetch, renderInApp, storeUser } from '../../components/ui/test-utils';
import { Header } from './Header';
import { useCartCountOnLoad } from './useCartCountOnLoad';

function SetCount({ to }: { to: number }) {
  const { setCartCount, authModal } = useSession();
  return (
    <>
      <button type="button" onClick={() => setCartCount(to)}>
        set {to}
      </button>
      <p>modal: {authModal ? `${authModal.mode} -> ${authModal.redirectTo}` : 'closed'}</p>
    </>
  );
}

function WithLoad() {
  useCartCountOnLoad();
  return <Header />;
}

describe('header', () => {
  it('shows the cart badge only when the count is above 0', async () => {
    mockFetch({});
    renderInApp(
      <>
        <Header />
        <SetCount to={3} />
      </>,
    );
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await userEvent.click(screen.getByRole('button', { name: 'set 3' }));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it("fetches a restored session's cart count once on load and shows the user's initial", async () => {
    storeUser('asha');
    const { calls } = mockFetch({ 'GET /api/cart/cart': { body: { items: [], cartCount: 1, totalAmount: 0 } } });
    renderInApp(<WithLoad />);
    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('1'));
    expect(calls.filter((c) => c.key === 'GET /api/cart/cart')).toHaveLength(1);
    const account = screen.getByRole('link', { name: 'My account (asha)' });
    expect(account).toHaveTextContent('A');
    expect(account).toHaveAttribute('href', '/userdashbord');
  });

  it('opens the login modal for guests, bound for the dashboard', async () => {
    mockFetch({});
    renderInApp(
      <>
        <Header />
        <SetCount to={0} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log in or sign up' }));
    expect(screen.getByText('modal: login -> /userdashbord')).toBeInTheDocument();
  });

  it('highlights the current page and toggles the mobile menu', async () => {
    mockFetch({});
    renderInApp(<Header />, { path: '/profile' });
    // The desktop bar and the mobile menu each link every page.
    for (const link of screen.getAllByRole('link', { name: 'Profile' })) {
      expect(link).toHaveAttribute('aria-current', 'page');
    }
    for (const link of screen.getAllByRole('link', { name: 'Home' })) expect(link).not.toHaveAttribute('aria-current');
    const menu = screen.getByText('Open menu').closest('details')!;
    expect(menu.open).toBe(false);
    await userEvent.click(screen.getByText('Open menu'));
    expect(menu.open).toBe(true);
    expect(within(menu).getByRole('link', { name: 'Gallery' })).toHaveAttribute('href', '/gallery');
    await userEvent.click(screen.getByText('Close menu'));
    expect(menu.open).toBe(false);
  });

  it('switches the interface language', async () => {
    mockFetch({});
    renderInApp(<Header />);
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'Language' })[0]!, 'hi');
    expect(await screen.findAllByRole('link', { name: 'उत्पाद' })).not.toHaveLength(0);
    expect(document.documentElement.lang).toBe('hi');
    await userEvent.selectOptions(screen.getAllByRole('combobox', { name: 'भाषा' })[0]!, 'en');
  });
});
