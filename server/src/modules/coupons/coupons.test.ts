import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_REFUSAL_TEXTS, COUPON_TEXTS, MESSAGES, type CouponBody } from '@kesh/shared';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { clearCouponsAndOrders } from '../../test/half-coupon-shop.js';
import { bufferBody, pdfText } from '../../test/pdf.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from '../orders/order.model.js';
import { PendingCheckout } from '../payments/checkout.model.js';
import { Coupon, CouponRedemption } from './coupon.model.js';
import { COUPON_RESERVATION_MS } from './service.js';

const RAJKOT = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const MISSING_ID = '64b0000000000000000000cc';
type Shopper = Awaited<ReturnType<typeof signUpCustomer>>;

describe('coupons', () => {
  let ctx: TestContext;
  let admin: string;
  let oilId: string;
  const clock = { now: new Date('2026-11-20T06:00:00.000Z') };

  beforeAll(async () => {
    ctx = await startTestApp({}, { now: () => new Date(clock.now) });
    admin = (await createAdminToken(ctx)).token;
    // ₹499 a bottle.
    oilId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900 }))._id);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    clock.now = new Date('2026-11-20T06:00:00.000Z');
    await clearCouponsAndOrders();
  });

  const SAVE10: CouponBody = { code: 'save10', kind: 'percent', percentOff: 10 };
  const addCoupon = (body: Partial<CouponBody> = {}) =>
    ctx.http
      .post('/api/admin/coupons')
      .set(bearer(admin))
      .send({ ...SAVE10, ...body });

  async function shopperWithCart(bottles = 2): Promise<Shopper> {
    const shopper = await signUpCustomer(ctx);
    const add = await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: oilId, quantity: bottles });
    expect(add.status).toBe(200);
    return shopper;
  }
  const apply = (shopper: Shopper, code: string) =>
    ctx.http.post('/api/coupons/apply').set(bearer(shopper.token)).send({ code });
  const createOrder = (shopper: Shopper, couponCode?: string) =>
    ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: RAJKOT, ...(couponCode ? { couponCode } : {}) });
  async function pay(shopper: Shopper, razorpayOrderId: string) {
    const paid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: razorpayOrderId });
    return ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid.body);
  }
  const usedCount = async () => (await Coupon.findOne({ code: 'SAVE10' }).lean())?.usedCount;

  describe('the owner’s coupons (/api/admin/coupons)', () => {
    it('refuses every call without a valid admin token', async () => {
      await expectAdminOnly(ctx, 'get', '/api/admin/coupons');
      await expectAdminOnly(ctx, 'post', '/api/admin/coupons');
      await expectAdminOnly(ctx, 'put', `/api/admin/coupons/${MISSING_ID}`);
      await expectAdminOnly(ctx, 'delete', `/api/admin/coupons/${MISSING_ID}`);
      expect(await Coupon.countDocuments()).toBe(0);
    });

    it('creates, lists, edits and deletes a coupon, the code upper-cased and money in paise', async () => {
      const created = await addCoupon({
        minOrderPaise: 50000,
        startsAt: '2026-11-01T00:00:00+05:30',
        endsAt: '2026-12-31T23:59:59+05:30',
        totalUses: 100,
        usesPerCustomer: 2,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        code: 'SAVE10',
        kind: 'percent',
        percentOff: 10,
        flatOffPaise: null,
        minOrderPaise: 50000,
        startsAt: '2026-10-31T18:30:00.000Z',
        endsAt: '2026-12-31T18:29:59.000Z',
        totalUses: 100,
        usesPerCustomer: 2,
        usedCount: 0,
        heldCount: 0,
        active: true,
        message: COUPON_TEXTS.saved('SAVE10', 'added'),
      });
      const list = await ctx.http.get('/api/admin/coupons').set(bearer(admin));
      expect(list.body.map((c: { code: string }) => c.code)).toEqual(['SAVE10']);

      const edited = await ctx.http
        .put(`/api/admin/coupons/${created.body._id}`)
        .set(bearer(admin))
        .send({ code: 'SAVE10', kind: 'flat', flatOffPaise: 5000, active: false, percentOff: 10 });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ kind: 'flat', flatOffPaise: 5000, percentOff: null, active: false });
      expect(edited.body.message).toBe(COUPON_TEXTS.saved('SAVE10', 'updated'));

      const removed = await ctx.http.delete(`/api/admin/coupons/${created.body._id}`).set(bearer(admin));
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe(COUPON_TEXTS.saved('SAVE10', 'deleted'));
      expect(await Coupon.countDocuments()).toBe(0);
    });

    it('refuses a code that exists already, in any letter case (409)', async () => {
      expect((await addCoupon()).status).toBe(201);
      const again = await addCoupon({ code: ' Save10 ' });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(COUPON_TEXTS.codeTaken);
    });

    it('answers 404 for an unknown coupon and 400 for a malformed id', async () => {
      const put = await ctx.http.put(`/api/admin/coupons/${MISSING_ID}`).set(bearer(admin)).send(SAVE10);
      expect(put.status).toBe(404);
      expect(put.body.error).toBe(COUPON_TEXTS.notFound);
      const del = await ctx.http.delete('/api/admin/coupons/nope').set(bearer(admin));
      expect(del.status).toBe(400);
      expect(del.body.error).toBe(COUPON_TEXTS.invalidId);
    });

    it.each([
      [{ code: 'ab' }, COUPON_TEXTS.codeInvalid],
      [{ code: 'SAVE 10' }, COUPON_TEXTS.codeInvalid],
      [{ kind: 'bogo' }, COUPON_TEXTS.kindInvalid],
      [{ percentOff: null }, COUPON_TEXTS.percentInvalid],
      [{ percentOff: 101 }, COUPON_TEXTS.percentInvalid],
      [{ percentOff: 2.5 }, COUPON_TEXTS.percentInvalid],
      [{ kind: 'flat', percentOff: null }, COUPON_TEXTS.flatInvalid],
      [{ kind: 'flat', flatOffPaise: 0 }, COUPON_TEXTS.flatInvalid],
      [{ minOrderPaise: -1 }, COUPON_TEXTS.minOrderInvalid],
      [{ startsAt: 'tomorrow' }, COUPON_TEXTS.datesInvalid],
      [{ startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, COUPON_TEXTS.datesInvalid],
      [{ totalUses: 0 }, COUPON_TEXTS.usesInvalid],
      [{ usesPerCustomer: 0 }, COUPON_TEXTS.usesInvalid],
      [{ active: 'yes' }, COUPON_TEXTS.activeInvalid],
    ] as [Partial<CouponBody>, string][])('refuses %j with its message', async (body, message) => {
      const res = await addCoupon(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(await Coupon.countDocuments()).toBe(0);
    });
  });

  describe('applying a code on /shipping (/api/coupons/apply)', () => {
    it('needs a signed-in shopper and a cart', async () => {
      const none = await ctx.http.post('/api/coupons/apply').send({ code: 'SAVE10' });
      expect(none.status).toBe(401);
      const empty = await signUpCustomer(ctx);
      await addCoupon();
      const res = await apply(empty, 'SAVE10');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.cartEmpty);
    });

    it('quotes the discount on the server-side cart, percent rounded down, flat at most the subtotal', async () => {
      await addCoupon();
      const shopper = await shopperWithCart(3); // ₹1,497
      const res = await apply(shopper, ' save10 ');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        code: 'SAVE10',
        subtotalPaise: 149700,
        discountPaise: 14970,
        totalPaise: 134730,
        message: COUPON_TEXTS.applied,
      });
      await addCoupon({ code: 'BIG', kind: 'flat', flatOffPaise: 500000 });
      expect((await apply(shopper, 'big')).body).toMatchObject({ discountPaise: 149700, totalPaise: 0 });
      // A quote holds nothing.
      expect(await usedCount()).toBe(0);
    });

    it('gives each refusal its own message', async () => {
      const shopper = await shopperWithCart(1); // ₹499
      const refusal = async (code: string) => {
        const res = await apply(shopper, code);
        expect(res.status, code).toBe(400);
        return res.body as { error: string; reason: string };
      };
      expect(await refusal('NOPE')).toMatchObject({ error: COUPON_REFUSAL_TEXTS.unknown, reason: 'unknown' });
      expect(await refusal('')).toMatchObject({ error: COUPON_REFUSAL_TEXTS.unknown });
      await addCoupon({ code: 'PAUSED', active: false });
      expect(await refusal('PAUSED')).toMatchObject({ reason: 'unknown' });
      await addCoupon({ code: 'LATER', startsAt: '2026-12-01T00:00:00+05:30' });
      expect(await refusal('LATER')).toMatchObject({ error: COUPON_REFUSAL_TEXTS.notYetValid, reason: 'notYetValid' });
      await addCoupon({ code: 'DIWALI', endsAt: '2026-11-15T00:00:00+05:30' });
      expect(await refusal('DIWALI')).toMatchObject({ error: COUPON_REFUSAL_TEXTS.expired, reason: 'expired' });
      await addCoupon({ code: 'BIGBASKET', minOrderPaise: 99900 });
      expect(await refusal('BIGBASKET')).toMatchObject({
        error: 'This coupon needs an order of at least ₹999.',
        reason: 'belowMinimum',
        minOrderPaise: 99900,
      });
      await addCoupon({ code: 'GONE', totalUses: 1 });
      await Coupon.updateOne({ code: 'GONE' }, { $set: { usedCount: 1 } });
      expect(await refusal('GONE')).toMatchObject({ error: COUPON_REFUSAL_TEXTS.usedUp, reason: 'usedUp' });
    });

    it('says "already used" to a shopper who used up their own uses', async () => {
      await addCoupon();
      const shopper = await shopperWithCart();
      const order = await createOrder(shopper, 'SAVE10');
      expect((await pay(shopper, order.body.id)).status).toBe(200);
      await ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send({ productId: oilId });
      const again = await apply(shopper, 'SAVE10');
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ error: COUPON_REFUSAL_TEXTS.alreadyUsed, reason: 'alreadyUsed' });
      const orderAgain = await createOrder(shopper, 'SAVE10');
      expect(orderAgain.status).toBe(400);
      expect(orderAgain.body.error).toBe(COUPON_REFUSAL_TEXTS.alreadyUsed);
    });
  });

  describe('paying with a coupon', () => {
    it('charges the discounted total, records coupon and discountPaise on the order, counts one use', async () => {
      await addCoupon();
      const shopper = await shopperWithCart(2); // ₹998
      const created = await createOrder(shopper, 'save10');
      expect(created.status).toBe(200);
      expect(created.body.amount).toBe(89820);
      expect(await usedCount()).toBe(1);
      // The owner sees the use as held by a payment under way until the order exists.
      const listed = async () => (await ctx.http.get('/api/admin/coupons').set(bearer(admin))).body[0];
      expect(await listed()).toMatchObject({ code: 'SAVE10', usedCount: 1, heldCount: 1 });

      const verified = await pay(shopper, created.body.id);
      expect(verified.status).toBe(200);
      expect(verified.body.order).toMatchObject({
        totalAmount: 898.2,
        coupon: 'SAVE10',
        discountPaise: 9980,
        discount: 99.8,
      });
      const stored = await Order.findById(verified.body.order._id).lean();
      expect(stored).toMatchObject({ coupon: 'SAVE10', discountPaise: 9980, totalPaise: 89820 });
      expect(await CouponRedemption.find().lean()).toMatchObject([{ status: 'redeemed', orderId: stored!._id }]);
      expect(await usedCount()).toBe(1);
      expect(await listed()).toMatchObject({ usedCount: 1, heldCount: 0 });
    });

    it('ignores the amount the browser sends: only the server prices the discount', async () => {
      await addCoupon();
      const shopper = await shopperWithCart(1);
      const res = await ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: RAJKOT, couponCode: 'SAVE10', amount: 100 });
      expect(res.body.amount).toBe(44910);
    });

    it('refuses a coupon at create-order with the same messages, holding nothing', async () => {
      const shopper = await shopperWithCart(1);
      const res = await createOrder(shopper, 'NOPE');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(COUPON_REFUSAL_TEXTS.unknown);
      expect(await PendingCheckout.countDocuments()).toBe(0);
    });

    it('a coupon with 1 use left, paid for by 10 shoppers at once, is redeemed once', async () => {
      await addCoupon({ totalUses: 1 });
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => shopperWithCart(1)));
      const answers = await Promise.all(shoppers.map((s) => createOrder(s, 'SAVE10')));
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((a) => a.status !== 200)) {
        expect(lost.status).toBe(400);
        expect(lost.body.error).toBe(COUPON_REFUSAL_TEXTS.usedUp);
      }
      expect(await usedCount()).toBe(1);
      expect(await CouponRedemption.countDocuments()).toBe(1);
      const winner = shoppers[answers.indexOf(won[0]!)]!;
      expect((await pay(winner, won[0]!.body.id)).body.order.coupon).toBe('SAVE10');
      expect(await usedCount()).toBe(1);
    });

    it('one shopper racing themselves holds one use (uses per customer 1)', async () => {
      await addCoupon({ totalUses: 50 });
      const shopper = await shopperWithCart(1);
      const answers = await Promise.all(Array.from({ length: 5 }, () => createOrder(shopper, 'SAVE10')));
      for (const a of answers) {
        if (a.status !== 200) expect(a.body.error).toBe(COUPON_REFUSAL_TEXTS.heldByPayment);
      }
      expect(await usedCount()).toBe(1);
      expect(await CouponRedemption.countDocuments()).toBe(1);
    });

    it('lets a shopper reopen the payment with the same coupon without using it twice', async () => {
      await addCoupon({ totalUses: 1 });
      const shopper = await shopperWithCart(1);
      const first = await createOrder(shopper, 'SAVE10');
      expect(first.status).toBe(200);
      const second = await createOrder(shopper, 'SAVE10');
      expect(second.status).toBe(200);
      expect(second.body.id).toBe(first.body.id);
      expect((await pay(shopper, second.body.id)).body.order.discountPaise).toBe(4990);
      expect(await usedCount()).toBe(1);
    });

    it(`gives an unpaid hold back after ${COUPON_RESERVATION_MS / 60000} minutes`, async () => {
      await addCoupon({ totalUses: 1 });
      const [asha, ravi] = await Promise.all([shopperWithCart(1), shopperWithCart(1)]);
      expect((await createOrder(asha, 'SAVE10')).status).toBe(200);
      expect((await createOrder(ravi, 'SAVE10')).body.error).toBe(COUPON_REFUSAL_TEXTS.usedUp);
      clock.now = new Date(clock.now.getTime() + COUPON_RESERVATION_MS + 1000);
      const later = await createOrder(ravi, 'SAVE10');
      expect(later.status).toBe(200);
      expect(await usedCount()).toBe(1);
    });

    it('gives the use back when the payment provider cannot open the payment', async () => {
      await addCoupon({ totalUses: 1 });
      const shopper = await shopperWithCart(1);
      const createProviderOrder = ctx.deps.payments.createOrder;
      ctx.deps.payments.createOrder = () => Promise.reject(new Error('provider down'));
      try {
        expect((await createOrder(shopper, 'SAVE10')).status).toBe(502);
      } finally {
        ctx.deps.payments.createOrder = createProviderOrder;
      }
      expect(await usedCount()).toBe(0);
      expect((await createOrder(shopper, 'SAVE10')).status).toBe(200);
    });

    it('gives the use back when the order is cancelled, once however often it is cancelled', async () => {
      await addCoupon({ totalUses: 1 });
      const shopper = await shopperWithCart(1);
      const order = (await pay(shopper, (await createOrder(shopper, 'SAVE10')).body.id)).body.order;
      const cancels = await Promise.all(
        [1, 2, 3].map(() => ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token))),
      );
      expect(cancels.map((c) => c.status)).toEqual([200, 200, 200]);
      expect(cancels[0]!.body.order.refund.amountPaise).toBe(44910);
      expect(await usedCount()).toBe(0);
      await ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send({ productId: oilId });
      expect((await apply(shopper, 'SAVE10')).status).toBe(200);
    });

    it('shows the coupon and its discount on the invoice, each line taxed after its share', async () => {
      await addCoupon();
      const shopper = await shopperWithCart(2);
      const order = (await pay(shopper, (await createOrder(shopper, 'SAVE10')).body.id)).body.order;
      const pdf = await ctx.http
        .get(`/api/orders/${order._id}/invoice`)
        .set(bearer(shopper.token))
        .buffer(true)
        .parse(bufferBody);
      expect(pdf.status).toBe(200);
      const text = await pdfText(pdf.body as Buffer);
      expect(text).toContain('Value before discount: ₹998.00');
      expect(text).toContain('Coupon SAVE10: −₹99.80');
      // 898.20 including 18 % GST: taxable 761.19, tax 137.01 split CGST/SGST (Rajkot is in Gujarat).
      expect(text).toContain('Taxable value: ₹761.19');
      expect(text).toContain('Invoice total: ₹898.20');
    });
  });
});
