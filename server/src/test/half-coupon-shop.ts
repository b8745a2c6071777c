import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AppDeps } from '../deps.js';
import { Cart } from '../modules/cart/cart.model.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { Coupon, CouponRedemption } from '../modules/coupons/coupon.model.js';
import { Order } from '../modules/orders/order.model.js';
import { PendingCheckout } from '../modules/payments/checkout.model.js';
import {
  allowCashOnDeliveryIn360,
  bearer,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from './harness.js';
import { RAJKOT, type PaidInRazorpay, type Shopper } from './shop.js';

/** No coupons, redemptions, orders, payments or carts left from an earlier test. */
export const clearCouponsAndOrders = () =>
  Promise.all([
    Coupon.deleteMany({}),
    CouponRedemption.deleteMany({}),
    Order.deleteMany({}),
    PendingCheckout.deleteMany({}),
    Cart.deleteMany({}),
  ]);

/**
 * A shop selling Bhringraj Oil at ₹100 a bottle, cash on delivery in Rajkot, and the ways a shopper
 * spends the 50 % coupon HALF. Call it inside a `describe`: it starts the app before the tests and
 * gives each test no coupons, orders, payments or carts.
 */
export function halfCouponShop(overrides: Partial<AppDeps> = {}) {
  const shop = { ctx: undefined as unknown as TestContext, admin: '', oilId: '' };

  beforeAll(async () => {
    shop.ctx = await startTestApp({}, overrides);
    shop.admin = (await createAdminToken(shop.ctx)).token;
    await allowCashOnDeliveryIn360();
    const oil = await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 10000, stock: 1000 });
    shop.oilId = String(oil._id);
  });
  afterAll(() => shop.ctx.close());
  beforeEach(async () => {
    await clearCouponsAndOrders();
  });

  const addCoupon = (totalUses: number | null, usesPerCustomer = 1) =>
    shop.ctx.http
      .post('/api/admin/coupons')
      .set(bearer(shop.admin))
      .send({ code: 'HALF', kind: 'percent', percentOff: 50, totalUses, usesPerCustomer })
      .expect(201);
  const addToCart = (shopper: Shopper, productId = shop.oilId) =>
    shop.ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send({ productId, quantity: 1 }).expect(200);
  async function shopperWithCart(): Promise<Shopper> {
    const shopper = await signUpCustomer(shop.ctx);
    await addToCart(shopper);
    return shopper;
  }
  const createOrder = (shopper: Shopper) =>
    shop.ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: RAJKOT, couponCode: 'HALF' });
  const placeCod = (shopper: Shopper) =>
    shop.ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT, couponCode: 'HALF' });
  const paidInRazorpay = async (razorpayOrderId: string) =>
    (await shop.ctx.http.post('/api/payment/simulator/pay').send({ order_id: razorpayOrderId }).expect(200))
      .body as PaidInRazorpay;
  const verify = (shopper: Shopper, paid: object) =>
    shop.ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid);
  const usedCount = async () => (await Coupon.findOne({ code: 'HALF' }).lean())?.usedCount;

  return { shop, addCoupon, addToCart, shopperWithCart, createOrder, placeCod, paidInRazorpay, verify, usedCount };
}
