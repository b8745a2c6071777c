import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_REFUSAL_TEXTS, MESSAGES, type Order as OrderDto } from '@kesh/shared';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  orderMailsSent,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { MainCategory } from '../catalog/category.model.js';
import { Coupon } from '../coupons/coupon.model.js';
import { refundRecordingGateway } from '../../test/refund-recorder.js';
import { DeliverySettingsRecord } from '../shipping/delivery-settings.model.js';
import { CodSlot } from './cod-slot.model.js';
import { COD_FEE_LINE_TITLE, buildInvoice } from './invoice.js';
import { Order } from './order.model.js';
import type { OrderRecord } from './dto.js';

/** Cash on delivery in 360001-360005 (Rajkot city), online only in the rest of 360 and India. */
const COD_AREAS = {
  servesAllIndia: true,
  etaDays: [3, 7],
  areas: [
    { pins: '360', cod: false, etaDays: [2, 4] },
    { pins: '360001-360005', cod: true, etaDays: [1, 2] },
  ],
  codCapPaise: 500000,
  codFeePaise: 4900,
};
const RAJKOT_COD = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const GONDAL = '3 Station Road, Gondal, Gujarat, India, 360311';
const PUNE = '21 FC Road, Pune, Maharashtra, India, 411004';

type Shopper = Awaited<ReturnType<typeof signUpCustomer>>;

