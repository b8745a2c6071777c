import { afterAll, beforeAll } from 'vitest';
import type { Product, ProductVariant } from '@kesh/shared';
import { DEV_RAZORPAY_SIM_SECRET } from '../config.js';
import type { AppDeps } from '../deps.js';
import { hmacHex } from '../modules/payments/gateway.js';
import {
  allowCashOnDeliveryIn360,
  bearer,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from './harness.js';

export const RAJKOT = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
export type Shopper = Awaited<ReturnType<typeof signUpCustomer>>;
/** What Razorpay's window hands the browser once a shopper has paid. */
export interface PaidInRazorpay {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * The app and its owner's token, started before the tests of the `describe` this is called in and
 * closed after them.
 */
export function appWithOwner() {
  const shop = { ctx: undefined as unknown as TestContext, admin: '' };
  beforeAll(async () => {
    shop.ctx = await startTestApp();
    shop.admin = (await createAdminToken(shop.ctx)).token;
  });
  afterAll(() => shop.ctx.close());
  return shop;
}

/** The app with its owner's token, delivering everywhere and taking cash on delivery in Rajkot. */
export async function startShop(overrides: Partial<AppDeps> = {}): Promise<{ ctx: TestContext; admin: string }> {
  const ctx = await startTestApp({}, overrides);
  const admin = (await createAdminToken(ctx)).token;
  await allowCashOnDeliveryIn360();
  return { ctx, admin };
}

/**
 * What Razorpay's window hands `shopper`'s browser for `razorpayOrderId`, signed with the simulator's
 * secret; the payment id comes from the shopper, so a test knows which refund belongs to whom.
 */
export function simulatorPayment(shopper: Shopper, razorpayOrderId: string): PaidInRazorpay {
  const paymentId = `pay_sim_${shopper.userId.slice(-10)}`;
  return {
    razorpay_order_id: razorpayOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: hmacHex(DEV_RAZORPAY_SIM_SECRET, `${razorpayOrderId}|${paymentId}`),
  };
}

/** Razorpay's webhook delivering `event`, signed as the simulator's account signs it. */
export function signedWebhook(ctx: TestContext, event: object) {
  const body = JSON.stringify(event);
  return ctx.http
    .post('/api/payment/webhook')
    .set('Content-Type', 'application/json')
    .set('X-Razorpay-Signature', hmacHex(DEV_RAZORPAY_SIM_SECRET, body))
    .send(body);
}

/** Razorpay's signed webhook settling refund `refundId` of `amountPaise` as processed or failed. */
export const refundSettledWebhook = (
  ctx: TestContext,
  event: 'refund.processed' | 'refund.failed',
  refundId: string,
  amountPaise: number,
) =>
  signedWebhook(ctx, {
    entity: 'event',
    event,
    contains: ['refund'],
    payload: {
      refund: {
        entity: { id: refundId, entity: 'refund', amount: amountPaise, status: event.slice('refund.'.length) },
      },
    },
  });

/** Razorpay's signed `payment.captured` webhook for a payment, as it arrives when the browser never does. */
export const paymentCapturedWebhook = (
  ctx: TestContext,
  paid: Pick<PaidInRazorpay, 'razorpay_order_id' | 'razorpay_payment_id'>,
  amountPaise: number,
) =>
  signedWebhook(ctx, {
    event: 'payment.captured',
    payload: {
      payment: { entity: { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, amount: amountPaise } },
    },
  });

/** What the owner's variants editor sends for a product in 100 ml and 200 ml ('' stock = not counted). */
export const twoSizes = (
  productId: unknown,
  [smallPrice, largePrice]: [string, string],
  [smallStock, largeStock]: [string, string],
) => ({
  options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
  variants: [
    { sku: `AMLA-${productId}-100`, optionValues: ['100 ml'], offerPrice: smallPrice, stock: smallStock },
    { sku: `AMLA-${productId}-200`, optionValues: ['200 ml'], offerPrice: largePrice, stock: largeStock },
  ],
});

/** The owner saves `sizes` as the product's variants; answers the two variants saved. */
export async function saveSizes(ctx: TestContext, admin: string, productId: unknown, sizes: object) {
  const res = await ctx.http.put(`/api/main-category/${productId}/variants`).set(bearer(admin)).send(sizes).expect(200);
  return (res.body as Product).variants as [ProductVariant, ProductVariant];
}
