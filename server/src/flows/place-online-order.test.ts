/**
 * What a verified payment costs the database when it becomes a new order, and when the order's
 * invoice job starts: after the answer has left (issue 26, verify-payment's time at 100,000 orders).
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, orderMailsSent, signUpCustomer, startTestApp, type TestContext } from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { InvoiceJob } from '../modules/orders/invoice-job.model.js';
import { settleStartedInvoiceJobs } from '../modules/orders/invoice-jobs.js';
import { Order } from '../modules/orders/order.model.js';
import { verifyPayment } from './pay-online.js';

const ADDRESS = '5 Yagnik Road, Rajkot, Gujarat, India, 360001';

describe('placing a new order from a verified payment', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  /** A shopper who paid (through the simulator) for 2 of a product whose stock is counted. */
  async function paidCheckout() {
    const shopper = await signUpCustomer(ctx);
    const product = await MainCategory.create({ title: 'Reetha Shampoo', mainPricePaise: 29900, stock: 10 });
    const productId = String(product._id);
    await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId, quantity: 2 })
      .expect(200);
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: ADDRESS })
      .expect(200);
    const paid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: created.body.id }).expect(200);
    return {
      shopper,
      productId,
      body: paid.body as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
    };
  }

  /** The database commands `call` makes, as "collection.method", through mongoose's query log. */
  async function commandsDuring(call: () => Promise<unknown>): Promise<string[]> {
    const commands: string[] = [];
    mongoose.set('debug', (collection: string, method: string) => {
      commands.push(`${collection}.${method}`);
    });
    try {
      await call();
      return commands;
    } finally {
      mongoose.set('debug', false);
    }
  }

  it('reads its orders once and its products once, numbers it in two writes, and writes no variant', async () => {
    const { shopper, productId, body } = await paidCheckout();
    let answer!: Required<Awaited<ReturnType<typeof verifyPayment>>>;
    let answered!: () => void;
    const left = new Promise<void>((resolve) => (answered = resolve));

    const commands = await commandsDuring(async () => {
      answer = (await verifyPayment(ctx.deps, shopper.userId, body, left)) as typeof answer;
    });
    answered();
    await settleStartedInvoiceJobs();

    const count = (command: string) => commands.filter((c) => c === command).length;
    // The look for an order this payment already became; the one who took the stock inserts at once.
    expect(count('orders.findOne')).toBe(1);
    expect(count('orders.insertOne')).toBe(1);
    // The claim of the invoice number, then the number written and the order read back together.
    expect(count('orders.updateOne')).toBe(1);
    expect(count('orders.findOneAndUpdate')).toBe(1);
    // The products are copied into the order and shown in the answer from one read.
    expect(count('maincategories.find')).toBe(1);
    // No line has a variant: the stock taken and its hold settled touch no variant.
    expect(commands.filter((c) => c.startsWith('productvariants.'))).toEqual([]);

    const stored = (await Order.findById(answer.order._id).lean())!;
    expect(answer.order.invoiceNumber).toBe(stored.invoiceNumber);
    expect(answer.order.invoiceNumber).toMatch(/^INV\/\d{4}-\d{2}\/\d{6}$/);
    expect(answer.order.updatedAt).toBe(stored.updatedAt.toISOString());
    expect(answer.order.products).toEqual([
      expect.objectContaining({ productId: { _id: productId, title: 'Reetha Shampoo', image: null }, quantity: 2 }),
    ]);
    const shelf = (await MainCategory.findById(productId, { stock: 1, stockHolds: 1 }).lean())!;
    expect(shelf.stock).toBe(8);
    expect(shelf.stockHolds).toEqual([]);
  });

  it("starts the order's invoice job only once the answer has left", async () => {
    const { shopper, body } = await paidCheckout();
    let answered!: () => void;
    const left = new Promise<void>((resolve) => (answered = resolve));

    const order = (await verifyPayment(ctx.deps, shopper.userId, body, left)).order!;
    // Turns of the event loop and database round trips enough for a job started at once to claim itself.
    for (let turn = 0; turn < 5; turn += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(await InvoiceJob.findById(order._id, { claimedUntil: 1 }).lean()).toMatchObject({ claimedUntil: null });
    }

    answered();
    await settleStartedInvoiceJobs();
    await orderMailsSent();
    expect(await InvoiceJob.exists({ _id: order._id })).toBeNull();
    expect(ctx.deps.mailer.outbox.some((m) => m.to === shopper.email && m.attachments?.length === 1)).toBe(true);
  });
});
