import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_DELIVERY_SETTINGS, MESSAGES, type Product } from '@kesh/shared';
import {
  ADMIN,
  api,
  baseUrl,
  browserPerTest,
  newPage,
  shot,
  signInShopper,
  signUpViaApi,
  toast,
} from './support/browser';
import { axeViolations } from './support/axe';

/** Issue 18: the owner limits delivery to Rajkot; the shipping page and the payment follow. */

const PUNE = '21 FC Road, Pune, Maharashtra, India, 411004';
const RAJKOT = '14 Kalawad Road, Rajkot, Gujarat, India, 360005';

async function adminToken(): Promise<string> {
  const login = await api<{ token: string }>('/logAdmin', { body: ADMIN });
  return login.token;
}

const journey = browserPerTest();

describe('delivery to a PIN code', () => {
  afterAll(async () => {
    // Journeys share one store: give the next file the default settings back.
    await api('/api/admin/delivery', { method: 'PUT', token: await adminToken(), body: DEFAULT_DELIVERY_SETTINGS });
  });

  it('the owner serves only Rajkot; Pune is refused and Rajkot gets its estimate', async () => {
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    const a11y: string[] = [];

    // The owner: Delivery page, untick all of India, one area 360 with 2–4 days, save.
    await page.goto('/admin');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Delivery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
    await page.getByRole('checkbox', { name: /Deliver anywhere in India/ }).uncheck();
    await page.getByRole('button', { name: 'Add area' }).click();
    await page.getByRole('textbox', { name: 'Area 1: PIN codes' }).fill('360');
    await page.getByRole('spinbutton', { name: 'Area 1: fewest days' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Area 1: most days' }).fill('4');
    await page.getByRole('button', { name: 'Save delivery settings' }).click();
    await toast(page, 'Delivery settings saved').waitFor();
    a11y.push(...(await axeViolations(page, 'admin-delivery-1280')));
    await shot(page, 'admin-delivery-1280');
    expect(await api('/api/shipping/check?pin=411004')).toEqual({ serviceable: false, cod: false, etaDays: null });

    // A shopper in Pune: the shipping page says no, the pay button stays off, the server refuses too.
    const shopper = await signUpViaApi('delivery');
    const [product] = await api<Product[]>('/api/main-category');
    await api('/api/cart/add-to-cart', { token: shopper.token, body: { productId: product!._id, quantity: 1 } });
    await api('/api/auth/add-address', { token: shopper.token, body: { address: PUNE } });
    await signInShopper(page, shopper);
    await page.goto('/shipping');
    await page.getByText('Sorry, we cannot deliver to 411004 yet. Please choose another delivery address.').waitFor();
    expect(await page.getByRole('button', { name: /^Pay ₹/ }).isDisabled()).toBe(true);
    a11y.push(...(await axeViolations(page, 'shipping-unserviceable-1280')));
    await shot(page, 'shipping-unserviceable-1280');
    await expect(
      api('/api/payment/create-order', { token: shopper.token, body: { currency: 'INR', address: PUNE } }),
    ).rejects.toThrow(MESSAGES.pinNotServiceable);

    // The same shopper moves to Rajkot: the estimate shows and payment opens.
    await api('/api/auth/add-address', { token: shopper.token, body: { address: RAJKOT } });
    await page.reload();
    await page.getByText('Delivers to 360005 in 2–4 days').waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Pay ₹') && !b.disabled),
    );
    await shot(page, 'shipping-serviceable-1280');
    expect(a11y).toEqual([]);
  }, 90_000);
});
