import { Script, createContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { DEV_RAZORPAY_SIM_SECRET } from '../../config.js';
import { bearer, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from '../orders/order.model.js';
import { hmacHex } from './gateway.js';

const ADDRESS = '5 Yagnik Road, Rajkot, Gujarat, India, 360001';

describe('checkout with the offline payment simulator', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  async function shopperWithCart() {
    const shopper = await signUpCustomer(ctx);
    const shampoo = await MainCategory.create({
      title: 'Reetha Shampoo',
      mainPricePaise: 35000,
      offerPricePaise: 29900,
    });
    const add = await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: String(shampoo._id), quantity: 3 });
    expect(add.status).toBe(200);
    return shopper;
  }

  it('serves a Checkout.js stand-in that defines window.Razorpay', async () => {
    const res = await ctx.http.get('/api/payment/simulator/checkout.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);

    const sandbox: { window: { Razorpay?: unknown }; document: unknown; URL: typeof URL } = {
      window: {},
      document: { currentScript: { src: 'http://shop.test/api/payment/simulator/checkout.js' } },
      URL,
    };
    new Script(res.text).runInContext(createContext(sandbox));
    const Razorpay = sandbox.window.Razorpay as new (options: object) => { open: unknown; on: unknown; close: unknown };
    expect(typeof Razorpay).toBe('function');
    const checkout = new Razorpay({ amount: 89700, name: 'Kesh Ayurveda' });
    expect(typeof checkout.open).toBe('function');
    expect(typeof checkout.on).toBe('function');
  });

  it('creates an order_sim_ order, pays it and verifies it into one order', async () => {
    const shopper = await shopperWithCart();
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ amount: 100, currency: 'INR', receipt: 'receipt_sim', userId: shopper.userId, address: ADDRESS });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      amount: 89700,
      currency: 'INR',
      mode: 'simulator',
      keyId: 'rzp_test_simulator',
    });
    expect(created.body.id).toMatch(/^order_sim_/);

    const paid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: created.body.id });
    expect(paid.status).toBe(200);
    expect(paid.body.razorpay_order_id).toBe(created.body.id);
    expect(paid.body.razorpay_payment_id).toMatch(/^pay_sim_/);

    const verified = await ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid.body);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: MESSAGES.orderPlaced });
    expect(verified.body.order).toMatchObject({ totalAmount: 897, status: 'Processing' });

    // The spec's client then posts the order payload: it gets the same order back.
    const placed = await ctx.http
      .post('/api/orders')
      .set(bearer(shopper.token))
      .send({ userId: shopper.userId, products: [], totalAmount: 897, userDetails: { username: shopper.username } });
    expect(placed.status).toBe(200);
    expect(placed.body._id).toBe(verified.body.order._id);

    const mine = await ctx.http.get('/api/orders/').set(bearer(shopper.token));
    expect(mine.status).toBe(200);
    expect(mine.body.map((o: { _id: string }) => o._id)).toEqual([verified.body.order._id]);
    const cart = await ctx.http.get('/api/cart/cart').set(bearer(shopper.token));
    expect(cart.body.cartCount).toBe(0);
  });

  it('refuses a signature not made with the simulator secret', async () => {
    const shopper = await shopperWithCart();
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: ADDRESS });
    const res = await ctx.http
      .post('/api/payment/verify-payment')
      .set(bearer(shopper.token))
      .send({
        razorpay_order_id: created.body.id,
        razorpay_payment_id: 'pay_sim_made_up',
        razorpay_signature: hmacHex('guessed-secret', `${created.body.id}|pay_sim_made_up`),
      });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: MESSAGES.paymentVerificationFailed });
    expect(await Order.countDocuments({ razorpayOrderId: created.body.id })).toBe(0);
  });

  it('accepts simulated webhooks signed with the simulator secret', async () => {
    const shopper = await shopperWithCart();
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: ADDRESS });
    const body = JSON.stringify({
      event: 'order.paid',
      payload: {
        payment: { entity: { id: 'pay_sim_hook', order_id: created.body.id, amount: created.body.amount } },
        order: { entity: { id: created.body.id } },
      },
    });
    const res = await ctx.http
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', hmacHex(DEV_RAZORPAY_SIM_SECRET, body))
      .send(body);
    expect(res.status).toBe(200);
    expect(await Order.countDocuments({ razorpayOrderId: created.body.id })).toBe(1);
  });

  it('pays only orders it created', async () => {
    const unknown = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: 'order_sim_unknown' });
    expect(unknown.status).toBe(404);
    const invalid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: { $gt: '' } });
    expect(invalid.status).toBe(400);
  });
});
