import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, STORAGE_KEYS, type CartResponse, type Order, type Product } from '@kesh/shared';
import { api, baseUrl, newPage, shot, signUpViaApi, toast, browserPerTest, signInShopper } from './support/browser';
import { axeViolations } from './support/axe';

/** The customer's cart, checkout with the payment simulator and dashboard (issue 7). */

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const simulator = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Payment simulator' });
const payButton = (page: Page) => page.getByRole('button', { name: /^(Pay ₹|Processing payment)/ });

async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user);
  return (JSON.parse(raw ?? '{}') as { token: string }).token;
}

/** Waits until the header badge says `count` items (the label reads "Cart" at 0). */
async function expectBadge(page: Page, count: number) {
  const label = count === 0 ? /^Cart$/ : new RegExp(`^Cart, ${count} items?$`);
  await page.getByRole('banner').getByRole('link', { name: label }).waitFor();
}

/** A phone-width page must not scroll sideways. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function quantityOf(page: Page, title: string): Promise<string> {
  const line = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  return ((await line.locator('output').textContent()) ?? '').trim();
}

const journey = browserPerTest();

describe('checkout journey', () => {
  it('signs up, fills the cart, adds an address, pays with the simulator and finds the order', async () => {
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    const email = `checkout-${Date.now()}@example.com`;
    const a11y: string[] = [];

    // A guest's Add to Cart opens the login modal; sign up from there.
    await page.goto('/products');
    const addButtons = page.getByRole('button', { name: /^Add to Cart/ });
    await addButtons.first().click();
    const auth = page.getByRole('dialog');
    await auth.getByRole('button', { name: 'Sign Up' }).click();
    await auth.getByRole('heading', { name: 'Create Account' }).waitFor();
    await auth.getByLabel('Username').fill('Asha Patel');
    await auth.getByLabel('Email address').fill(email);
    await auth.getByLabel('Phone number').fill('9876543210');
    await auth.getByLabel('Password').fill('secret-pass-1');
    await auth.getByRole('button', { name: 'Sign Up' }).click();
    await auth.waitFor({ state: 'detached' });

    // Two products.
    const titles: string[] = [];
    for (const index of [0, 1]) {
      const button = addButtons.nth(index);
      titles.push(((await button.textContent()) ?? '').split(':').pop()!.trim());
      await button.click();
      await expectBadge(page, index + 1);
    }
    const [first, second] = titles as [string, string];

    // The cart: change quantities; minus is disabled at 1; the badge follows.
    await cartLink(page).click();
    await page.waitForURL(`${baseUrl}/cart`);
    await page.getByRole('heading', { name: first }).waitFor();
    await page.getByRole('heading', { name: second }).waitFor();
    expect(await page.getByRole('button', { name: `Decrease quantity of ${first}` }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: `Increase quantity of ${first}` }).click();
    await page.getByRole('button', { name: `Increase quantity of ${first}` }).click();
    await expectBadge(page, 4);
    await page.getByRole('button', { name: `Increase quantity of ${second}` }).click();
    await page.getByRole('button', { name: `Decrease quantity of ${first}` }).click();
    await expectBadge(page, 4);
    expect(await quantityOf(page, first)).toBe('2');
    expect(await quantityOf(page, second)).toBe('2');
    await page.waitForLoadState('networkidle');
    const token = await storedToken(page);
    const serverCart = await api<CartResponse>('/api/cart/cart', { token });
    expect(serverCart.items.map((i) => i.quantity)).toEqual([2, 2]);
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    expect(await summary.textContent()).toContain('FREE');
    a11y.push(...(await axeViolations(page, 'cart-1280')));
    await shot(page, 'cart-1280');

    // No address yet: the pay button is disabled; Add New Address leads to the dashboard.
    await summary.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(`${baseUrl}/shipping`);
    expect(await payButton(page).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Add New Address' }).click();
    await page.waitForURL(`${baseUrl}/userdashbord`);
    await page.getByRole('heading', { name: 'Hello, Asha Patel!' }).waitFor();
    await page.getByRole('button', { name: 'Add Address' }).click();
    const modal = page.getByRole('dialog', { name: 'Add Address' });
    await modal.getByLabel('Street').fill('14 Kalawad Road');
    await modal.getByLabel('City').fill('Rajkot');
    await modal.getByLabel('State').selectOption('Gujarat');
    await modal.getByLabel('Country').fill('India');
    await modal.getByLabel('Zip Code').fill('360005');
    await modal.getByRole('button', { name: 'Save Address' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByText('14 Kalawad Road, Rajkot, Gujarat, India, 360005').waitFor();

    // Back to the checkout: the saved address is selected, and the simulator takes the payment.
    await page.goBack();
    await page.waitForURL(`${baseUrl}/shipping`);
    expect(await page.getByRole('radio', { name: 'Deliver to this address' }).isChecked()).toBe(true);
    const pay = payButton(page);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay ₹') && !b.disabled),
    );
    const amount = ((await pay.textContent()) ?? '').replace('Pay ', '').trim();
    a11y.push(...(await axeViolations(page, 'shipping-1280')));
    await shot(page, 'shipping-1280');
    await pay.click();
    await simulator(page).waitFor();
    expect(await pay.isDisabled()).toBe(true);
    await simulator(page).getByRole('button', { name: 'Pay', exact: true }).click();

    const confirmed = page.getByRole('alertdialog', { name: MESSAGES.orderConfirmedTitle });
    await confirmed.waitFor();
    expect(await confirmed.textContent()).toContain(MESSAGES.orderConfirmedText);
    await toast(page, MESSAGES.orderPlaced).waitFor();
    await expectBadge(page, 0);
    await shot(page, 'order-confirmed-1280', false);
    await confirmed.getByRole('button', { name: 'Continue' }).click();

    // The dashboard lists the order as Processing.
    await page.waitForURL(`${baseUrl}/userdashbord`);
    await page.getByRole('tab', { name: 'Orders' }).click();
    const orders = await api<Order[]>('/api/orders/', { token });
    expect(orders).toHaveLength(1);
    const row = page.getByRole('row').filter({ hasText: `#${orders[0]!._id.slice(-8)}` });
    await row.waitFor();
    const rowText = (await row.textContent()) ?? '';
    expect(rowText).toContain('Processing');
    expect(rowText).toContain(amount);
    expect(rowText).toContain(first);
    expect(rowText).toContain(second);
    expect(rowText).toContain(
      new Date().toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }),
    );
    a11y.push(...(await axeViolations(page, 'dashboard-orders-1280')));
    await shot(page, 'dashboard-orders-1280');
    await page.getByRole('tab', { name: 'Profile' }).click();
    a11y.push(...(await axeViolations(page, 'dashboard-1280')));
    await shot(page, 'dashboard-1280');

    // The cart is empty afterwards, on the server too.
    await cartLink(page).click();
    await page.getByText('Your cart is empty').waitFor();
    await page.getByText('Add some natural wellness products to get started!').waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);
    expect((await api<CartResponse>('/api/cart/cart', { token })).items).toEqual([]);
    await shot(page, 'cart-empty-1280');
    expect(a11y).toEqual([]);
  }, 90_000);

  it('keeps the cart when the payment is cancelled (390 px)', async () => {
    const shopper = await signUpViaApi('checkout-cancel');
    const products = await api<Product[]>('/api/main-category');
    for (const [product, quantity] of [
      [products[0]!, 2],
      [products[1]!, 1],
    ] as const) {
      await api('/api/cart/add-to-cart', { token: shopper.token, body: { productId: product._id, quantity } });
    }
    await api('/api/auth/add-address', {
      token: shopper.token,
      body: { address: '7 Yagnik Road, Rajkot, Gujarat, India, 360001' },
    });

    journey.bp = await newPage(390, 844);
    const { page } = journey.bp;
    const a11y: string[] = [];
    await signInShopper(page, shopper);

    await page.goto('/cart');
    await page.getByRole('heading', { name: products[0]!.title }).waitFor();
    await expectBadge(page, 3);
    await expectNoSideScroll(page);
    a11y.push(...(await axeViolations(page, 'cart-390')));
    await shot(page, 'cart-390');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(`${baseUrl}/shipping`);
    await page.getByText('7 Yagnik Road, Rajkot, Gujarat, India, 360001').waitFor();
    await expectNoSideScroll(page);
    a11y.push(...(await axeViolations(page, 'shipping-390')));
    await shot(page, 'shipping-390');

    await payButton(page).click();
    await simulator(page).waitFor();
    await shot(page, 'simulator-390', false);
    await simulator(page).getByRole('button', { name: 'Cancel' }).click();
    await toast(page, MESSAGES.paymentCancelled).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay ₹') && !b.disabled),
    );
    await expectBadge(page, 3);
    const cart = await api<CartResponse>('/api/cart/cart', { token: shopper.token });
    expect(cart.items.map((i) => i.quantity)).toEqual([2, 1]);
    expect(await api<Order[]>('/api/orders/', { token: shopper.token })).toEqual([]);

    await page.goto('/userdashbord');
    await page.getByRole('button', { name: 'Change' }).waitFor();
    await expectNoSideScroll(page);
    a11y.push(...(await axeViolations(page, 'dashboard-390')));
    await shot(page, 'dashboard-390');
    await page.getByRole('button', { name: 'Change' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Address' });
    expect(await modal.getByLabel('Street').inputValue()).toBe('7 Yagnik Road');
    expect(await modal.getByLabel('Zip Code').inputValue()).toBe('360001');
    await shot(page, 'address-modal-390', false);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByText('No orders found.').waitFor();
    await expectNoSideScroll(page);
    a11y.push(...(await axeViolations(page, 'dashboard-orders-390')));
    await shot(page, 'dashboard-orders-390');
    expect(a11y).toEqual([]);
  }, 90_000);
});
