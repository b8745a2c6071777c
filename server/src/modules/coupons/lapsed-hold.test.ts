import { beforeEach, describe, expect, it } from 'vitest';
import { COUPON_LAPSED_REFUNDED, COUPON_REFUSAL_TEXTS, MESSAGES } from '@kesh/shared';
import { bearer } from '../../test/harness.js';
import { halfCouponShop } from '../../test/half-coupon-shop.js';
import { paymentCapturedWebhook, type Shopper } from '../../test/shop.js';
import { refundRecordingGateway } from '../../test/refund-recorder.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from '../orders/order.model.js';
import { PendingCheckout } from '../payments/checkout.model.js';
import { Coupon, CouponRedemption } from './coupon.model.js';
import { COUPON_RESERVATION_MS } from './service.js';

/**
 * Issue 27's last hole: a Razorpay order cannot be closed from our side, so a payment can complete
 * long after its coupon hold lapsed. If the coupon was used since (by others, or by the shopper's
 * own cash-on-delivery order or new payment), the late payment is refunded in full, once, and no
 * discounted order is placed; if the coupon is still usable, the payment is simply taken.
 */
describe('a payment completed after its coupon hold lapsed', () => {
  const start = new Date('2026-11-20T06:00:00.000Z');
  const clock = { now: start };
  const gateway = refundRecordingGateway();
  const { refunds } = gateway;
  const { shop, addCoupon, addToCart, shopperWithCart, createOrder, placeCod, paidInRazorpay, verify, usedCount } =
    halfCouponShop({ payments: gateway.payments, now: () => new Date(clock.now) });
  beforeEach(() => {
    clock.now = start;
    gateway.reset();
  });

  const placeOrder = (shopper: Shopper, paid: { razorpay_order_id: string; razorpay_payment_id: string }) =>
    shop.ctx.http.post('/api/orders').set(bearer(shopper.token)).send({
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
    });
  const webhook = (paid: { razorpay_order_id: string; razorpay_payment_id: string }, amountPaise: number) =>
    paymentCapturedWebhook(shop.ctx, paid, amountPaise);
  const laterThanTheHold = () => {
    clock.now = new Date(clock.now.getTime() + COUPON_RESERVATION_MS + 1000);
  };
  const ordersOf = (shopper: Shopper) => Order.find({ userId: shopper.userId }).lean();
  const refundMailsTo = (shopper: Shopper) =>
    shop.ctx.deps.mailer.outbox.filter(
      (m) => m.to === shopper.email && m.subject.endsWith('payment is being refunded'),
    );

  it("is refunded in full when another shopper took the coupon's last use meanwhile", async () => {
    await addCoupon(1);
    const [asha, ravi] = await Promise.all([shopperWithCart(), shopperWithCart()]);
    const late = await createOrder(asha);
    expect(late.body.amount).toBe(5000);
    laterThanTheHold();
    const ravis = await createOrder(ravi);
    expect(ravis.status).toBe(200);

    const paid = await paidInRazorpay(late.body.id);
    const answer = await verify(asha, paid);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, message: COUPON_LAPSED_REFUNDED });
    expect(refunds).toEqual([{ paymentId: paid.razorpay_payment_id, amountPaise: 5000 }]);
    expect(await ordersOf(asha)).toHaveLength(0);
    const checkout = await PendingCheckout.findOne({ razorpayOrderId: late.body.id }).lean();
    expect(checkout).toMatchObject({ refundReason: 'couponLapsed', refund: { amountPaise: 5000 } });

    // Ravi's payment keeps the one use.
    expect((await verify(ravi, await paidInRazorpay(ravis.body.id))).body.order).toMatchObject({ coupon: 'HALF' });
    expect(await usedCount()).toBe(1);
    await expect.poll(() => refundMailsTo(asha).length).toBe(1);
    expect(refundMailsTo(asha)[0]!.text).toContain('coupon');
  });

  it('is refunded when the shopper used the coupon for cash on delivery after the hold lapsed', async () => {
    await addCoupon(1);
    const shopper = await shopperWithCart();
    const online = await createOrder(shopper);
    laterThanTheHold();
    expect((await placeCod(shopper)).status).toBe(201);

    const paid = await paidInRazorpay(online.body.id);
    expect((await verify(shopper, paid)).body.message).toBe(COUPON_LAPSED_REFUNDED);
    // POST /api/orders, the spec's second call, answers the same and refunds nothing more.
    const again = await placeOrder(shopper, paid);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COUPON_LAPSED_REFUNDED);
    expect((await webhook(paid, 5000)).status).toBe(200);
    expect(refunds).toHaveLength(1);
    const orders = await ordersOf(shopper);
    expect(orders.map((o) => [o.paymentMethod, o.coupon])).toEqual([['cod', 'HALF']]);
    expect(await usedCount()).toBe(1);
  });

  it('is taken when nobody used the coupon meanwhile', async () => {
    await addCoupon(1);
    const shopper = await shopperWithCart();
    const online = await createOrder(shopper);
    laterThanTheHold();
    const answer = await verify(shopper, await paidInRazorpay(online.body.id));
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ coupon: 'HALF', discountPaise: 5000 });
    expect(refunds).toHaveLength(0);
    expect(await usedCount()).toBe(1);
  });

  it('is taken, counting a new use, when its lapsed hold went back but uses are left', async () => {
    await addCoupon(2);
    const [asha, ravi] = await Promise.all([shopperWithCart(), shopperWithCart()]);
    const late = await createOrder(asha);
    laterThanTheHold();
    // Ravi's coupon check gives Asha's lapsed hold back; one use is still left for her.
    expect((await createOrder(ravi)).status).toBe(200);
    const paid = await paidInRazorpay(late.body.id);
    // Whichever of them places the order confirms the fresh use, not the hold that went back.
    const [answer] = await Promise.all([verify(asha, paid), webhook(paid, 5000), verify(asha, paid)]);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({ coupon: 'HALF', discountPaise: 5000 });
    expect(await usedCount()).toBe(2);
    const ashas = await CouponRedemption.find({ userId: asha.userId }).lean();
    expect(ashas.map((r) => r.status)).toEqual(['redeemed']);
  });

  it('a new payment and the lapsed payment arriving at once: one discounted order, at most one refund', async () => {
    await addCoupon(1);
    for (let round = 0; round < 4; round++) {
      await Promise.all([Order.deleteMany({}), PendingCheckout.deleteMany({}), CouponRedemption.deleteMany({})]);
      await Coupon.updateOne({ code: 'HALF' }, { $set: { usedCount: 0 } });
      refunds.length = 0;
      clock.now = start;
      const shopper = await shopperWithCart();
      const first = await createOrder(shopper);
      laterThanTheHold();
      const paid = await paidInRazorpay(first.body.id);
      const [second, ...completions] = await Promise.all([
        createOrder(shopper),
        webhook(paid, 5000),
        verify(shopper, paid),
        webhook(paid, 5000),
      ]);
      expect(completions.map((c) => c.status)).toContain(200);
      if (second.status === 200) {
        // The new payment took the use: it is a payment of its own, and the late one went back.
        expect(second.body.id).not.toBe(first.body.id);
        expect((await verify(shopper, await paidInRazorpay(second.body.id))).status).toBe(200);
      } else {
        expect(second.status).toBe(400);
      }
      // The late payment became an order or went back, exactly once; never two discounted orders.
      const lateOrders = await Order.countDocuments({ razorpayOrderId: first.body.id });
      expect(lateOrders + refunds.length).toBe(1);
      if (second.status === 200) expect(refunds).toEqual([{ paymentId: paid.razorpay_payment_id, amountPaise: 5000 }]);
      const discounted = await Order.countDocuments({ userId: shopper.userId, coupon: 'HALF' });
      expect(discounted).toBeLessThanOrEqual(1);
      expect(await usedCount()).toBe(discounted);
    }
  });

  it('verify, POST /api/orders and webhooks at once refund the late payment once', async () => {
    await addCoupon(1);
    const [asha, ravi] = await Promise.all([shopperWithCart(), shopperWithCart()]);
    const late = await createOrder(asha);
    laterThanTheHold();
    expect((await placeCod(ravi)).status).toBe(201);
    const paid = await paidInRazorpay(late.body.id);
    const answers = await Promise.all([
      verify(asha, paid),
      webhook(paid, 5000),
      verify(asha, paid),
      webhook(paid, 5000),
      verify(asha, paid),
    ]);
    expect(answers.map((a) => a.status)).toEqual([409, 200, 409, 200, 409]);
    for (const a of [answers[0]!, answers[2]!, answers[4]!]) expect(a.body.message).toBe(COUPON_LAPSED_REFUNDED);
    expect((await placeOrder(asha, paid)).body.message).toBe(COUPON_LAPSED_REFUNDED);
    expect(refunds).toHaveLength(1);
    expect(await ordersOf(asha)).toHaveLength(0);
    expect(await usedCount()).toBe(1);
    // The shopper's own refusal texts are untouched: the coupon is simply used up for her now.
    await addToCart(asha);
    expect((await createOrder(asha)).body.error).toBe(COUPON_REFUSAL_TEXTS.usedUp);
  });

  it('a payment refunded because a line sold out gives its coupon use back at once', async () => {
    await addCoupon(1);
    const shopper = await shopperWithCart();
    const online = await createOrder(shopper);
    await MainCategory.updateOne({ _id: shop.oilId }, { $set: { stock: 0 } });
    try {
      const answer = await verify(shopper, await paidInRazorpay(online.body.id));
      expect(answer.body.message).toBe(MESSAGES.soldOutRefunded);
    } finally {
      await MainCategory.updateOne({ _id: shop.oilId }, { $set: { stock: 1000 } });
    }
    expect(refunds).toHaveLength(1);
    expect(await usedCount()).toBe(0);
    expect(await CouponRedemption.countDocuments()).toBe(0);
  });
});
