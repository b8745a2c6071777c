import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import {
  COUPON_LAPSED_REFUNDED,
  COUPON_REFUSALS,
  COUPON_REFUSAL_TEXTS,
  MESSAGES,
  formatRupees,
  type CartResponse,
  type Order,
  type UserProfile,
} from '@kesh/shared';
import { SessionProvider } from '../../state/session';
import { fetchCart } from '../../api/cart';
import { fetchUser } from '../../api/auth';
import { checkDelivery } from '../../api/shipping';
import { createOrder, createPaymentOrder, placeCodOrder, verifyPayment } from '../../api/payments';
import { ApiError } from '../../api/http';
import { applyCoupon } from '../../api/coupons';
import en from '../../i18n/locales/en/checkout.coupon.json';
import gu from '../../i18n/locales/gu/checkout.coupon.json';
import hi from '../../i18n/locales/hi/checkout.coupon.json';
import mr from '../../i18n/locales/mr/checkout.coupon.json';
import type { RazorpayOptions } from './razorpay';
import { storeUser } from '../../components/ui/test-utils';
import ShippingPage from './ShippingPage';
import { orderAddressLine } from './usePayment';

const couponCatalogue = { en, hi, mr, gu };

vi.mock('../../api/cart', () => ({ fetchCart: vi.fn() }));
vi.mock('../../api/auth', () => ({ fetchUser: vi.fn() }));
vi.mock('../../api/shipping', () => ({ checkDelivery: vi.fn() }));
vi.mock('../../api/payments', () => ({
  createPaymentOrder: vi.fn(),
  verifyPayment: vi.fn(),
  createOrder: vi.fn(),
  placeCodOrder: vi.fn(),
}));
vi.mock('../../api/shop', () => ({ fetchShop: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../api/coupons', () => ({ applyCoupon: vi.fn() }));

const ADDRESS = '12 MG Road, Rajkot, Gujarat, India, 360001';
const profile = (address: string | null): UserProfile => ({
  _id: 'u1',
  username: 'asha',
  email: 'asha@example.com',
  contact: '9876543210',
  address,
});
const cart: CartResponse = {
  items: [
    {
      productId: {
        _id: 'p1',
        title: 'Bhringraj Hair Oil',
        offerPrice: 299,
        mainPrice: 399,
        image: null,
        imageSrcSet: null,
        description: '',
      },
      quantity: 2,
    },
  ],
  cartCount: 2,
  totalAmount: 598,
};
const emptyCart: CartResponse = { items: [], cartCount: 0, totalAmount: 0 };

/** Stands in for Checkout.js: remembers the options so a test can pay or dismiss. */
let checkout: RazorpayOptions | null = null;
const opened = vi.fn();

function renderShipping(stored = true) {
  if (stored) storeUser('asha', 'tok');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/shipping']}>
          <Routes>
            <Route path="/" element={<p>Home page</p>} />
            <Route path="/shipping" element={<ShippingPage />} />
            <Route path="/userdashbord" element={<p>Dashboard page</p>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const payButton = () => screen.findByRole('button', { name: /^Pay/ });

describe('ShippingPage', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    checkout = null;
    window.Razorpay = class {
      constructor(options: RazorpayOptions) {
        checkout = options;
      }
      open() {
        opened();
      }
    };
    vi.mocked(createPaymentOrder).mockResolvedValue({
      id: 'order_sim_1',
      amount: 59800,
      currency: 'INR',
      receipt: 'receipt_1',
      keyId: 'rzp_test_simulator',
      mode: 'simulator',
    });
    vi.mocked(checkDelivery).mockResolvedValue({ serviceable: true, cod: false, etaDays: [3, 7] });
  });
  afterEach(() => {
    delete window.Razorpay;
  });

  it('sends a visitor without a session home', () => {
    renderShipping(false);
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('auto-selects the saved address and shows FREE shipping', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    renderShipping();
    expect(await screen.findByRole('radio', { name: 'Deliver to this address' })).toBeChecked();
    expect(screen.getByText(ADDRESS)).toBeInTheDocument();
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Address' })).toHaveAttribute('href', '/userdashbord');
  });

  it("says when the shop delivers to the address's PIN", async () => {
    vi.mocked(checkDelivery).mockResolvedValue({ serviceable: true, cod: true, etaDays: [3, 5] });
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    renderShipping();
    expect(await screen.findByText('Delivers to 360001 in 3–5 days')).toBeInTheDocument();
    expect(checkDelivery).toHaveBeenCalledWith('360001');
    expect(await payButton()).toBeEnabled();
  });

  it('says it cannot deliver to an unserved PIN and keeps the pay button disabled', async () => {
    vi.mocked(checkDelivery).mockResolvedValue({ serviceable: false, cod: false, etaDays: null });
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile('21 FC Road, Pune, Maharashtra, India, 411004'));
    renderShipping();
    expect(
      await screen.findByText('Sorry, we cannot deliver to 411004 yet. Please choose another delivery address.'),
    ).toBeInTheDocument();
    expect(await payButton()).toBeDisabled();
  });

  it('asks for a PIN when an old saved address has none, without asking the server', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile('Near Kotecha Chowk, Rajkot'));
    renderShipping();
    expect(
      await screen.findByText('Add a 6-digit PIN code to your address so we can check delivery.'),
    ).toBeInTheDocument();
    expect(checkDelivery).not.toHaveBeenCalled();
  });

  it('disables the pay button with an empty cart', async () => {
    vi.mocked(fetchCart).mockResolvedValue(emptyCart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    renderShipping();
    expect(await payButton()).toBeDisabled();
  });

  it('disables the pay button without an address', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(null));
    renderShipping();
    expect(await payButton()).toBeDisabled();
    expect(screen.getByText('Add a delivery address to pay.')).toBeInTheDocument();
  });

  it('cannot be pressed twice while a payment is open, and re-enables after cancelling', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    renderShipping();
    const button = await payButton();
    expect(button).toHaveTextContent('Pay ₹598');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    await waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: /Processing payment/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Processing payment/ }));
    expect(createPaymentOrder).toHaveBeenCalledTimes(1);
    expect(createPaymentOrder).toHaveBeenCalledWith('tok', {
      amount: 59800,
      currency: 'INR',
      receipt: expect.stringMatching(/^receipt_\d+$/),
      userId: 'u1',
      address: ADDRESS,
    });
    expect(checkout).toMatchObject({
      key: 'rzp_test_simulator',
      amount: 59800,
      currency: 'INR',
      order_id: 'order_sim_1',
    });

    checkout?.modal?.ondismiss?.();
    expect(await screen.findByText('Payment was cancelled. You can try again.')).toBeInTheDocument();
    expect(await payButton()).toBeEnabled();
  });

  it('verifies the payment, empties the cart and confirms the order', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    vi.mocked(verifyPayment).mockResolvedValue({ success: true, message: 'ok', order: { _id: 'o1' } as Order });
    renderShipping();
    await userEvent.click(await payButton());
    await waitFor(() => expect(opened).toHaveBeenCalled());
    checkout?.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sim_1', razorpay_signature: 'sig' });

    expect(await screen.findByRole('alertdialog', { name: 'Order Confirmed' })).toHaveTextContent(
      'Thank you for choosing our Ayurvedic products. Your order will be processed shortly.',
    );
    expect(await screen.findByText('Order placed successfully!')).toBeInTheDocument();
    expect(verifyPayment).toHaveBeenCalledWith(
      'tok',
      expect.objectContaining({ razorpay_payment_id: 'pay_1', userId: 'u1' }),
    );
    expect(createOrder).not.toHaveBeenCalled();
    expect(await payButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
  });

  it('reports a failed verification', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    vi.mocked(verifyPayment).mockRejectedValue(new ApiError('bad', 400, undefined, 'Invalid signature'));
    renderShipping();
    await userEvent.click(await payButton());
    await waitFor(() => expect(opened).toHaveBeenCalled());
    checkout?.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sim_1', razorpay_signature: 'x' });
    expect(await screen.findByText('Payment verification failed! Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('reports a failed payment order with the server reason', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    vi.mocked(createPaymentOrder).mockRejectedValue(new ApiError('x', 400, 'Your cart is empty'));
    renderShipping();
    await userEvent.click(await payButton());
    expect(await screen.findByText('Failed to initiate payment: Your cart is empty')).toBeInTheDocument();
    expect(await payButton()).toBeEnabled();
  });

  it('reports a checkout script that cannot load', async () => {
    delete window.Razorpay;
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    renderShipping();
    await userEvent.click(await payButton());
    const script = await waitFor(() => {
      const tag = document.querySelector<HTMLScriptElement>('script[src="/api/payment/simulator/checkout.js"]');
      expect(tag).not.toBeNull();
      return tag as HTMLScriptElement;
    });
    script.dispatchEvent(new Event('error'));
    expect(await screen.findByText('Failed to load Razorpay SDK. Please refresh and try again.')).toBeInTheDocument();
    expect(document.querySelector('script[src="/api/payment/simulator/checkout.js"]')).toBeNull();
  });

  describe('coupon', () => {
    const quote = { code: 'SAVE10', subtotalPaise: 59800, discountPaise: 5980, totalPaise: 53820 };
    const refusal = (reason: string, extra = {}) =>
      new ApiError('x', 400, 'server text', undefined, false, { error: 'server text', reason, ...extra });

    /** The shipping page of a shopper with a cart and an address, a code typed and applied. */
    async function applyOnShipping(code: string) {
      vi.mocked(fetchCart).mockResolvedValue(cart);
      vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
      renderShipping();
      await userEvent.type(await screen.findByRole('textbox', { name: 'Coupon code' }), code);
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    }

    it('applies a code: the discount, the lower total, and the code sent when paying', async () => {
      vi.mocked(applyCoupon).mockResolvedValue({ ...quote, message: 'Coupon applied.' });
      await applyOnShipping('save10');
      expect(await screen.findByText('Coupon SAVE10 applied: you save ₹59.80.')).toBeInTheDocument();
      expect(applyCoupon).toHaveBeenCalledWith('tok', 'save10');
      expect(screen.getByText('Discount (SAVE10)').nextSibling).toHaveTextContent('−₹59.80');
      expect(screen.getByText('Total').nextSibling).toHaveTextContent('₹538.20');
      await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹538.20' }));
      await waitFor(() => expect(opened).toHaveBeenCalled());
      expect(createPaymentOrder).toHaveBeenCalledWith(
        'tok',
        expect.objectContaining({ couponCode: 'SAVE10', amount: 53820 }),
      );
    });

    it('removes an applied coupon', async () => {
      vi.mocked(applyCoupon).mockResolvedValue({ ...quote, message: 'Coupon applied.' });
      await applyOnShipping('SAVE10');
      await userEvent.click(await screen.findByRole('button', { name: 'Remove coupon' }));
      expect(await screen.findByRole('button', { name: 'Pay ₹598' })).toBeEnabled();
      expect(screen.queryByText('Discount (SAVE10)')).not.toBeInTheDocument();
    });

    it("shows the server's refusal in the shopper's words, with the minimum order", async () => {
      vi.mocked(applyCoupon).mockRejectedValue(refusal('belowMinimum', { minOrderPaise: 99900 }));
      await applyOnShipping('BIG');
      expect(await screen.findByRole('alert')).toHaveTextContent(COUPON_REFUSAL_TEXTS.belowMinimum(99900));
      expect(await payButton()).toHaveTextContent('Pay ₹598');
    });

    it('reports a coupon refused at payment time in the same words', async () => {
      vi.mocked(applyCoupon).mockResolvedValue({ ...quote, message: 'Coupon applied.' });
      vi.mocked(createPaymentOrder).mockRejectedValue(refusal('usedUp'));
      await applyOnShipping('SAVE10');
      await userEvent.click(await screen.findByRole('button', { name: 'Pay ₹538.20' }));
      expect(await screen.findByText(`Failed to initiate payment: ${COUPON_REFUSAL_TEXTS.usedUp}`)).toBeInTheDocument();
    });

    it('has every refusal in all four languages, English exactly as the server says it', () => {
      const en = couponCatalogue.en as { refused: Record<string, string> };
      for (const reason of COUPON_REFUSALS) {
        const server = COUPON_REFUSAL_TEXTS[reason];
        const expected = typeof server === 'function' ? server(50000) : server;
        expect(en.refused[reason]!.replace('{{amount}}', formatRupees(500))).toBe(expected);
        for (const language of ['hi', 'mr', 'gu'] as const) {
          const text = (couponCatalogue[language] as { refused: Record<string, string> }).refused[reason];
          expect(text, `${language} ${reason}`).toBeTruthy();
          expect(text).not.toBe(en.refused[reason]);
        }
      }
    });
  });

  it('tells the shopper a payment for a sold-out line was refunded', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    vi.mocked(verifyPayment).mockRejectedValue(new ApiError('gone', 409, MESSAGES.soldOutRefunded));
    renderShipping();
    await userEvent.click(await payButton());
    await waitFor(() => expect(opened).toHaveBeenCalled());
    checkout?.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sim_1', razorpay_signature: 's' });
    expect(await screen.findByText(MESSAGES.soldOutRefunded)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('tells the shopper a payment that came after its coupon hold lapsed was refunded', async () => {
    vi.mocked(fetchCart).mockResolvedValue(cart);
    vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
    vi.mocked(verifyPayment).mockRejectedValue(new ApiError('late', 409, COUPON_LAPSED_REFUNDED));
    renderShipping();
    await userEvent.click(await payButton());
    await waitFor(() => expect(opened).toHaveBeenCalled());
    checkout?.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_sim_1', razorpay_signature: 's' });
    expect(await screen.findByText(COUPON_LAPSED_REFUNDED)).toBeInTheDocument();
    for (const language of ['hi', 'mr', 'gu'] as const) {
      const text = (couponCatalogue[language] as { lapsedRefunded: string }).lapsedRefunded;
      expect(text, language).toContain('{{minutes}}');
      expect(text).not.toBe(COUPON_LAPSED_REFUNDED);
    }
  });

  describe('cash on delivery', () => {
    const codCheck = { serviceable: true, cod: true, etaDays: [1, 2] as [number, number], codCapPaise: 500000 };

    it('is offered where the PIN allows it, adds the fee and places the order without Razorpay', async () => {
      vi.mocked(checkDelivery).mockResolvedValue({ ...codCheck, codFeePaise: 4900 });
      vi.mocked(fetchCart).mockResolvedValue(cart);
      vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
      vi.mocked(placeCodOrder).mockResolvedValue({ success: true, message: 'ok', order: { _id: 'o1' } as Order });
      renderShipping();
      expect(await screen.findByRole('radio', { name: /Pay online/ }, { timeout: 5000 })).toBeChecked();
      await userEvent.click(screen.getByRole('radio', { name: /Cash on delivery/ }));
      expect(screen.getByText(/Pay ₹647 in cash when your order arrives/)).toBeInTheDocument();
      expect(screen.getByText('Cash-on-delivery fee')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Place order · pay ₹647 on delivery' }));

      expect(await screen.findByRole('alertdialog', { name: 'Order Confirmed' })).toBeInTheDocument();
      expect(placeCodOrder).toHaveBeenCalledWith('tok', { address: ADDRESS });
      expect(createPaymentOrder).not.toHaveBeenCalled();
      expect(opened).not.toHaveBeenCalled();
    });

    it("is not offered where the PIN does not allow it, and is greyed out above the owner's limit", async () => {
      vi.mocked(fetchCart).mockResolvedValue(cart);
      vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
      const first = renderShipping();
      expect(await payButton()).toBeEnabled();
      expect(screen.queryByRole('radio', { name: /Cash on delivery/ })).not.toBeInTheDocument();
      first.unmount();

      vi.mocked(checkDelivery).mockResolvedValue({ ...codCheck, codCapPaise: 50000, codFeePaise: 0 });
      renderShipping();
      expect(await screen.findByRole('radio', { name: /Cash on delivery/ }, { timeout: 5000 })).toBeDisabled();
      expect(screen.getByText('Cash on delivery is available for orders up to ₹500.')).toBeInTheDocument();
    });

    it("shows the server's refusal in the shopper's words", async () => {
      vi.mocked(checkDelivery).mockResolvedValue({ ...codCheck, codFeePaise: 0 });
      vi.mocked(fetchCart).mockResolvedValue(cart);
      vi.mocked(fetchUser).mockResolvedValue(profile(ADDRESS));
      vi.mocked(placeCodOrder).mockRejectedValue(new ApiError('no', 409, MESSAGES.codTooManyOpen));
      renderShipping();
      // The option appears once the delivery check has answered.
      await userEvent.click(await screen.findByRole('radio', { name: /Cash on delivery/ }, { timeout: 5000 }));
      await userEvent.click(screen.getByRole('button', { name: /Place order/ }));
      expect(await screen.findByText(MESSAGES.codTooManyOpen)).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });
});

describe('orderAddressLine', () => {
  it("writes 'street, city, state - zip' as the order payload does", () => {
    expect(orderAddressLine(ADDRESS)).toBe('12 MG Road, Rajkot, Gujarat - 360001');
    expect(orderAddressLine('Near the temple')).toBe('Near the temple');
  });
});
