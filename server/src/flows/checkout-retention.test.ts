import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { DEV_RAZORPAY_SIM_SECRET } from '../config.js';
import { bearer, signUpCustomer, startTestApp, type TestContext } from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { checkoutStockRef } from './checkout-stock.js';
import { Order } from '../modules/orders/order.model.js';
import { recoverInterruptedStock } from './recover-stock.js';
import { PendingCheckout } from '../modules/payments/checkout.model.js';
import { hmacHex } from '../modules/payments/gateway.js';
import {
  ABANDONED_AFTER_MS,
  ABANDONED_KEPT_MS,
  FINISHED_KEPT_MS,
  RETENTION_BATCH,
  classifyCheckouts,
} from './checkout-retention.js';

const ADDRESS = '5 Yagnik Road, Rajkot, Gujarat, India, 360001';
const DAY_MS = 86_400_000;

/** What the engine's TTL monitor would remove at `at`. */
async function expireAsOf(at: number): Promise<number> {
  return (await PendingCheckout.deleteMany({ expiresAt: { $lte: new Date(at) } })).deletedCount;
}

describe('checkout retention', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  async function startCheckout(stock = 10) {
    const shopper = await signUpCustomer(ctx);
    const product = await MainCategory.create({ title: 'Neem Comb Oil', mainPricePaise: 40000, stock });
    const add = await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: String(product._id), quantity: 2 });
    expect(add.status).toBe(200);
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: ADDRESS });
    expect(created.status).toBe(200);
    return { shopper, product, orderId: created.body.id as string, amount: created.body.amount as number };
  }

  async function payAndVerify(token: string, orderId: string) {
    const paid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: orderId });
    const verified = await ctx.http.post('/api/payment/verify-payment').set(bearer(token)).send(paid.body);
    expect(verified.status).toBe(200);
    return { paid: paid.body as Record<string, string>, verified };
  }

  const stockOf = async (id: unknown) => (await MainCategory.findById(id).lean())?.stock;

  it('expires a paid and placed checkout 30 days after it finished; retries then still get the same order', async () => {
    const { shopper, product, orderId, amount } = await startCheckout();
    const { paid, verified } = await payAndVerify(shopper.token, orderId);
    const before = await ctx.http.post('/api/orders').set(bearer(shopper.token)).send(paid);
    expect(before.status).toBe(200);

    const now = Date.now();
    await classifyCheckouts(now);
    const checkout = await PendingCheckout.findOne({ razorpayOrderId: orderId }).lean();
    expect(checkout?.finishedAt?.getTime()).toBe(now);
    expect(checkout?.expiresAt?.getTime()).toBe(now + FINISHED_KEPT_MS);
    await expireAsOf(now + FINISHED_KEPT_MS - 1);
    expect(await PendingCheckout.exists({ razorpayOrderId: orderId })).toBeTruthy();
    await expireAsOf(now + FINISHED_KEPT_MS);
    expect(await PendingCheckout.exists({ razorpayOrderId: orderId })).toBeNull();

    const again = await ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(verified.body);
    const posted = await ctx.http.post('/api/orders').set(bearer(shopper.token)).send(paid);
    expect(posted.status).toBe(200);
    expect(posted.body).toEqual(before.body);
    const latest = await ctx.http.post('/api/orders').set(bearer(shopper.token)).send({});
    expect(latest.body._id).toBe(before.body._id);

    const stranger = await signUpCustomer(ctx);
    const foreign = await ctx.http.post('/api/payment/verify-payment').set(bearer(stranger.token)).send(paid);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, message: MESSAGES.forbidden });
    const foreignPost = await ctx.http.post('/api/orders').set(bearer(stranger.token)).send(paid);
    expect(foreignPost.status).toBe(402);

    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: orderId, amount } } },
    });
    const hook = await ctx.http
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(DEV_RAZORPAY_SIM_SECRET, body))
      .send(body);
    expect(hook.status).toBe(200);
    expect(await Order.countDocuments({ razorpayOrderId: orderId })).toBe(1);
    expect(await stockOf(product._id)).toBe(8);

    // Recovery long after: nothing of this checkout goes back on the shelf.
    const report = await recoverInterruptedStock(ctx.deps, new Date(now + 60 * DAY_MS), { checkSlots: false });
    expect(report.returned).toBe(0);
    expect(await stockOf(product._id)).toBe(8);
  });

  it('keeps a checkout whose units are still held until recovery settles them', async () => {
    const { shopper, product, orderId } = await startCheckout();
    await payAndVerify(shopper.token, orderId);
    const checkout = await PendingCheckout.findOne({ razorpayOrderId: orderId }).lean();
    // A process died between taking the stock and dropping its hold.
    await MainCategory.updateOne(
      { _id: product._id },
      {
        $push: { stockHolds: { ref: checkoutStockRef(checkout?._id), quantity: 2, at: new Date(Date.now() - DAY_MS) } },
      },
    );
    await classifyCheckouts();
    expect((await PendingCheckout.findById(checkout?._id).lean())?.expiresAt).toBeFalsy();

    const report = await recoverInterruptedStock(ctx.deps, new Date(), { checkSlots: false });
    expect(report).toMatchObject({ settled: 1, returned: 0 });
    expect(await classifyCheckouts()).toBeGreaterThanOrEqual(1);
    expect((await PendingCheckout.findById(checkout?._id).lean())?.finishedAt).toBeInstanceOf(Date);
    expect(await stockOf(product._id)).toBe(8);
  });

  it('expires a sold-out checkout only once its refund is processed', async () => {
    const { shopper, orderId } = await startCheckout();
    const checkout = await PendingCheckout.findOneAndUpdate(
      { razorpayOrderId: orderId },
      {
        $set: {
          status: 'soldOut',
          stockState: 'soldOut',
          paymentId: 'pay_sold_out',
          refund: { id: 'rfnd_1', amountPaise: 80000, status: 'pending' },
        },
      },
      { returnDocument: 'after' },
    ).lean();
    await classifyCheckouts();
    expect((await PendingCheckout.findById(checkout?._id).lean())?.expiresAt).toBeFalsy();
    const retry = await ctx.http.post('/api/orders').set(bearer(shopper.token)).send({ razorpay_order_id: orderId });
    expect(retry.status).toBe(409);

    await PendingCheckout.updateOne({ _id: checkout?._id }, { $set: { 'refund.status': 'processed' } });
    const now = Date.now();
    await classifyCheckouts(now);
    expect((await PendingCheckout.findById(checkout?._id).lean())?.expiresAt?.getTime()).toBe(now + FINISHED_KEPT_MS);
  });

  it('gives an abandoned checkout its expiry 180 days after it was made, and a late payment keeps it', async () => {
    const { shopper, product, orderId } = await startCheckout();
    const checkout = await PendingCheckout.findOne({ razorpayOrderId: orderId }).lean();
    const createdAt = checkout!.createdAt.getTime();
    await classifyCheckouts(createdAt + ABANDONED_AFTER_MS - 1);
    expect((await PendingCheckout.findById(checkout?._id).lean())?.expiresAt).toBeFalsy();
    await classifyCheckouts(createdAt + ABANDONED_AFTER_MS);
    const abandoned = await PendingCheckout.findById(checkout?._id).lean();
    expect(abandoned?.expiresAt?.getTime()).toBe(createdAt + ABANDONED_KEPT_MS);
    expect(abandoned?.finishedAt).toBeUndefined();

    // Paid after all: the claim on its stock takes the expiry away until it is finished.
    await payAndVerify(shopper.token, orderId);
    expect((await PendingCheckout.findById(checkout?._id).lean())?.expiresAt).toBeNull();
    expect(await stockOf(product._id)).toBe(8);
  });

  it('finishes a paid checkout written before stock claims existed once its order exists', async () => {
    const { shopper, orderId } = await startCheckout();
    await payAndVerify(shopper.token, orderId);
    await PendingCheckout.updateOne({ razorpayOrderId: orderId }, { $unset: { stockState: 1, stockClaimedAt: 1 } });
    await classifyCheckouts();
    expect((await PendingCheckout.findOne({ razorpayOrderId: orderId }).lean())?.finishedAt).toBeInstanceOf(Date);
  });

  it('keeps a recent unpaid checkout', async () => {
    const { orderId } = await startCheckout();
    await classifyCheckouts();
    expect((await PendingCheckout.findOne({ razorpayOrderId: orderId }).lean())?.expiresAt).toBeFalsy();
  });

  it('classifies only checkouts without an expiry, in steps', async () => {
    await classifyCheckouts(Date.now() + ABANDONED_AFTER_MS);
    const plan = await PendingCheckout.find({ expiresAt: null }).limit(50).explain('executionStats');
    const stats = (plan as unknown as { executionStats: { totalDocsExamined: number } }).executionStats;
    expect(stats.totalDocsExamined).toBe(await PendingCheckout.countDocuments({ expiresAt: null }));
    expect(await PendingCheckout.countDocuments()).toBeGreaterThan(stats.totalDocsExamined);
  });

  it("classifies an upgraded shop's checkouts a page at a time, with one query per page for their orders and holds", async () => {
    await classifyCheckouts(Date.now() + ABANDONED_AFTER_MS);
    const made = new Date(Date.now() - 2 * ABANDONED_AFTER_MS);
    const old = (i: number, fields: Record<string, unknown>) => ({
      _id: new Types.ObjectId(),
      razorpayOrderId: `order_upgraded_${i}`,
      userId: new Types.ObjectId(),
      lines: [],
      amountPaise: 100,
      receipt: `r_${i}`,
      createdAt: new Date(made.getTime() + i),
      updatedAt: made,
      ...fields,
    });
    // Paid before stock claims existed (no stockState) with their orders, and abandoned ones.
    const paid = Array.from({ length: 300 }, (_, i) => old(i, { status: 'paid', paymentId: `pay_${i}` }));
    const abandoned = Array.from({ length: 150 }, (_, i) => old(300 + i, { status: 'created' }));
    await PendingCheckout.collection.insertMany([...paid, ...abandoned]);
    await Order.collection.insertMany(
      paid.map((c, i) => ({ razorpayOrderId: c.razorpayOrderId, razorpayPaymentId: `pay_${i}` })),
    );

    const reads: Record<string, number> = {};
    mongoose.set('debug', (collection: string, method: string) => {
      if (method === 'find') reads[collection] = (reads[collection] ?? 0) + 1;
    });
    const now = Date.now();
    try {
      expect(await classifyCheckouts(now)).toBe(450);
    } finally {
      mongoose.set('debug', false);
    }
    const pages = Math.ceil(450 / RETENTION_BATCH);
    // The last read finds the range empty.
    expect(reads.pendingcheckouts).toBe(pages + 1);
    // At most one read of orders and one of holds per page (the last page has no paid checkout).
    expect(reads.orders).toBeLessThanOrEqual(pages);
    expect(reads.maincategories).toBe(pages);

    const stored = await PendingCheckout.find({ receipt: /^r_/ }, { receipt: 1, finishedAt: 1, expiresAt: 1 }).lean();
    const byReceipt = new Map(stored.map((c) => [c.receipt, c]));
    for (const c of paid) {
      expect(byReceipt.get(c.receipt)).toMatchObject({
        finishedAt: new Date(now),
        expiresAt: new Date(now + FINISHED_KEPT_MS),
      });
    }
    for (const c of abandoned) {
      expect(byReceipt.get(c.receipt)?.expiresAt).toEqual(new Date(c.createdAt.getTime() + ABANDONED_KEPT_MS));
      expect(byReceipt.get(c.receipt)?.finishedAt).toBeUndefined();
    }
  });
});
