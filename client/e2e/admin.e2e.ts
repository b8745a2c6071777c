import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, ORDER_ID_DISPLAY_LENGTH, STORAGE_KEYS, type Order, type Product } from '@kesh/shared';
import {
  ADMIN,
  api,
  baseUrl,
  mailWithSubject,
  newPage,
  shot,
  signUpViaApi,
  type BrowserPage,
  toast,
} from './support/browser';

/** The owner's admin area (issue 8): one journey through every screen against the seeded store. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A real PNG of one colour; stored uncompressed so that its size (and upload time) is `side`² × 3. */
function png(side: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + side * 3);
  for (let x = 0; x < side; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: side }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const image = (name: string, colour: [number, number, number], side = 120) => ({
  name,
  mimeType: 'image/png',
  buffer: png(side, colour),
});

/** A paid order in Processing, made the way a shopper's checkout makes it (payment simulator). */
async function placeOrder(): Promise<Order> {
  const shopper = await signUpViaApi('admin-e2e');
  const [product] = await api<Product[]>('/api/main-category');
  await api('/api/cart/add-to-cart', { token: shopper.token, body: { productId: product!._id, quantity: 2 } });
  const payment = await api<{ id: string; amount: number }>('/api/payment/create-order', {
    token: shopper.token,
    body: { currency: 'INR', userId: shopper.userId, address: '12 Yagnik Road, Rajkot, Gujarat - 360001' },
  });
  const signed = await api<Record<string, string>>('/api/payment/simulator/pay', { body: { order_id: payment.id } });
  const verified = await api<{ success: boolean; order?: Order }>('/api/payment/verify-payment', {
    token: shopper.token,
    body: { ...signed, userId: shopper.userId },
  });
  expect(verified.success).toBe(true);
  if (verified.order) return verified.order;
  const mine = await api<Order[]>('/api/orders/', { token: shopper.token });
  return mine[0]!;
}

/**
 * A full-length 1280 px screenshot. Chromium's own full-page capture briefly reports a narrow
 * window, which (rightly) folds the admin sidebar; growing the viewport's height does not.
 */
async function screen(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.max(900, height) });
  await shot(page, name, false);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openScreen(page: Page, link: string, heading: string) {
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: link }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  expect(await page.getByRole('link', { name: link, exact: true }).getAttribute('aria-current')).toBe('page');
}

