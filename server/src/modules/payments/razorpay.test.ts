import nock from 'nock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, RECEIPT_MAX_LENGTH } from '@kesh/shared';
import { loadConfig } from '../../config.js';
import {
  bearer,
  createAdminToken,
  orderMailsSent,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from '../orders/order.model.js';
import { PendingCheckout } from './checkout.model.js';
import { createPaymentGateway, hmacHex } from './gateway.js';

// nock 15 intercepts through @mswjs/interceptors, which calls Promise.withResolvers (Node 22+);
// the project also runs on Node 20, so the tests supply it there.
const promiseStatics = Promise as unknown as { withResolvers?: () => unknown };
promiseStatics.withResolvers ??= () => {
  let resolve!: (value: unknown) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

const KEYS = { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'whsec' };
const RAZORPAY_API = 'https://api.razorpay.com';
const ADDRESS = '12 MG Road, Rajkot, Gujarat, India, 360001';

interface RazorpayOrderRequest {
  amount: number;
  currency: string;
  receipt: string;
  notes: Record<string, string>;
}

describe('checkout with Razorpay (real SDK, HTTP intercepted)', () => {
  let ctx: TestContext;
  let orderCounter = 0;
  /** Bodies the fake Razorpay API received, newest last. */
  let razorpayRequests: RazorpayOrderRequest[];

  beforeAll(async () => {
    const payments = createPaymentGateway(loadConfig({ NODE_ENV: 'test', ...KEYS }));
    ctx = await startTestApp(KEYS, { payments });
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost|\[::1\]/);
  });
  afterAll(async () => {
    nock.cleanAll();
    nock.enableNetConnect();
    await ctx.close();
  });
  beforeEach(() => {
    razorpayRequests = [];
  });
  afterEach(() => {
    nock.cleanAll();
  });

  /** One successful POST /v1/orders, answered the way Razorpay does. */
  function razorpayCreatesOrder() {
    return (
      nock(RAZORPAY_API)
        .post('/v1/orders')
        .basicAuth({ user: KEYS.RAZORPAY_KEY_ID, pass: KEYS.RAZORPAY_KEY_SECRET })
        // nock 15 hands a reply function the intercepted Fetch API Request.
        .reply(200, async (request: Request) => {
          const req = (await request.json()) as RazorpayOrderRequest;
          razorpayRequests.push(req);
          orderCounter += 1;
          return {
            id: `order_Test${String(orderCounter).padStart(6, '0')}`,
            entity: 'order',
            amount: req.amount,
            amount_paid: 0,
            amount_due: req.amount,
            currency: req.currency,
            receipt: req.receipt,
            status: 'created',
            attempts: 0,
            notes: req.notes,
            created_at: Math.floor(Date.now() / 1000),
          };
        })
    );
  }

  const sign = (orderId: string, paymentId: string) => hmacHex(KEYS.RAZORPAY_KEY_SECRET, `${orderId}|${paymentId}`);
  const signWebhook = (body: string) => hmacHex(KEYS.RAZORPAY_WEBHOOK_SECRET, body);

  async function product(title: string, mainPricePaise: number | null, offerPricePaise: number | null) {
    return MainCategory.create({ title, mainPricePaise, offerPricePaise });
  }

  async function addToCart(token: string, productId: string, quantity: number) {
    const res = await ctx.http.post('/api/cart/add-to-cart').set(bearer(token)).send({ productId, quantity });
    expect(res.status).toBe(200);
  }

  async function cartCount(token: string): Promise<number> {
    const res = await ctx.http.get('/api/cart/cart').set(bearer(token));
    expect(res.status).toBe(200);
    return res.body.cartCount as number;
  }

  /** A shopper with ₹499 x 2 + ₹250 in the cart (₹1,248 = 124800 paise). */
  async function shopperWithCart() {
    const shopper = await signUpCustomer(ctx);
    const oil = await product('Bhringraj Hair Oil', 59900, 49900);
    const powder = await product('Amla Powder', 25000, null);
    await addToCart(shopper.token, String(oil._id), 2);
    await addToCart(shopper.token, String(powder._id), 1);
    return { ...shopper, oil, powder };
  }

  async function createOrder(token: string, body: Record<string, unknown> = {}) {
    razorpayCreatesOrder();
    const res = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(token))
      .send({ amount: 124800, currency: 'INR', receipt: `receipt_${Date.now()}`, address: ADDRESS, ...body });
    expect(res.status).toBe(200);
    return res.body as { id: string; amount: number };
  }

  function verify(token: string, orderId: string, paymentId: string, signature = sign(orderId, paymentId)) {
    return ctx.http
      .post('/api/payment/verify-payment')
      .set(bearer(token))
      .send({
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: signature,
        // What the spec's client also sends; the server must not trust any of it.
        products: [],
        totalAmount: 0.01,
        userDetails: { username: 'Someone Else', email: 'other@example.com' },
      });
  }

  function webhook(event: string, orderId: string, paymentId: string, amount: number) {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Test',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: { id: paymentId, entity: 'payment', amount, currency: 'INR', status: 'captured', order_id: orderId },
        },
        ...(event === 'order.paid'
          ? { order: { entity: { id: orderId, entity: 'order', amount, status: 'paid' } } }
          : {}),
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    return ctx.http
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', signWebhook(body))
      .send(body);
  }

  describe('POST /api/payment/create-order', () => {
    it('charges the catalogue total even when the client says 1 paisa', async () => {
      const shopper = await shopperWithCart();
      razorpayCreatesOrder();
      const res = await ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ amount: 1, currency: 'INR', receipt: 'receipt_1', userId: shopper.userId, address: ADDRESS });

      expect(res.status).toBe(200);
      expect(razorpayRequests).toHaveLength(1);
      expect(razorpayRequests[0]).toMatchObject({ amount: 124800, currency: 'INR', receipt: 'receipt_1' });
      expect(razorpayRequests[0]!.notes.userId).toBe(shopper.userId);
      expect(res.body).toMatchObject({
        amount: 124800,
        currency: 'INR',
        receipt: 'receipt_1',
        keyId: 'rzp_test_x',
        mode: 'razorpay',
      });
      expect(res.body.id).toMatch(/^order_Test/);

      const stored = await PendingCheckout.findOne({ razorpayOrderId: res.body.id }).lean();
      expect(stored).toMatchObject({ amountPaise: 124800, status: 'created' });
      expect(stored?.userDetails?.address).toBe(ADDRESS);
      expect(stored!.lines.map((l) => [l.title, l.quantity, l.unitPricePaise])).toEqual([
        ['Bhringraj Hair Oil', 2, 49900],
        ['Amla Powder', 1, 25000],
      ]);
    });

    it('makes up a receipt of at most 40 characters when the client sends none', async () => {
      const shopper = await shopperWithCart();
      razorpayCreatesOrder();
      const ok = await ctx.http.post('/api/payment/create-order').set(bearer(shopper.token)).send({ address: ADDRESS });
      expect(ok.status).toBe(200);
      expect(ok.body.receipt.length).toBeGreaterThan(0);
      expect(ok.body.receipt.length).toBeLessThanOrEqual(RECEIPT_MAX_LENGTH);
      expect(razorpayRequests.at(-1)!.receipt).toBe(ok.body.receipt);
    });

    it('refuses a receipt longer than 40 characters', async () => {
      const shopper = await shopperWithCart();
      const res = await ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ receipt: 'r'.repeat(41), address: ADDRESS });
      expect(res.status).toBe(400);
      expect(razorpayRequests).toHaveLength(0);
    });

    it('uses the saved address when the body has none, and asks for one when there is none', async () => {
      const shopper = await shopperWithCart();
      const none = await ctx.http.post('/api/payment/create-order').set(bearer(shopper.token)).send({ amount: 124800 });
      expect(none.status).toBe(400);
      expect(none.body.error).toBe(MESSAGES.selectDeliveryAddress);

      const saved = await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: ADDRESS });
      expect(saved.status).toBe(200);
      const order = await createOrder(shopper.token, { address: undefined });
      const stored = await PendingCheckout.findOne({ razorpayOrderId: order.id }).lean();
      expect(stored?.userDetails?.address).toBe(ADDRESS);
    });

    it('answers "Your cart is empty" for an empty cart without calling Razorpay', async () => {
      const shopper = await signUpCustomer(ctx);
      const scope = razorpayCreatesOrder();
      const res = await ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: ADDRESS });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Your cart is empty');
      expect(scope.isDone()).toBe(false);
    });

    it('answers 502 and stores nothing when Razorpay refuses', async () => {
      const shopper = await shopperWithCart();
      nock(RAZORPAY_API)
        .post('/v1/orders')
        .reply(500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } });
      const before = await PendingCheckout.countDocuments();
      const res = await ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: ADDRESS });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/payment service/i);
      expect(await PendingCheckout.countDocuments()).toBe(before);
    });

    it('needs a shopper token', async () => {
      const none = await ctx.http.post('/api/payment/create-order').send({ amount: 100 });
      expect(none.status).toBe(401);
      const admin = await createAdminToken(ctx);
      const asAdmin = await ctx.http.post('/api/payment/create-order').set(bearer(admin.token)).send({ amount: 100 });
      expect(asAdmin.status).toBe(403);
    });
  });

  describe('POST /api/payment/verify-payment', () => {
    it('places the order from the stored checkout, clears the cart and mails shopper and shop', async () => {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      await orderMailsSent();
      const outboxBefore = ctx.deps.mailer.outbox.length;

      const res = await verify(shopper.token, id, 'pay_Good0001');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.orderPlaced });
      const order = res.body.order;
      expect(order).toMatchObject({
        userId: shopper.userId,
        status: 'Processing',
        totalAmount: 1248,
        razorpayOrderId: id,
        razorpayPaymentId: 'pay_Good0001',
        userDetails: { username: shopper.username, email: shopper.email, contact: shopper.contact, address: ADDRESS },
      });
      expect(order.products).toEqual([
        {
          productId: { _id: String(shopper.oil._id), title: 'Bhringraj Hair Oil', image: null },
          title: 'Bhringraj Hair Oil',
          quantity: 2,
          price: 499,
          variant: null,
          titles: {},
        },
        {
          productId: { _id: String(shopper.powder._id), title: 'Amla Powder', image: null },
          title: 'Amla Powder',
          quantity: 1,
          price: 250,
          variant: null,
          titles: {},
        },
      ]);
      expect(await cartCount(shopper.token)).toBe(0);

      await orderMailsSent();
      const mails = ctx.deps.mailer.outbox.slice(outboxBefore);
      expect(mails.map((m) => m.to).sort()).toEqual([ctx.config.shopNotifyEmail, shopper.email].sort());
      expect(mails.find((m) => m.to === shopper.email)!.text).toContain('₹1,248');
    });

    it('takes only what was paid for out of the cart, keeping what another tab added meanwhile', async () => {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      // While the payment window is open: one more oil, and a new product.
      const neem = await product('Neem Comb', 15000, null);
      await addToCart(shopper.token, String(shopper.oil._id), 1);
      await addToCart(shopper.token, String(neem._id), 2);

      await verify(shopper.token, id, 'pay_Tabs0001').expect(200);
      const cart = await ctx.http.get('/api/cart/cart').set(bearer(shopper.token));
      const quantities = Object.fromEntries(
        (cart.body.items as { productId: { _id: string }; quantity: number }[]).map((i) => [
          i.productId._id,
          i.quantity,
        ]),
      );
      expect(quantities).toEqual({ [String(shopper.oil._id)]: 1, [String(neem._id)]: 2 });
      expect(cart.body.cartCount).toBe(3);
    });

    it('creates nothing for a forged signature and keeps the cart', async () => {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      const forged = hmacHex('not-the-secret', `${id}|pay_Forged01`);

      const res = await verify(shopper.token, id, 'pay_Forged01', forged);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: MESSAGES.paymentVerificationFailed });
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(0);
      expect(await cartCount(shopper.token)).toBe(3);
      expect((await PendingCheckout.findOne({ razorpayOrderId: id }).lean())!.status).toBe('created');

      const orders = await ctx.http.post('/api/orders').set(bearer(shopper.token)).send({ razorpay_order_id: id });
      expect(orders.status).toBe(402);
      expect(orders.body.error).toBe('No verified payment found for this order.');
    });

    it('answers the same order when verify is repeated', async () => {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      const first = await verify(shopper.token, id, 'pay_Repeat01');
      const second = await verify(shopper.token, id, 'pay_Repeat01');
      expect(second.status).toBe(200);
      expect(second.body.success).toBe(true);
      expect(second.body.order._id).toBe(first.body.order._id);
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(1);
    });

    it('creates exactly one order when verify is sent 5 times in parallel', async () => {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      await orderMailsSent();
      const outboxBefore = ctx.deps.mailer.outbox.length;

      const answers = await Promise.all(Array.from({ length: 5 }, () => verify(shopper.token, id, 'pay_Parallel1')));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.order._id)).size).toBe(1);
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(1);
      await orderMailsSent();
      expect(ctx.deps.mailer.outbox.length - outboxBefore).toBe(2);
    });

    it("refuses another shopper's payment and an unknown order", async () => {
      const owner = await shopperWithCart();
      const other = await signUpCustomer(ctx);
      const { id } = await createOrder(owner.token);

      const stolen = await verify(other.token, id, 'pay_Stolen01');
      expect(stolen.status).toBe(403);
      expect(stolen.body.success).toBe(false);
      const unknown = await verify(other.token, 'order_Unknown000', 'pay_Stolen01');
      expect(unknown.status).toBe(404);
      expect(unknown.body.success).toBe(false);
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(0);
      expect(await cartCount(owner.token)).toBe(3);
    });

    it('validates the body and needs a shopper token', async () => {
      const shopper = await signUpCustomer(ctx);
      const missing = await ctx.http
        .post('/api/payment/verify-payment')
        .set(bearer(shopper.token))
        .send({ razorpay_order_id: 'order_x', razorpay_signature: 'x' });
      expect(missing.status).toBe(400);
      const injected = await ctx.http
        .post('/api/payment/verify-payment')
        .set(bearer(shopper.token))
        .send({ razorpay_order_id: { $ne: null }, razorpay_payment_id: 'pay', razorpay_signature: 'x' });
      expect(injected.status).toBe(400);
      const anonymous = await ctx.http.post('/api/payment/verify-payment').send({});
      expect(anonymous.status).toBe(401);
    });
  });

  describe('POST /api/orders', () => {
    it("answers the verified payment's order and never makes a second one", async () => {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      const verified = await verify(shopper.token, id, 'pay_Orders01');

      const byIds = await ctx.http
        .post('/api/orders')
        .set(bearer(shopper.token))
        .send({ razorpay_order_id: id, razorpay_payment_id: 'pay_Orders01', totalAmount: 0.01, products: [] });
      expect(byIds.status).toBe(200);
      expect(byIds.body._id).toBe(verified.body.order._id);
      expect(byIds.body.totalAmount).toBe(1248);

      // The spec's client sends only the order payload: the latest paid checkout answers it.
      const latest = await ctx.http
        .post('/api/orders')
        .set(bearer(shopper.token))
        .send({ userId: shopper.userId, totalAmount: 1248, userDetails: { username: shopper.username } });
      expect(latest.status).toBe(200);
      expect(latest.body._id).toBe(verified.body.order._id);
      expect(await Order.countDocuments({ userId: shopper.userId })).toBe(1);
    });

    it("answers 402 without a verified payment, including for another shopper's payment", async () => {
      const owner = await shopperWithCart();
      const { id } = await createOrder(owner.token);
      await verify(owner.token, id, 'pay_Owner001');
      const other = await signUpCustomer(ctx);

      const none = await ctx.http.post('/api/orders').set(bearer(other.token)).send({ totalAmount: 1248 });
      expect(none.status).toBe(402);
      expect(none.body.error).toBe('No verified payment found for this order.');
      const theirs = await ctx.http
        .post('/api/orders')
        .set(bearer(other.token))
        .send({ razorpay_order_id: id, razorpay_payment_id: 'pay_Owner001' });
      expect(theirs.status).toBe(402);
    });

    it('needs a shopper token', async () => {
      expect((await ctx.http.post('/api/orders').send({})).status).toBe(401);
      const admin = await createAdminToken(ctx);
      expect((await ctx.http.post('/api/orders').set(bearer(admin.token)).send({})).status).toBe(403);
    });
  });

  describe('POST /api/payment/webhook', () => {
    it('places the order when the browser never came back, and verify afterwards answers it', async () => {
      const shopper = await shopperWithCart();
      const { id, amount } = await createOrder(shopper.token);

      const hook = await webhook('payment.captured', id, 'pay_Hook0001', amount);
      expect(hook.status).toBe(200);
      expect(hook.body).toEqual({ received: true });
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(1);
      expect(await cartCount(shopper.token)).toBe(0);

      const late = await verify(shopper.token, id, 'pay_Hook0001');
      expect(late.status).toBe(200);
      expect(late.body.order.razorpayPaymentId).toBe('pay_Hook0001');
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(1);
    });

    it('leaves one order when order.paid arrives after verify', async () => {
      const shopper = await shopperWithCart();
      const { id, amount } = await createOrder(shopper.token);
      const verified = await verify(shopper.token, id, 'pay_Hook0002');
      expect(verified.status).toBe(200);

      const hook = await webhook('order.paid', id, 'pay_Hook0002', amount);
      expect(hook.status).toBe(200);
      const again = await webhook('payment.captured', id, 'pay_Hook0002', amount);
      expect(again.status).toBe(200);
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(1);
    });

    it('refuses a wrong or missing signature and creates nothing', async () => {
      const shopper = await shopperWithCart();
      const { id, amount } = await createOrder(shopper.token);
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_Fake0001', order_id: id, amount } } },
      });
      const wrong = await ctx.http
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', hmacHex('whsec-guess', body))
        .send(body);
      expect(wrong.status).toBe(400);
      const missing = await ctx.http.post('/api/payment/webhook').set('Content-Type', 'application/json').send(body);
      expect(missing.status).toBe(400);
      expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(0);
      expect(await cartCount(shopper.token)).toBe(3);
    });

    it('acknowledges events it does not act on', async () => {
      const body = JSON.stringify({ event: 'payment.authorized', payload: {} });
      const res = await ctx.http
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', signWebhook(body))
        .send(body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });

      const unknownOrder = await webhook('payment.captured', 'order_NotOurs0001', 'pay_NotOurs001', 5000);
      expect(unknownOrder.status).toBe(200);
      expect(await Order.countDocuments({ razorpayOrderId: 'order_NotOurs0001' })).toBe(0);
    });
  });

  function refundWebhook(event: 'refund.processed' | 'refund.failed', refundId: string, paymentId: string) {
    const body = JSON.stringify({
      entity: 'event',
      event,
      contains: ['refund', 'payment'],
      payload: {
        refund: {
          entity: { id: refundId, entity: 'refund', amount: 124800, payment_id: paymentId, status: event.slice(7) },
        },
      },
    });
    return ctx.http
      .post('/api/payment/webhook')
      .set('Content-Type', 'application/json')
      .set('X-Razorpay-Signature', signWebhook(body))
      .send(body);
  }

  describe('refunds through Razorpay', () => {
    /** An order paid with `paymentId`, through verify. */
    async function paidOrder(paymentId: string) {
      const shopper = await shopperWithCart();
      const { id } = await createOrder(shopper.token);
      const res = await verify(shopper.token, id, paymentId);
      expect(res.status).toBe(200);
      return { shopper, order: res.body.order as { _id: string } };
    }

    it('asks Razorpay to refund the payment, then takes refund.processed once', async () => {
      const { shopper, order } = await paidOrder('pay_Refund0001');
      const asked: { amount: number; notes: Record<string, string> }[] = [];
      nock(RAZORPAY_API)
        .post('/v1/payments/pay_Refund0001/refund')
        .basicAuth({ user: KEYS.RAZORPAY_KEY_ID, pass: KEYS.RAZORPAY_KEY_SECRET })
        .reply(200, async (request: Request) => {
          const body = (await request.json()) as { amount: number; notes: Record<string, string> };
          asked.push(body);
          return {
            id: 'rfnd_Test0001',
            entity: 'refund',
            amount: body.amount,
            payment_id: 'pay_Refund0001',
            status: 'pending',
          };
        });

      const res = await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token));
      expect(res.status).toBe(200);
      expect(asked).toEqual([{ amount: 124800, speed: 'normal', notes: { orderId: order._id } }]);
      expect(res.body.order.refund).toEqual({
        id: 'rfnd_Test0001',
        amountPaise: 124800,
        amount: 1248,
        status: 'pending',
      });

      await refundWebhook('refund.processed', 'rfnd_Test0001', 'pay_Refund0001').expect(200);
      await refundWebhook('refund.processed', 'rfnd_Test0001', 'pay_Refund0001').expect(200);
      expect((await Order.findById(order._id).lean())!.refund).toMatchObject({
        id: 'rfnd_Test0001',
        status: 'processed',
      });
      const again = await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token));
      expect(again.body.order.refund.status).toBe('processed');
      expect(nock.isDone()).toBe(true);
    });

    it('records a refund Razorpay refuses as failed, and a refund.failed webhook too', async () => {
      const refused = await paidOrder('pay_Refund0002');
      nock(RAZORPAY_API)
        .post('/v1/payments/pay_Refund0002/refund')
        .reply(400, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'The refund amount provided is greater than amount captured',
          },
        });
      const res = await ctx.http.post(`/api/orders/${refused.order._id}/cancel`).set(bearer(refused.shopper.token));
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', refund: { id: null, status: 'failed' } });

      const later = await paidOrder('pay_Refund0003');
      nock(RAZORPAY_API)
        .post('/v1/payments/pay_Refund0003/refund')
        .reply(200, { id: 'rfnd_Test0003', entity: 'refund', amount: 124800, status: 'pending' });
      await ctx.http.post(`/api/orders/${later.order._id}/cancel`).set(bearer(later.shopper.token)).expect(200);
      await refundWebhook('refund.failed', 'rfnd_Test0003', 'pay_Refund0003').expect(200);
      expect((await Order.findById(later.order._id).lean())!.refund!.status).toBe('failed');
    });
  });

  it('refunds a payment for a line that sold out meanwhile through Razorpay, and places no order', async () => {
    const lastOne = await MainCategory.create({ title: 'Last Bottle', mainPricePaise: 45000, stock: 1 });
    const [first, second] = [await signUpCustomer(ctx), await signUpCustomer(ctx)];
    await addToCart(first.token, String(lastOne._id), 1);
    await addToCart(second.token, String(lastOne._id), 1);
    const firstOrder = await createOrder(first.token);
    const secondOrder = await createOrder(second.token);
    expect((await verify(first.token, firstOrder.id, 'pay_LastOne01')).status).toBe(200);

    const asked: { amount: number; notes: Record<string, string> }[] = [];
    nock(RAZORPAY_API)
      .post('/v1/payments/pay_LastOne02/refund')
      .basicAuth({ user: KEYS.RAZORPAY_KEY_ID, pass: KEYS.RAZORPAY_KEY_SECRET })
      .reply(200, async (request: Request) => {
        const body = (await request.json()) as { amount: number; notes: Record<string, string> };
        asked.push(body);
        return { id: 'rfnd_LastOne02', entity: 'refund', amount: body.amount, status: 'pending' };
      });
    const late = await verify(second.token, secondOrder.id, 'pay_LastOne02');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, message: MESSAGES.soldOutRefunded });
    expect(asked).toEqual([
      { amount: 45000, speed: 'normal', notes: { razorpayOrderId: secondOrder.id, reason: 'sold out' } },
    ]);
    expect(nock.isDone()).toBe(true);
    expect(await Order.countDocuments({ razorpayOrderId: secondOrder.id })).toBe(0);
    expect((await PendingCheckout.findOne({ razorpayOrderId: secondOrder.id }).lean())!).toMatchObject({
      status: 'soldOut',
      paymentId: 'pay_LastOne02',
      refund: { id: 'rfnd_LastOne02', amountPaise: 45000, status: 'pending' },
    });

    // Razorpay says later how the refund went: recorded on the checkout, and a failure mailed to the shop.
    const soldOutRefund = async () =>
      (await PendingCheckout.findOne({ razorpayOrderId: secondOrder.id }).lean())!.refund;
    await refundWebhook('refund.failed', 'rfnd_LastOne02', 'pay_LastOne02').expect(200);
    await refundWebhook('refund.failed', 'rfnd_LastOne02', 'pay_LastOne02').expect(200);
    expect((await soldOutRefund())!.status).toBe('failed');
    await refundWebhook('refund.processed', 'rfnd_LastOne02', 'pay_LastOne02').expect(200);
    expect(await soldOutRefund()).toMatchObject({ id: 'rfnd_LastOne02', status: 'processed' });
    // Processed is final: a failure reported after it changes nothing and mails no one.
    await refundWebhook('refund.failed', 'rfnd_LastOne02', 'pay_LastOne02').expect(200);
    expect((await soldOutRefund())!.status).toBe('processed');
    const shopMails = ctx.deps.mailer.outbox.filter(
      (m) => m.subject === 'Refund of a sold-out payment failed (pay_LastOne02)',
    );
    expect(shopMails).toHaveLength(1);
  });

  it('offers no simulator while Razorpay keys are set', async () => {
    expect((await ctx.http.get('/api/payment/simulator/checkout.js')).status).toBe(404);
    expect((await ctx.http.post('/api/payment/simulator/pay').send({ order_id: 'order_x' })).status).toBe(404);
  });
});
