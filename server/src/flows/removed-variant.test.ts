import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, signUpCustomer, type TestContext } from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { takeStockFor } from '../modules/catalog/stock.js';
import { ProductVariant } from '../modules/catalog/variant.model.js';
import { Order } from '../modules/orders/order.model.js';
import { refundRecordingGateway } from '../test/refund-recorder.js';
import { RAJKOT, saveSizes, simulatorPayment, startShop, twoSizes } from '../test/shop.js';

describe('a payment opened before the owner removed its variant', () => {
  let ctx: TestContext;
  let admin: string;
  const { payments, refunds } = refundRecordingGateway();

  beforeAll(async () => {
    ({ ctx, admin } = await startShop({ payments }));
  });
  afterAll(() => ctx.close());

  /** 100 ml (10 left) and 200 ml (`largeStock`; '' = not counted). */
  async function amlaOil(largeStock: string) {
    const product = await MainCategory.create({ title: 'Amla hair oil', mainPricePaise: 30000 });
    const sizes = twoSizes(product._id, ['199', '349'], ['10', largeStock]);
    const [small, large] = await saveSizes(ctx, admin, product._id, sizes);
    /** The owner saves the 100 ml alone: the 200 ml is removed. */
    const removeLarge = () =>
      ctx.http
        .put(`/api/main-category/${product._id}/variants`)
        .set(bearer(admin))
        .send({
          ...sizes,
          options: [{ name: 'Size', values: ['100 ml'] }],
          variants: [{ ...sizes.variants[0], id: small.id }],
        })
        .expect(200);
    return { id: String(product._id), large, removeLarge };
  }

  it.each([
    ['counted', '5'],
    ['not counted', ''],
  ])('its stock (%s) is not taken and no order is made: the payment is refunded in full', async (_, stock) => {
    const oil = await amlaOil(stock);
    const shopper = await signUpCustomer(ctx);
    await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: oil.id, variantId: oil.large.id, quantity: 2 })
      .expect(200);
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: RAJKOT })
      .expect(200);
    await oil.removeLarge();

    const paid = simulatorPayment(shopper, created.body.id);
    const verified = await ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid);
    expect(verified.status).toBe(409);
    expect(verified.body.message).toBe(MESSAGES.soldOutRefunded);
    expect(refunds).toContainEqual({ paymentId: paid.razorpay_payment_id, amountPaise: created.body.amount });
    expect(await Order.countDocuments({ razorpayOrderId: created.body.id })).toBe(0);
    const large = (await ProductVariant.findById(oil.large.id).lean())!;
    expect([large.stock, large.stockHolds ?? []]).toEqual([stock === '' ? null : 5, []]);
  });

  it('cash on delivery meets the removed variant as out of stock (a cart read drops its line first)', async () => {
    const oil = await amlaOil('5');
    await oil.removeLarge();
    const lines = [{ productId: oil.id, variantId: oil.large.id, quantity: 1 }];
    expect(await takeStockFor('order:removed', lines)).toBe(false);
    expect((await ProductVariant.findById(oil.large.id).lean())!.stock).toBe(5);
  });
});
