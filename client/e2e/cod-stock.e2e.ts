import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, MESSAGES, type Order, type Product } from '@kesh/shared';
import {
  adminToken,
  api,
  baseUrl,
  browserPerTest,
  newPage,
  openAdminPage,
  shot,
  signInShopper,
  signUpViaApi,
  toast,
} from './support/browser';
import { axeViolations } from './support/axe';

/** Issue 18: cash on delivery to a PIN that allows it, and the last unit of a product. */

const RAJKOT = '14 Kalawad Road, Rajkot, Gujarat, India, 360005';

/** A product the owner counts, created through the admin API (multipart, as the admin form sends it). */
async function productWithStock(title: string, price: number, stock: number): Promise<Product> {
  const form = new FormData();
  form.append('title', title);
  form.append('mainPrice', String(price));
  form.append('stock', String(stock));
  const res = await fetch(`${baseUrl}/api/main-category`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`product not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as Product;
}

/** A shopper with `quantity` of the product in the cart and the Rajkot address saved, signed into `page`. */
async function shopperReadyToPay(page: Page, productId: string, quantity = 1) {
  const shopper = await signUpViaApi('cod');
  await api('/api/cart/add-to-cart', { token: shopper.token, body: { productId, quantity } });
  await api('/api/auth/add-address', { token: shopper.token, body: { address: RAJKOT } });
  await signInShopper(page, shopper);
  return shopper;
}

const journey = browserPerTest();
const created: string[] = [];

describe('cash on delivery and stock', () => {
  afterAll(async () => {
    // Journeys share one store: the next files get the default settings and the seeded catalogue back.
    const token = await adminToken();
    await api('/api/admin/delivery', { method: 'PUT', token, body: DEFAULT_DELIVERY_SETTINGS });
    for (const id of created) await api(`/api/main-category/${id}`, { method: 'DELETE', token });
  });

  it('places a cash-on-delivery order to a PIN that allows it, and the owner sees what to collect', async () => {
    await api('/api/admin/delivery', {
      method: 'PUT',
      token: await adminToken(),
      body: {
        ...DEFAULT_DELIVERY_SETTINGS,
        areas: [{ pins: '360', cod: true, etaDays: [1, 2] }],
        codFeePaise: 4900,
      },
    });
    const oil = await productWithStock('Cash Journey Hair Oil', 450, 30);
    created.push(oil._id);
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    const shopper = await shopperReadyToPay(page, oil._id, 2);
    const a11y: string[] = [];

    await page.goto('/shipping');
    await page.getByText('Delivers to 360005 in 1–2 days').waitFor();
    await page.getByRole('radio', { name: /Cash on delivery/ }).check();
    await page.getByText('Pay ₹949 in cash when your order arrives.').waitFor();
    a11y.push(...(await axeViolations(page, 'shipping-cod-1280')));
    await shot(page, 'shipping-cod-1280');
    await page.getByRole('button', { name: 'Place order · pay ₹949 on delivery' }).click();

    const confirmed = page.getByRole('alertdialog', { name: MESSAGES.orderConfirmedTitle });
    await confirmed.waitFor();
    await toast(page, MESSAGES.orderPlaced).waitFor();
    const [order] = await api<Order[]>('/api/orders/', { token: shopper.token });
    expect(order).toMatchObject({ paymentMethod: 'cod', totalAmount: 949, codFee: 49, razorpayPaymentId: null });
    expect((await api<{ cartCount: number }>('/api/cart/cart', { token: shopper.token })).cartCount).toBe(0);

    // The owner's orders page says the cash is still to be collected.
    await openAdminPage(page, 'Orders');
    await page
      .getByRole('row')
      .filter({ hasText: order!._id.slice(-8) })
      .getByText('Cash on delivery · to collect')
      .waitFor();
    await shot(page, 'admin-orders-cod-1280');
    // The Delivery page shows the cash-on-delivery settings the owner saved.
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Delivery' }).click();
    expect(await page.getByLabel('Cash-on-delivery fee (₹)').inputValue()).toBe('49');
    a11y.push(...(await axeViolations(page, 'admin-delivery-cod-1280')));
    await shot(page, 'admin-delivery-cod-1280');
    expect(a11y).toEqual([]);
  }, 90_000);

  it('buys the last unit; the product then says "Out of stock" and cannot be added', async () => {
    const last = await productWithStock('Last Bottle Bhringraj Oil', 380, 1);
    created.push(last._id);
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    const a11y: string[] = [];
    await shopperReadyToPay(page, last._id);

    await page.goto(`/products?id=${last._id}`);
    await page.getByText('Only 1 left').waitFor();
    await shot(page, 'product-last-unit-1280');

    await page.goto('/shipping');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay ₹') && !b.disabled),
    );
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const simulator = page.getByRole('dialog').filter({ hasText: 'Payment simulator' });
    await simulator.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('alertdialog', { name: MESSAGES.orderConfirmedTitle }).waitFor();

    // The public product list is cached for up to a second.
    const soldOut = page.getByRole('button', { name: 'Out of stock' });
    for (let tries = 0; tries < 10 && !(await soldOut.isVisible()); tries += 1) {
      await page.goto(`/products?id=${last._id}`);
      await page.getByRole('heading', { level: 1, name: last.title }).waitFor();
    }
    expect(await soldOut.isDisabled()).toBe(true);
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(JSON.parse(jsonLd ?? '{}').offers.availability).toBe('https://schema.org/OutOfStock');
    a11y.push(...(await axeViolations(page, 'product-out-of-stock-1280')));
    await shot(page, 'product-out-of-stock-1280');

    // The owner's dashboard lists it as running out.
    await openAdminPage(page, 'Dashboard');
    const runningLow = page.getByRole('list', { name: 'Running low' });
    await runningLow.getByRole('listitem').filter({ hasText: last.title }).getByText('Out of stock').waitFor();
    a11y.push(...(await axeViolations(page, 'admin-dashboard-low-stock-1280')));
    await shot(page, 'admin-dashboard-low-stock-1280');
    expect(a11y).toEqual([]);
  }, 90_000);
});