describe('cash on delivery', () => {
  let ctx: TestContext;
  let admin: string;
  let oilId: string;
  const gateway = refundRecordingGateway();

  beforeAll(async () => {
    ctx = await startTestApp({}, { payments: gateway.payments });
    admin = (await createAdminToken(ctx)).token;
    oilId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 60000 }))._id);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    gateway.reset();
    await DeliverySettingsRecord.deleteMany({});
    await ctx.http.put('/api/admin/delivery').set(bearer(admin)).send(COD_AREAS).expect(200);
  });

  async function shopperWithCart(quantity = 1, productId = oilId): Promise<Shopper> {
    const shopper = await signUpCustomer(ctx);
    await addToCart(shopper, quantity, productId);
    return shopper;
  }
  const addToCart = (shopper: Shopper, quantity: number, productId = oilId) =>
    ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send({ productId, quantity }).expect(200);
  const placeCod = (shopper: Shopper, body: Record<string, unknown> = { address: RAJKOT_COD }) =>
    ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send(body);
  const cartCount = async (shopper: Shopper) =>
    (await ctx.http.get('/api/cart/cart').set(bearer(shopper.token))).body.cartCount as number;
  const setStatus = (id: string, status: string) =>
    ctx.http.put(`/api/orders/${id}/status`).set(bearer(admin)).send({ status });
  const markPaid = (id: string, token = admin) => ctx.http.put(`/api/orders/${id}/paid`).set(bearer(token));

  describe('POST /api/orders/cod', () => {
    it('places the order from the server-side cart, adds the fee, clears the cart and mails both sides', async () => {
      const shopper = await shopperWithCart(2);
      await orderMailsSent();
      const outboxBefore = ctx.deps.mailer.outbox.length;
      const res = await placeCod(shopper, { address: RAJKOT_COD, products: [], totalAmount: 1 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ success: true, message: MESSAGES.orderPlaced });
      const order = res.body.order as OrderDto;
      expect(order).toMatchObject({
        status: 'Processing',
        paymentMethod: 'cod',
        razorpayOrderId: null,
        razorpayPaymentId: null,
        paidAt: null,
        codFee: 49,
        totalAmount: 1249,
        userDetails: { address: RAJKOT_COD },
        refund: null,
        cancellation: { refundPaise: 0, feePaise: 0 },
      });
      expect(order.products).toMatchObject([{ title: 'Bhringraj Oil', quantity: 2, price: 600 }]);
      expect(await cartCount(shopper)).toBe(0);
      await orderMailsSent();
      const mails = ctx.deps.mailer.outbox.slice(outboxBefore);
      expect(mails).toHaveLength(2);
      expect(mails.find((m) => m.to === shopper.email)?.text).toContain(
        'Cash on delivery: please keep ₹1,249 ready for the courier.',
      );
      expect(mails.find((m) => m.to !== shopper.email)?.text).toContain('Payment: Cash on delivery');
    });

    it('uses the saved address when the body has none', async () => {
      const shopper = await shopperWithCart();
      await ctx.http.post('/api/auth/add-address').set(bearer(shopper.token)).send({ address: RAJKOT_COD }).expect(200);
      const res = await placeCod(shopper, {});
      expect(res.status).toBe(201);
      expect(res.body.order.userDetails.address).toBe(RAJKOT_COD);
    });

    it('puts the fee on the invoice as a courier service line', async () => {
      const shopper = await shopperWithCart();
      const { order } = (await placeCod(shopper).expect(201)).body as { order: OrderDto };
      const stored = (await Order.findById(order._id).lean<OrderRecord>())!;
      const invoice = buildInvoice(stored, 'INV/2026-27/000001', ctx.config.invoice);
      expect(invoice.paymentId).toBe('Cash on delivery');
      expect(invoice.lines.map((l) => [l.title, l.hsnCode, l.totalPaise])).toEqual([
        ['Bhringraj Oil', '3305', 60000],
        [COD_FEE_LINE_TITLE, '9968', 4900],
      ]);
      expect(invoice.totals.totalPaise).toBe(64900);
      const pdf = await ctx.http.get(`/api/orders/${order._id}/invoice`).set(bearer(shopper.token));
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
    });

    it('is refused for an empty cart and without an address', async () => {
      const empty = await signUpCustomer(ctx);
      const none = await placeCod(empty);
      expect(none.status).toBe(400);
      expect(none.body.error).toBe(MESSAGES.cartEmpty);
      const homeless = await shopperWithCart();
      const noAddress = await placeCod(homeless, {});
      expect(noAddress.status).toBe(400);
      expect(noAddress.body.error).toBe(MESSAGES.selectDeliveryAddress);
    });

    it('is refused where the shop does not deliver, and where it delivers but takes no cash', async () => {
      const shopper = await shopperWithCart();
      await ctx.http
        .put('/api/admin/delivery')
        .set(bearer(admin))
        .send({ ...COD_AREAS, servesAllIndia: false })
        .expect(200);
      const pune = await placeCod(shopper, { address: PUNE });
      expect(pune.status).toBe(400);
      expect(pune.body.error).toBe(MESSAGES.pinNotServiceable);
      const gondal = await placeCod(shopper, { address: GONDAL });
      expect(gondal.status).toBe(400);
      expect(gondal.body.error).toBe(MESSAGES.codNotAvailable);
      expect(await Order.countDocuments({ userId: shopper.userId })).toBe(0);
      expect(await cartCount(shopper)).toBe(1);
    });

    it('is refused everywhere with the default settings, which allow cash on delivery nowhere', async () => {
      await DeliverySettingsRecord.deleteMany({});
      const shopper = await shopperWithCart();
      const res = await placeCod(shopper);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.codNotAvailable);
    });

    it("is refused above the owner's cap, the fee included", async () => {
      // ₹600 × 8 = ₹4,800 + ₹49 fee = ₹4,849: under ₹5,000. One more bottle is over.
      const under = await shopperWithCart(8);
      expect((await placeCod(under)).status).toBe(201);
      await ctx.http
        .put('/api/admin/delivery')
        .set(bearer(admin))
        .send({ ...COD_AREAS, codCapPaise: 484800 })
        .expect(200);
      const over = await shopperWithCart(8);
      const res = await placeCod(over);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.codOverCap);
      expect(await cartCount(over)).toBe(8);
    });

    /** With two open, one more line in the cart and its cash-on-delivery order is refused. */
    async function expectThirdRefused(shopper: Awaited<ReturnType<typeof shopperWithCart>>) {
      await addToCart(shopper, 1);
      const third = await placeCod(shopper);
      expect(third.status).toBe(409);
      expect(third.body.error).toBe(MESSAGES.codTooManyOpen);
    }

    it('allows two open orders; a third is refused until one is delivered or cancelled', async () => {
      const shopper = await shopperWithCart();
      const first = (await placeCod(shopper).expect(201)).body.order as OrderDto;
      await addToCart(shopper, 1);
      await placeCod(shopper).expect(201);
      await expectThirdRefused(shopper);
      expect(await cartCount(shopper)).toBe(1);

      await setStatus(first._id, 'Delivered').expect(200);
      const afterDelivery = await placeCod(shopper);
      expect(afterDelivery.status).toBe(201);

      await addToCart(shopper, 1);
      expect((await placeCod(shopper)).status).toBe(409);
      await ctx.http.post(`/api/orders/${afterDelivery.body.order._id}/cancel`).set(bearer(shopper.token)).expect(200);
      expect((await placeCod(shopper)).status).toBe(201);
    });

    it('counts a delivered order again when the owner moves it back, so the shopper stays within two open', async () => {
      const shopper = await shopperWithCart();
      const first = (await placeCod(shopper).expect(201)).body.order as OrderDto;
      await setStatus(first._id, 'Delivered').expect(200);
      expect(await CodSlot.countDocuments({ userId: shopper.userId })).toBe(0);
      // Marked delivered by mistake: back on its way, it holds a slot again.
      await setStatus(first._id, 'Dispatched').expect(200);
      expect(await CodSlot.countDocuments({ orderId: first._id })).toBe(1);
      await addToCart(shopper, 1);
      await placeCod(shopper).expect(201);
      await expectThirdRefused(shopper);
    });

    it('of 5 sent at once by a shopper with none open, places exactly 2', async () => {
      const shopper = await shopperWithCart();
      const answers = await Promise.all(Array.from({ length: 5 }, () => placeCod(shopper)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.status === 409)) {
        expect(refused.body.error).toBe(MESSAGES.codTooManyOpen);
      }
      expect(await Order.countDocuments({ userId: shopper.userId, paymentMethod: 'cod' })).toBe(2);
      expect(await CodSlot.countDocuments({ userId: shopper.userId })).toBe(2);
    });

    it('validates the body and needs a shopper token', async () => {
      const shopper = await shopperWithCart();
      const injected = await placeCod(shopper, { address: { $ne: null } });
      expect(injected.status).toBe(400);
      expect((await ctx.http.post('/api/orders/cod').send({ address: RAJKOT_COD })).status).toBe(401);
      const asAdmin = await ctx.http.post('/api/orders/cod').set(bearer(admin)).send({ address: RAJKOT_COD });
      expect(asAdmin.status).toBe(403);
    });
  });

  describe('with a coupon', () => {
    const addCoupon = (body: Record<string, unknown>) =>
      ctx.http.post('/api/admin/coupons').set(bearer(admin)).send(body).expect(201);
    const usedCount = async (code: string) => (await Coupon.findOne({ code }).lean())?.usedCount;

    it('takes the discount off the goods (not the fee), records it, and gives the use back on cancel', async () => {
      await addCoupon({ code: 'CODTEN', kind: 'percent', percentOff: 10 });
      const shopper = await shopperWithCart(2);
      const res = await placeCod(shopper, { address: RAJKOT_COD, couponCode: 'codten' });
      expect(res.status).toBe(201);
      // ₹1,200 of oil less 10 % (₹120), plus the ₹49 fee.
      expect(res.body.order).toMatchObject({ coupon: 'CODTEN', discountPaise: 12000, codFee: 49, totalAmount: 1129 });
      expect(await usedCount('CODTEN')).toBe(1);
      await ctx.http.post(`/api/orders/${res.body.order._id}/cancel`).set(bearer(shopper.token)).expect(200);
      expect(await usedCount('CODTEN')).toBe(0);
    });

    it('counts the discount against the cap: a cart just over it fits once the coupon applies', async () => {
      await addCoupon({ code: 'FLAT100', kind: 'flat', flatOffPaise: 10000 });
      const shopper = await shopperWithCart(8); // ₹4,800 + ₹49 fee ≤ ₹5,000
      await addToCart(shopper, 1); // ₹5,400 + ₹49: over the cap
      expect((await placeCod(shopper)).body.error).toBe(MESSAGES.codOverCap);
      expect(await usedCount('FLAT100')).toBe(0);
      await ctx.http
        .put('/api/admin/delivery')
        .set(bearer(admin))
        .send({ ...COD_AREAS, codCapPaise: 534900 });
      const res = await placeCod(shopper, { address: RAJKOT_COD, couponCode: 'FLAT100' });
      expect(res.status).toBe(201);
      expect(res.body.order.totalAmount).toBe(5349);
    });

    it("is refused with the coupon's own message, placing nothing and holding no slot", async () => {
      const shopper = await shopperWithCart();
      const res = await placeCod(shopper, { address: RAJKOT_COD, couponCode: 'NOSUCH' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(COUPON_REFUSAL_TEXTS.unknown);
      expect(await Order.countDocuments({ userId: shopper.userId })).toBe(0);
      expect(await CodSlot.countDocuments({ userId: shopper.userId })).toBe(0);
      expect(await cartCount(shopper)).toBe(1);
    });
  });

  describe('cancelling a cash-on-delivery order', () => {
    it('cancels without asking the gateway for any refund and frees the slot', async () => {
      const shopper = await shopperWithCart();
      const { order } = (await placeCod(shopper).expect(201)).body as { order: OrderDto };
      const res = await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token));
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', refund: null, paymentMethod: 'cod' });
      expect(gateway.refunds).toEqual([]);
      expect(await CodSlot.countDocuments({ orderId: order._id })).toBe(0);
      const again = await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(admin));
      expect(again.status).toBe(200);
      expect(again.body.order.refund).toBeNull();
    });
  });

  describe('PUT /api/orders/:id/paid', () => {
    it('records the cash once the order is delivered, and only then', async () => {
      const shopper = await shopperWithCart();
      const { order } = (await placeCod(shopper).expect(201)).body as { order: OrderDto };
      const early = await markPaid(order._id);
      expect(early.status).toBe(409);
      expect(early.body.error).toBe(MESSAGES.codOnlyWhenDelivered);
      await setStatus(order._id, 'Delivered').expect(200);
      const paid = await markPaid(order._id);
      expect(paid.status).toBe(200);
      expect(paid.body.paidAt).toEqual(expect.any(String));
      const again = await markPaid(order._id);
      expect(again.status).toBe(200);
      expect(again.body.paidAt).toBe(paid.body.paidAt);
    });

    it('refuses an online order, an unknown one and a malformed id', async () => {
      const buyer = await signUpCustomer(ctx);
      const online = await buyWithSimulator(ctx, buyer, oilId, 1, RAJKOT_COD);
      const res = await markPaid(online._id);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MESSAGES.notCashOnDelivery);
      expect(online).toMatchObject({ paymentMethod: 'online', codFee: 0, paidAt: online.createdAt });
      const unknown = await markPaid('64b000000000000000000099');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe(MESSAGES.orderNotFound);
      const bad = await markPaid('not-an-id');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe(MESSAGES.invalidOrderId);
    });

    it("is the owner's alone", async () => {
      await expectAdminOnly(ctx, 'put', '/api/orders/64b000000000000000000099/paid');
    });
  });

  describe('sales figures', () => {
    it('count a cash-on-delivery order as revenue once its cash is in', async () => {
      const before = (await ctx.http.get('/api/admin/stats?days=1').set(bearer(admin))).body.totals.revenuePaise;
      const shopper = await shopperWithCart();
      const { order } = (await placeCod(shopper).expect(201)).body as { order: OrderDto };
      const placed = (await ctx.http.get('/api/admin/stats?days=1').set(bearer(admin))).body.totals;
      expect(placed.revenuePaise).toBe(before);
      await setStatus(order._id, 'Delivered').expect(200);
      await markPaid(order._id).expect(200);
      const paid = (await ctx.http.get('/api/admin/stats?days=1').set(bearer(admin))).body.totals;
      expect(paid.revenuePaise).toBe(before + 64900);
      const csv = await ctx.http.get('/api/orders/export.csv').set(bearer(admin));
      expect(csv.text).toContain(`${order._id},`);
      expect(csv.text.split('\n').find((line) => line.startsWith(order._id))).toContain('Cash on delivery');
    });
  });
});