describe('admin area', () => {
  let bp: BrowserPage;
  let page: Page;
  let order: Order;
  const stamp = Date.now();

  beforeAll(async () => {
    order = await placeOrder();
    await api('/api/contact', {
      body: {
        name: 'Meera Shah',
        email: 'meera@example.com',
        phoneNo: '9898989898',
        subject: `Bulk order ${stamp}`,
        message: 'Do you ship 50 bottles to Surat?',
      },
    });
    bp = await newPage(1280);
    page = bp.page;
    page.on('dialog', (dialog) => void dialog.accept());
  }, 60_000);

  afterAll(async () => {
    await bp?.close();
  });

  it('refuses wrong credentials, then logs in', async () => {
    await page.goto('/admin/dashboard');
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const error = page.getByRole('alert').filter({ hasText: /./ }).first();
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBeTruthy();
    expect(new URL(page.url()).pathname).toBe('/admin');
    await screen(page, 'admin-login-error');

    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeTruthy();
    const quickActions = page.getByRole('main').getByRole('listitem');
    expect(await quickActions.allTextContents()).toEqual([
      expect.stringContaining('Dashboard'),
      expect.stringContaining('Slider'),
      expect.stringContaining('Products'),
      expect.stringContaining('Gallery'),
      expect.stringContaining('Users'),
    ]);
    // The sales view: figures, a chart, and the same numbers as a table for screen readers.
    await page.getByRole('heading', { name: 'Sales' }).waitFor();
    const perDay = page.getByRole('table', { name: 'Revenue and orders per day' });
    await perDay.waitFor({ state: 'attached' });
    expect(await perDay.getByRole('row').count()).toBe(31);
    await page.locator('.uplot canvas').first().waitFor();
    expect(await page.getByText('Paying customers').count()).toBe(1);
    await screen(page, 'admin-dashboard');
  }, 60_000);

  it('keeps at most 3 sliders: delete one, add one, then the form is gone', async () => {
    await openScreen(page, 'Slider Manage', 'Slider Management');
    const listTitle = page.getByRole('heading', { name: /^Sliders \(\d of 3\)$/ });
    await listTitle.waitFor();
    let count = Number(/\d/.exec((await listTitle.textContent())!)![0]);
    // A fresh seed has 3 sliders: the form is hidden until one goes.
    if (count === 3) {
      await page.getByText(MESSAGES.sliderLimitReached).waitFor();
      expect(await page.getByRole('form', { name: 'Add Slider' }).count()).toBe(0);
      const firstRow = page.getByRole('row').nth(1);
      const removedTitle = (await firstRow.getByRole('cell').nth(1).textContent())!.trim();
      await firstRow.getByRole('button', { name: /^Delete slider/ }).click();
      await toast(page, MESSAGES.sliderSaved(removedTitle, 'deleted')).waitFor();
      count -= 1;
    }

    let title = '';
    for (; count < 3; count++) {
      const form = page.getByRole('form', { name: 'Add Slider' });
      await form.waitFor();
      if (count === 2) await screen(page, 'admin-slider-form');
      title = `Winter Shine ${stamp}-${count}`;
      await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await form.getByLabel('Description').fill('Warm bhringraj oil massage for the cold months.');
      await form.getByLabel('Image').setInputFiles(image('winter.png', [22, 101, 52], 400));
      await form.getByRole('button', { name: 'Add Slider' }).click();
      await toast(page, MESSAGES.sliderSaved(title, 'added')).waitFor();
    }

    await page.getByText(MESSAGES.sliderLimitReached).waitFor();
    expect(await page.getByRole('form', { name: 'Add Slider' }).count()).toBe(0);
    await page
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('img')
      .waitFor();
    expect(await page.getByRole('row').count()).toBe(4);

    // The server refuses a fourth slider too, whatever a client does.
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken);
    const extra = new FormData();
    extra.append('title', 'One too many');
    extra.append('description', 'Should be refused');
    extra.append('image', new Blob([new Uint8Array(png(8, [0, 0, 0]))], { type: 'image/png' }), 'extra.png');
    const res = await fetch(`${baseUrl}/sliders/addSlider`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: extra,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await page.waitForTimeout(300);
    await screen(page, 'admin-slider');
  }, 60_000);

  it('adds a product that the storefront then lists', async () => {
    await openScreen(page, 'Main Category', 'Main Categories');
    const form = page.getByRole('form', { name: 'Add Product' });
    const title = `Amla Hair Tonic ${stamp}`;
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByLabel('Subtitle').fill('Cold-pressed amla and curry leaf');
    await form.getByLabel('Main Price (₹)').fill('549');
    await form.getByLabel('Offer Price (₹)').fill('449.50');
    await form.getByLabel('Number of Raters').fill('37');
    await form.getByLabel('Description', { exact: true }).fill('Strengthens roots and adds shine.');
    await form.getByLabel('Image').setInputFiles(image('amla.png', [120, 160, 40], 300));
    await form.getByRole('button', { name: 'Add Category' }).click();
    await toast(page, MESSAGES.categorySaved(title, 'added')).waitFor();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.textContent()).toContain('₹449.50');
    expect(await row.textContent()).toContain('37');
    await page.waitForTimeout(300);
    await screen(page, 'admin-main-category');

    const store = await newPage(1280);
    try {
      await store.page.goto('/products');
      await store.page.getByText(title).first().waitFor({ timeout: 15_000 });
    } finally {
      await store.close();
    }
  }, 60_000);

  it('uploads 3 gallery images with a progress bar', async () => {
    await openScreen(page, 'Gallery Manage', 'Gallery Management');
    const listTitle = page.getByRole('heading', { name: /^Uploaded Images \(\d+\)$/ });
    await listTitle.waitFor();
    const before = Number(/\d+/.exec((await listTitle.textContent())!)![0]);
    expect(await page.getByRole('button', { name: 'Upload Gallery' }).count()).toBe(0);

    await page
      .getByLabel(/Choose images/)
      .setInputFiles([
        image('neem.png', [34, 197, 94], 300),
        image('hibiscus.png', [220, 38, 38], 300),
        image('reetha.png', [180, 120, 60], 300),
      ]);
    await page.getByRole('button', { name: 'Remove hibiscus.png' }).waitFor();
    await screen(page, 'admin-gallery-queue');

    // Slow the uploads down so the progress bar is on screen long enough to see it move.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 160 * 1024,
    });
    await page.getByRole('button', { name: 'Upload Gallery' }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.getByRole('button', { name: 'Processing...' }).waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow') ?? 0) > 0,
    );
    await screen(page, 'admin-gallery-progress');
    await toast(page, MESSAGES.galleryUploaded).waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    await page.getByRole('heading', { name: `Uploaded Images (${before + 3})` }).waitFor();
    expect(await page.getByRole('row').count()).toBe(before + 3 + 1);
    expect(await page.getByRole('button', { name: 'Upload Gallery' }).count()).toBe(0);
    await page.waitForTimeout(300);
    await screen(page, 'admin-gallery');
  }, 90_000);

  it('lists users and contact messages', async () => {
    await openScreen(page, 'Users', 'User Management');
    await page.getByRole('cell', { name: order.userDetails.email }).waitFor();
    await screen(page, 'admin-users');

    await openScreen(page, 'Messages', 'Contact Messages');
    await page.getByRole('heading', { name: `Bulk order ${stamp}` }).waitFor();
    await screen(page, 'admin-messages');
  }, 60_000);

  it('moves an order from Processing to Dispatched', async () => {
    await openScreen(page, 'Orders', 'Order Management');
    expect(await page.getByRole('tab', { name: /Processing/ }).getAttribute('aria-selected')).toBe('true');
    const shortId = order._id.slice(-ORDER_ID_DISPLAY_LENGTH);
    const row = page.getByRole('row', { name: new RegExp(shortId) });
    await row.waitFor();
    await screen(page, 'admin-orders');
    // On a laptop every column, the status dropdown last, shows without scrolling the table.
    const table = page.getByRole('region', { name: 'Processing' });
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    const whatsapp = row.getByRole('link', { name: new RegExp(`on WhatsApp$`) });
    const chat = new URL((await whatsapp.getAttribute('href'))!);
    expect(chat.origin + chat.pathname).toBe(`https://wa.me/91${order.userDetails.contact}`);
    expect(chat.searchParams.get('text')).toContain(`order #${shortId} is now: Processing`);

    // Dispatching asks for the courier and tracking first.
    await row.getByRole('combobox', { name: `Change status of order ${shortId}` }).selectOption('Dispatched');
    const dispatch = page.getByRole('dialog', { name: `Dispatch order ${shortId}` });
    await dispatch.getByLabel('Courier').fill('Delhivery');
    await dispatch.getByLabel('Tracking number').fill('DLV998877');
    await dispatch.getByLabel('Tracking link').fill('https://www.delhivery.com/track/package/DLV998877');
    await shot(page, 'admin-orders-dispatch-dialog', false);
    await dispatch.getByRole('button', { name: 'Mark as Dispatched' }).click();
    await toast(page, MESSAGES.orderStatusUpdated('Dispatched')).waitFor();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);

    await page.getByRole('tab', { name: /Dispatched/ }).click();
    await row.waitFor();
    expect(await row.getByText('Dispatched', { exact: true }).count()).toBeGreaterThan(0);
    await row.getByText('Delhivery · DLV998877').waitFor();
    const shopperMail = await mailWithSubject(order.userDetails.email, `Your order #${shortId} is on its way`);
    expect(shopperMail.text.replace(/=\r?\n/g, '')).toContain('https://www.delhivery.com/track/package/DLV998877');
    await screen(page, 'admin-orders-dispatched');
  }, 60_000);

  it('fits every screen in a phone’s width (nothing scrolls sideways but the tables themselves)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      'dashboard',
      'slider',
      'main-category',
      'gallery',
      'usermanagment',
      'orders',
      'messages',
      'delivery',
      'coupons',
    ]) {
      await page.goto(`/admin/${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // An unknown path falls back to the dashboard: make sure each screen itself was measured.
      expect(new URL(page.url()).pathname).toBe(`/admin/${path}`);
      await page.waitForLoadState('networkidle');
      const { overflow, widest } = await page.evaluate(() => {
        // The outermost element that reaches past the window's right edge: what to fix.
        const past = [...document.querySelectorAll('body *')].filter(
          (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
        );
        // (Inside a clipping box, such as a scrolling table's or a screen-reader-only one, it is not.)
        const clipped = (el: Element): boolean =>
          el.parentElement !== null &&
          el.parentElement !== document.body &&
          (getComputedStyle(el.parentElement).overflowX !== 'visible' || clipped(el.parentElement));
        const outermost = past.find((el) => !past.includes(el.parentElement!) && !clipped(el));
        return {
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          widest: outermost ? `${outermost.tagName.toLowerCase()}.${String(outermost.className)}` : '',
        };
      });
      expect(overflow, `/admin/${path} is ${overflow}px wider than the phone (${widest})`).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 90_000);

  it('logs out, after which admin paths lead back to the login screen', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/admin`);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.adminToken)).toBeNull();
    await page.goto('/admin/orders');
    await page.waitForURL(`${baseUrl}/admin`);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(bp.pageErrors).toEqual([]);
  }, 30_000);
});
