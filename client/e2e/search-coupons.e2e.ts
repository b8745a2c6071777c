import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { COUPON_REFUSAL_TEXTS, MESSAGES, type Coupon, type Order, type Product } from '@kesh/shared';
import {
  adminToken,
  api,
  baseUrl,
  browserPerTest,
  newPage,
  openAdminScreen,
  pageWithoutJavaScript,
  shot,
  signInShopper,
  signUpViaApi,
  toast,
} from './support/browser';
import { axeViolations } from './support/axe';

/** Issue 18: search the catalogue in Hindi (with and without JavaScript), and pay with a coupon. */

const RAJKOT = '14 Kalawad Road, Rajkot, Gujarat, India, 360005';
const HINDI_OIL = {
  title: 'भृंगराज केश तेल',
  subtitle: 'बालों की जड़ों के लिए',
  description: 'भृंगराज और आंवला से बना तेल, जो बालों को मज़बूत बनाता है।',
  mainPrice: '600',
  offerPrice: '450',
};

/** Products are multipart (the spec's form); the JSON helper cannot send them. */
async function addProduct(fields: Record<string, string>): Promise<Product> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const res = await fetch(`${baseUrl}/api/main-category`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken()}` },
    body: form,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Product;
}

const simulator = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Payment simulator' });
const journey = browserPerTest();

describe('search in Hindi', () => {
  let product: Product;
  let noScript: Browser | undefined;
  beforeAll(async () => {
    product = await addProduct(HINDI_OIL);
  });
  afterAll(async () => {
    await noScript?.close();
    await api(`/api/main-category/${product._id}`, { method: 'DELETE', token: await adminToken() });
  });

  it('finds the Hindi product by a word beginning, sorts, shares the address and says kindly when nothing matches', async () => {
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    await page.context().addCookies([{ name: 'lang', value: 'hi', url: baseUrl }]);
    const a11y: string[] = [];

    await page.goto('/products');
    const search = page.getByRole('searchbox', { name: 'उत्पाद खोजें' });
    await search.fill('बाल');
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/products?q=${encodeURIComponent('बाल')}`);
    await page.getByText('“बाल” के लिए 1 उत्पाद मिला').waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toContain(HINDI_OIL.title);
    expect(await page.getByRole('heading', { name: 'Bhringraj Hair Oil' }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'क्रम' }).selectOption({ label: 'सबसे ज़्यादा छूट' });
    await page.waitForURL(/sort=discount/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('बाल');
    a11y.push(...(await axeViolations(page, 'products-search-hi-1280')));
    await shot(page, 'products-search-hi-1280');

    // The address is the search: opened afresh (server-rendered), it shows the same answer.
    await page.goto(page.url());
    await page.getByText('“बाल” के लिए 1 उत्पाद मिला').waitFor();
    expect(await page.getByRole('searchbox', { name: 'उत्पाद खोजें' }).inputValue()).toBe('बाल');

    await search.fill('शिकाकाई');
    await search.press('Enter');
    await page.getByText('“शिकाकाई” से मेल खाता कोई उत्पाद नहीं मिला।').waitFor();
    a11y.push(...(await axeViolations(page, 'products-search-empty-hi-1280')));
    await shot(page, 'products-search-empty-hi-1280');
    await page.getByRole('link', { name: 'सभी उत्पाद देखें' }).click();
    await page.waitForURL(`${baseUrl}/products`);
    expect(a11y).toEqual([]);
  }, 90_000);

  it('works with JavaScript off: the plain form is answered by the server', async () => {
    const opened = await pageWithoutJavaScript('hi-IN');
    noScript = opened.browser;
    const { page } = opened;
    await page.goto('/products');
    await page.getByRole('searchbox', { name: 'उत्पाद खोजें' }).fill('आंवला');
    await page.getByRole('button', { name: 'खोजें', exact: true }).click();
    await page.waitForURL(/\/products\?q=/);
    await page.getByText('“आंवला” के लिए 1 उत्पाद मिला').waitFor();
    expect(await page.getByRole('heading', { level: 2, name: HINDI_OIL.title }).count()).toBe(1);
    await shot(page, 'no-js-products-search-hi-390');
  }, 60_000);
});

