import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type Order as OrderDto, type Product } from '@kesh/shared';
import { bearer, signUpCustomer, type TestContext } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { MainCategory } from '../catalog/category.model.js';
import { PendingCheckout } from '../payments/checkout.model.js';
import { refundRecordingGateway } from '../../test/refund-recorder.js';
import {
  RAJKOT,
  paymentCapturedWebhook,
  simulatorPayment,
  startShop,
  type PaidInRazorpay,
  type Shopper,
} from '../../test/shop.js';
import { Order } from './order.model.js';

describe('stock', () => {
  let ctx: TestContext;
  let admin: string;
  const gateway = refundRecordingGateway();
  const { refunds } = gateway;

  beforeAll(async () => {
    // Cash on delivery in 360, so both ways of paying can be exercised.
    ({ ctx, admin } = await startShop({ payments: gateway.payments }));
  });
  afterAll(() => ctx.close());
  beforeEach(() => gateway.reset());

  const SOLD_OUT_SUBJECT = 'Your Kesh Ayurveda payment is being refunded';
  /** The mails to `to` once `count` of them have left the background queue. */
  // The sign-up's confirmation code is not one of the mails these tests count.
  const orderMailsTo = (to: string, subject?: string) =>
    ctx.deps.mailer.outbox.filter(
      (m) => m.to === to && (subject ? m.subject === subject : !m.subject.endsWith('confirm your e-mail address')),
    );
  async function mailsTo(to: string, count: number, subject?: string) {
    for (let waited = 0; waited < 5000; waited += 20) {
      const mails = orderMailsTo(to, subject);
      if (mails.length >= count) return mails;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return orderMailsTo(to, subject);
  }

  const product = (title: string, stock: number | null, pricePaise = 25000) =>
    MainCategory.create({ title, mainPricePaise: pricePaise, ...(stock === null ? {} : { stock }) });
  const stockOf = async (id: unknown) => (await MainCategory.findById(id).lean())!.stock ?? null;
  const addToCart = (shopper: Shopper, productId: unknown, quantity = 1) =>
    ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: String(productId), quantity })
      .expect(200);
  const placeCod = (shopper: Shopper) =>
    ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
  /** Pays for the cart online through the simulator: create-order, then Razorpay's window hands back a signed payment. */
  async function payOnline(shopper: Shopper, language = 'en') {
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .set('Accept-Language', language)
      .send({ address: RAJKOT });
    expect(created.status).toBe(200);
    return simulatorPayment(shopper, created.body.id);
  }
  const paymentCaptured = (paid: PaidInRazorpay, amount: number) => paymentCapturedWebhook(ctx, paid, amount);
  const verify = (shopper: Shopper, paid: PaidInRazorpay) =>
    ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid);

  describe("the owner's stock field", () => {
    const post = (fields: Record<string, string>) => {
      const req = ctx.http.post('/api/main-category').set(bearer(admin));
      for (const [name, value] of Object.entries(fields)) req.field(name, value);
      return req;
    };

    it('is empty (not counted) unless set, and is kept, changed or cleared by an edit', async () => {
      const plain = await post({ title: 'Neem Comb' });
      expect(plain.status).toBe(201);
      expect(plain.body.stock).toBeNull();
      const counted = await post({ title: 'Amla Oil', stock: '12' });
      expect(counted.body.stock).toBe(12);
      const id = counted.body._id as string;
      const renamed = await ctx.http.put(`/api/main-category/${id}`).set(bearer(admin)).field('title', 'Amla Hair Oil');
      expect(renamed.body.stock).toBe(12);
      const emptied = await ctx.http
        .put(`/api/main-category/${id}`)
        .set(bearer(admin))
        .field('title', 'Amla Hair Oil')
        .field('stock', '0');
      expect(emptied.body.stock).toBe(0);
      const cleared = await ctx.http
        .put(`/api/main-category/${id}`)
        .set(bearer(admin))
        .field('title', 'Amla Hair Oil')
        .field('stock', '');
      expect(cleared.body.stock).toBeNull();
      const listed = (await ctx.http.get('/api/main-category')).body as Product[];
      expect(listed.find((p) => p._id === id)?.stock).toBeNull();
    });

    it.each([['-1'], ['2.5'], ['ten'], ['1234567890']])('refuses a stock of "%s"', async (stock) => {
      const res = await post({ title: 'Bad Stock', stock });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.invalidStock);
      expect(await MainCategory.countDocuments({ title: 'Bad Stock' })).toBe(0);
    });
  });

  describe('taking and giving back', () => {
    it('a cash-on-delivery order takes its units, and cancelling puts them back', async () => {
      const oil = await product('Bhringraj Oil', 4);
      const shopper = await signUpCustomer(ctx);
      await addToCart(shopper, oil._id, 3);
      const { order } = (await placeCod(shopper).expect(201)).body as { order: OrderDto };
      expect(await stockOf(oil._id)).toBe(1);
      await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token)).expect(200);
      expect(await stockOf(oil._id)).toBe(4);
      // A second cancel answers the same order and gives nothing back twice.
      await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(admin)).expect(200);
      expect(await stockOf(oil._id)).toBe(4);
    });

    it('a paid order takes its units when the payment arrives, and a cancellation puts them back', async () => {
      const oil = await product('Hibiscus Oil', 5);
      const shopper = await signUpCustomer(ctx);
      await addToCart(shopper, oil._id, 2);
      const paid = await payOnline(shopper);
      expect(await stockOf(oil._id)).toBe(5);
      const verified = await verify(shopper, paid);
      expect(verified.status).toBe(200);
      expect(await stockOf(oil._id)).toBe(3);
      await ctx.http.post(`/api/orders/${verified.body.order._id}/cancel`).set(bearer(admin)).expect(200);
      expect(await stockOf(oil._id)).toBe(5);
    });

    it('never runs short on a product whose stock is not counted', async () => {
      const comb = await product('Neem Wood Comb', null);
      const shopper = await signUpCustomer(ctx);
      await addToCart(shopper, comb._id, 10);
      expect((await placeCod(shopper)).status).toBe(201);
      expect(await stockOf(comb._id)).toBeNull();
    });

    it('takes nothing from any line when one line is short', async () => {
      const plenty = await product('Amla Powder', 10);
      const scarce = await product('Brahmi Oil', 1);
      const shopper = await signUpCustomer(ctx);
      await addToCart(shopper, plenty._id, 4);
      await addToCart(shopper, scarce._id, 1);
      await MainCategory.updateOne({ _id: scarce._id }, { $set: { stock: 0 } });
      const res = await placeCod(shopper);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MESSAGES.outOfStock);
      expect(await stockOf(plenty._id)).toBe(10);
      expect(await Order.countDocuments({ userId: shopper.userId })).toBe(0);
      expect((await ctx.http.get('/api/cart/cart').set(bearer(shopper.token))).body.cartCount).toBe(5);
    });

    it('refuses to start a payment for a line that is already out of stock', async () => {
      const gone = await product('Shikakai Shampoo', 0);
      const shopper = await signUpCustomer(ctx);
      await addToCart(shopper, gone._id);
      const res = await ctx.http.post('/api/payment/create-order').set(bearer(shopper.token)).send({ address: RAJKOT });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MESSAGES.outOfStock);
      expect(await PendingCheckout.countDocuments({ userId: shopper.userId })).toBe(0);
    });
  });

  describe('the last units', () => {
    it('20 shoppers paying for the last 5 at once: exactly 5 orders, 15 payments refunded and told so', async () => {
      const oil = await product('Last Batch Oil', 5, 39900);
      const shoppers = await Promise.all(Array.from({ length: 20 }, () => signUpCustomer(ctx)));
      for (const shopper of shoppers) await addToCart(shopper, oil._id);
      const payments: Awaited<ReturnType<typeof payOnline>>[] = [];
      for (const shopper of shoppers) payments.push(await payOnline(shopper));

      const answers = await Promise.all(shoppers.map((shopper, i) => verify(shopper, payments[i]!)));

      const placed = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status !== 200);
      expect(placed).toHaveLength(5);
      expect(refused.map((a) => a.status)).toEqual(Array(15).fill(409));
      for (const answer of refused) {
        expect(answer.body).toMatchObject({ success: false, message: MESSAGES.soldOutRefunded });
      }
      expect(await Order.countDocuments({ 'products.productId': oil._id })).toBe(5);
      expect(await stockOf(oil._id)).toBe(0);
      expect(refunds).toHaveLength(15);
      expect(refunds.every((r) => r.amountPaise === 39900)).toBe(true);
      const refundedIds = new Set(refunds.map((r) => r.paymentId));
      const soldOut = await PendingCheckout.find({ status: 'soldOut' }).lean();
      expect(soldOut.filter((c) => refundedIds.has(c.paymentId!))).toHaveLength(15);
      expect(soldOut.every((c) => c.refund?.status === 'processed')).toBe(true);
      // The refused shoppers keep their cart, so they can see what is gone.
      const refusedShopper = shoppers[answers.findIndex((a) => a.status === 409)]!;
      expect((await ctx.http.get('/api/cart/cart').set(bearer(refusedShopper.token))).body.cartCount).toBe(1);
      // Each refunded shopper is told once by mail, with what they paid; the five who got the oil are not.
      for (const [i, shopper] of shoppers.entries()) {
        const mails = await mailsTo(shopper.email, answers[i]!.status === 409 ? 1 : 0, SOLD_OUT_SUBJECT);
        expect(mails, shopper.email).toHaveLength(answers[i]!.status === 409 ? 1 : 0);
        if (mails[0]) expect(mails[0].text).toContain('Last Batch Oil × 1: ₹399');
      }
    }, 60_000);

    it('answers a sold-out payment the same way again, through verify, POST /api/orders and the webhook', async () => {
      const oil = await product('One Left Oil', 1);
      const [first, second] = [await signUpCustomer(ctx), await signUpCustomer(ctx)];
      await addToCart(first, oil._id);
      await addToCart(second, oil._id);
      const firstPaid = await payOnline(first);
      const secondPaid = await payOnline(second);
      expect((await verify(first, firstPaid)).status).toBe(200);
      expect((await verify(second, secondPaid)).status).toBe(409);

      const again = await verify(second, secondPaid);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MESSAGES.soldOutRefunded);
      const orders = await ctx.http.post('/api/orders').set(bearer(second.token)).send({});
      expect(orders.status).toBe(409);
      expect(orders.body.error).toBe(MESSAGES.soldOutRefunded);
      expect((await paymentCaptured(secondPaid, 25000)).status).toBe(200);
      expect(refunds).toHaveLength(1);
      expect(await Order.countDocuments({ 'products.productId': oil._id })).toBe(1);
      // Told once, however many times the payment was reported.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await mailsTo(second.email, 1, SOLD_OUT_SUBJECT)).toHaveLength(1);
    });

    it("tells a shopper whose browser closed after paying, by mail in the store's language, when the webhook finds the line sold out", async () => {
      const oil = await product('Webhook Oil', 1, 45000);
      const [first, second] = [await signUpCustomer(ctx), await signUpCustomer(ctx)];
      await addToCart(first, oil._id);
      await addToCart(second, oil._id);
      const secondPaid = await payOnline(second, 'hi');
      expect((await verify(first, await payOnline(first))).status).toBe(200);
      // Razorpay's webhook is all that arrives for the second shopper: no verify, no POST /api/orders.
      expect((await paymentCaptured(secondPaid, 45000)).status).toBe(200);
      expect(refunds).toEqual([{ paymentId: secondPaid.razorpay_payment_id, amountPaise: 45000 }]);
      const [mail] = await mailsTo(second.email, 1);
      expect(mail?.subject).toBe('आपके Kesh Ayurveda भुगतान का रिफ़ंड किया जा रहा है');
      expect(mail?.text).toContain('Webhook Oil × 1: ₹450');
      expect(mail?.text).toContain('पूरे ₹450 5-7 कार्यदिवसों में');
      expect(await Order.countDocuments({ userId: second.userId })).toBe(0);
    });

    it('tells the shop when the automatic refund of a sold-out payment fails, and still tells the shopper', async () => {
      const oil = await product('Unrefunded Oil', 1);
      const [first, second] = [await signUpCustomer(ctx), await signUpCustomer(ctx)];
      await addToCart(first, oil._id);
      await addToCart(second, oil._id);
      const secondPaid = await payOnline(second);
      expect((await verify(first, await payOnline(first))).status).toBe(200);
      gateway.answer = 'refused';
      const answer = await verify(second, secondPaid);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(MESSAGES.soldOutRefunded);
      const checkout = await PendingCheckout.findOne({ razorpayOrderId: secondPaid.razorpay_order_id }).lean();
      expect(checkout?.refund?.status).toBe('failed');
      const shopMails = await mailsTo(
        ctx.deps.config.shopNotifyEmail,
        1,
        `Refund of a sold-out payment failed (${secondPaid.razorpay_payment_id})`,
      );
      expect(shopMails).toHaveLength(1);
      expect(shopMails[0]!.text).toContain('Refund it from the Razorpay dashboard');
      expect(await mailsTo(second.email, 1, SOLD_OUT_SUBJECT)).toHaveLength(1);
    });
  });

  describe('GET /api/admin/low-stock', () => {
    it('lists the counted products with 5 or fewer left, fewest first', async () => {
      await MainCategory.deleteMany({});
      await product('Plenty Oil', 6);
      await product('Five Left Oil', 5);
      await product('Sold Out Oil', 0);
      await product('Uncounted Oil', null);
      const res = await ctx.http.get('/api/admin/low-stock').set(bearer(admin));
      expect(res.status).toBe(200);
      expect(res.body.map((p: { title: string; stock: number }) => [p.title, p.stock])).toEqual([
        ['Sold Out Oil', 0],
        ['Five Left Oil', 5],
      ]);
    });

    it("is the owner's alone", async () => {
      await expectAdminOnly(ctx, 'get', '/api/admin/low-stock');
    });
  });
});
