import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ORDER_ID_DISPLAY_LENGTH, type Order, type Product } from '@kesh/shared';
import {
  api,
  mailWithSubject,
  newPage,
  shot,
  signUpViaApi,
  toast,
  browserPerTest,
  signInShopper,
} from './support/browser';
import { axeViolations } from './support/axe';

/** After the payment: the shopper downloads the invoice and cancels the order (issue 17). */

/** A shopper with one paid order (payment simulator), signed in in the page's storage. */
async function shopperWithOrder(page: Page) {
  const shopper = await signUpViaApi('orders-e2e');
  const [product] = await api<Product[]>('/api/main-category');
  await api('/api/cart/add-to-cart', { token: shopper.token, body: { productId: product!._id, quantity: 2 } });
  const payment = await api<{ id: string }>('/api/payment/create-order', {
    token: shopper.token,
    body: { currency: 'INR', address: '14 Kalawad Road, Rajkot, Gujarat, India, 360005' },
  });
  const signed = await api<Record<string, string>>('/api/payment/simulator/pay', { body: { order_id: payment.id } });
  const verified = await api<{ order: Order }>('/api/payment/verify-payment', { token: shopper.token, body: signed });
  await signInShopper(page, shopper);
  return { shopper, order: verified.order };
}

const journey = browserPerTest();

describe('orders after the payment', () => {
  it('downloads the GST invoice, then cancels the order for a full refund', async () => {
    journey.bp = await newPage(1280);
    const { page } = journey.bp;
    const { shopper, order } = await shopperWithOrder(page);
    const shortId = order._id.slice(-ORDER_ID_DISPLAY_LENGTH);
    const a11y: string[] = [];

    await page.goto('/userdashbord');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const row = page.getByRole('row').filter({ hasText: `#${shortId}` });
    await row.waitFor();
    await row.getByRole('list', { name: 'Order timeline' }).getByText('Processing').waitFor();

    // The invoice: a PDF named after its number.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download invoice' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${order.invoiceNumber!.replace(/\//g, '-')}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // Cancelling shows the refund before anything happens.
    await row.getByRole('button', { name: 'Cancel order' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancel order #${shortId}?` });
    await confirm.waitFor();
    const total = `₹${order.totalAmount.toLocaleString('en-IN')}`;
    expect(await confirm.textContent()).toContain(`you get back the full ${total}`);
    a11y.push(...(await axeViolations(page, 'cancel-dialog-1280')));
    await shot(page, 'orders-cancel-dialog-1280', false);
    expect((await api<Order[]>('/api/orders/', { token: shopper.token }))[0]!.status).toBe('Processing');

    await confirm.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await toast(page, 'Your order has been cancelled.').waitFor();
    await row.getByText(`Refunded ${total}`).waitFor();
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    const [stored] = await api<Order[]>('/api/orders/', { token: shopper.token });
    expect(stored).toMatchObject({ status: 'Cancelled', refund: { status: 'processed', amount: order.totalAmount } });
    a11y.push(...(await axeViolations(page, 'orders-cancelled-1280')));
    await shot(page, 'orders-cancelled-1280');

    await mailWithSubject(shopper.email, `Your order #${shortId} has been cancelled`);
    expect(a11y).toEqual([]);
  }, 90_000);

  it('shows the orders with their actions on a phone (390 px) without sideways scrolling', async () => {
    journey.bp = await newPage(390, 844);
    const { page } = journey.bp;
    const { order } = await shopperWithOrder(page);
    await page.goto('/userdashbord');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByText(`#${order._id.slice(-ORDER_ID_DISPLAY_LENGTH)}`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, 'orders-390')).toEqual([]);
    await shot(page, 'orders-390');
  }, 60_000);
});