describe('a coupon on the shipping page', () => {
  afterAll(async () => {
    const token = await adminToken();
    const coupons = await api<Coupon[]>('/api/admin/coupons', { token });
    for (const c of coupons) await api(`/api/admin/coupons/${c._id}`, { method: 'DELETE', token });
  });

  it('the owner makes a 10 % code; a shopper applies it, pays the lower total, and the order keeps it', async () => {
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    const a11y: string[] = [];

    await openAdminScreen(page, 'Coupons');
    await page.getByRole('textbox', { name: 'Code' }).fill('diwali10');
    await page.getByRole('spinbutton', { name: 'Percent' }).fill('10');
    await page.getByRole('spinbutton', { name: 'Total uses (empty: no limit)' }).fill('100');
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    await toast(page, 'Coupon "DIWALI10" added successfully!').waitFor();
    await page.getByRole('cell', { name: 'DIWALI10', exact: true }).waitFor();
    a11y.push(...(await axeViolations(page, 'admin-coupons-1280')));
    await shot(page, 'admin-coupons-1280');

    const shopper = await signUpViaApi('coupon');
    const [first] = await api<Product[]>('/api/main-category');
    await api('/api/cart/add-to-cart', { token: shopper.token, body: { productId: first!._id, quantity: 2 } });
    await api('/api/auth/add-address', { token: shopper.token, body: { address: RAJKOT } });
    const subtotalPaise = Math.round((first!.offerPrice ?? first!.mainPrice ?? 0) * 100) * 2;
    const discountPaise = Math.floor(subtotalPaise / 10);
    const rupees = (paise: number) =>
      `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;

    await signInShopper(page, shopper);
    await page.goto('/shipping');
    const code = page.getByRole('textbox', { name: 'Coupon code' });
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: COUPON_REFUSAL_TEXTS.unknown }).waitFor();
    await code.fill('diwali10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`Coupon DIWALI10 applied: you save ${rupees(discountPaise)}.`).waitFor();
    const pay = page.getByRole('button', { name: `Pay ${rupees(subtotalPaise - discountPaise)}` });
    await pay.waitFor();
    a11y.push(...(await axeViolations(page, 'shipping-coupon-1280')));
    await shot(page, 'shipping-coupon-1280');

    await pay.click();
    await simulator(page).waitFor();
    expect(await simulator(page).textContent()).toContain(rupees(subtotalPaise - discountPaise));
    await simulator(page).getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByRole('alertdialog', { name: MESSAGES.orderConfirmedTitle }).waitFor();

    const [order] = await api<Order[]>('/api/orders/', { token: shopper.token });
    expect(order).toMatchObject({
      coupon: 'DIWALI10',
      discountPaise,
      totalAmount: (subtotalPaise - discountPaise) / 100,
    });
    const [coupon] = await api<Coupon[]>('/api/admin/coupons', { token: await adminToken() });
    expect(coupon).toMatchObject({ code: 'DIWALI10', usedCount: 1 });

    // The shopper's Orders tab and the owner's order table say which coupon took what off.
    const saved = `Coupon DIWALI10: −${rupees(discountPaise)}`;
    await page.goto('/userdashbord');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('table').getByText(saved).waitFor();
    a11y.push(...(await axeViolations(page, 'dashboard-orders-coupon-1280')));
    await shot(page, 'dashboard-orders-coupon-1280');
    await page.goto('/admin/orders');
    await page.getByRole('table').getByRole('row').filter({ hasText: shopper.email }).getByText(saved).waitFor();
    a11y.push(...(await axeViolations(page, 'admin-orders-coupon-1280')));
    await shot(page, 'admin-orders-coupon-1280');
    expect(a11y).toEqual([]);
  }, 120_000);
});
