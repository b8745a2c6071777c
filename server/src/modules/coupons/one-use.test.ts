import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUPON_REFUSAL_TEXTS } from '@kesh/shared';
import { halfCouponShop } from '../../test/half-coupon-shop.js';
import type { Shopper } from '../../test/shop.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from '../orders/order.model.js';

/**
 * Issue 27, findings 1 and 2: a coupon with one use per customer gives one shopper exactly one
 * discounted order, whichever way they pay and however they race their own requests.
 */
describe('a single-use coupon gives one discounted order', () => {
  const { addCoupon, addToCart, shopperWithCart, createOrder, placeCod, paidInRazorpay, verify, usedCount } =
    halfCouponShop();
  let combId: string;

  beforeAll(async () => {
    // ₹50 a comb, beside the ₹100 bottle of oil.
    combId = String((await MainCategory.create({ title: 'Neem Comb', mainPricePaise: 5000 }))._id);
  });
  beforeEach(async () => {
    await addCoupon(1, 1);
  });

  const pay = async (shopper: Shopper, razorpayOrderId: string) =>
    verify(shopper, await paidInRazorpay(razorpayOrderId));
  async function discountedOrders() {
    return Order.countDocuments({ coupon: 'HALF' });
  }

  it('two create-orders for the same cart open the same payment: one order at ₹50', async () => {
    const shopper = await shopperWithCart();
    const first = await createOrder(shopper);
    const second = await createOrder(shopper);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toMatchObject({ id: first.body.id, amount: 5000 });
    for (const id of new Set([first.body.id, second.body.id])) expect((await pay(shopper, id)).status).toBe(200);
    expect(await discountedOrders()).toBe(1);
    expect(await usedCount()).toBe(1);
  });

  it('a second payment for another cart is refused while the first holds the coupon', async () => {
    const shopper = await shopperWithCart();
    const first = await createOrder(shopper);
    expect(first.status).toBe(200);
    await addToCart(shopper, combId);
    const second = await createOrder(shopper);
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: COUPON_REFUSAL_TEXTS.heldByPayment, reason: 'heldByPayment' });
    expect((await pay(shopper, first.body.id)).status).toBe(200);
    const third = await createOrder(shopper);
    expect(third.body).toMatchObject({ error: COUPON_REFUSAL_TEXTS.alreadyUsed, reason: 'alreadyUsed' });
    expect(await discountedOrders()).toBe(1);
    expect(await usedCount()).toBe(1);
  });

  it('create-orders fired at once, every payment completed: one discounted order', async () => {
    const shopper = await shopperWithCart();
    const answers = await Promise.all(Array.from({ length: 6 }, () => createOrder(shopper)));
    for (const a of answers.filter((r) => r.status !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.error).toBe(COUPON_REFUSAL_TEXTS.heldByPayment);
    }
    const opened = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.id as string));
    await Promise.all([...opened].map((id) => pay(shopper, id)));
    expect(await discountedOrders()).toBe(1);
    expect(await usedCount()).toBe(1);
  });

  it('create-order, then cash on delivery with the coupon: refused, the online payment keeps it', async () => {
    const shopper = await shopperWithCart();
    const online = await createOrder(shopper);
    expect(online.status).toBe(200);
    const cod = await placeCod(shopper);
    expect(cod.status).toBe(400);
    expect(cod.body).toMatchObject({ error: COUPON_REFUSAL_TEXTS.heldByPayment, reason: 'heldByPayment' });
    expect((await pay(shopper, online.body.id)).body.order).toMatchObject({ coupon: 'HALF', discountPaise: 5000 });
    expect(await discountedOrders()).toBe(1);
    expect(await usedCount()).toBe(1);
  });

  it('cash on delivery, then create-order with the coupon: already used', async () => {
    const shopper = await shopperWithCart();
    expect((await placeCod(shopper)).status).toBe(201);
    await addToCart(shopper);
    const online = await createOrder(shopper);
    expect(online.body).toMatchObject({ error: COUPON_REFUSAL_TEXTS.alreadyUsed, reason: 'alreadyUsed' });
    expect(await discountedOrders()).toBe(1);
  });

  it('create-order and cash on delivery fired at once: one discounted order', async () => {
    const shopper = await shopperWithCart();
    const [online, cod] = await Promise.all([createOrder(shopper), placeCod(shopper)]);
    if (online.status === 200) await pay(shopper, online.body.id);
    expect([online.status, cod.status].filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(await discountedOrders()).toBe(1);
    expect(await usedCount()).toBe(1);
  });
});
