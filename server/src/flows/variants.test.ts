import { parse as parseCsv } from 'csv-parse/sync';
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  VARIANT_TEXTS,
  type CartResponse,
  type Order as OrderDto,
  type ProductVariant as VariantDto,
  type SalesStats,
} from '@kesh/shared';
import { bearer, orderMailsSent, signUpCustomer, type TestContext } from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { ProductVariant } from '../modules/catalog/variant.model.js';
import { Cart } from '../modules/cart/cart.model.js';
import { Coupon } from '../modules/coupons/coupon.model.js';
import { refundRecordingGateway } from '../test/refund-recorder.js';
import { DeliverySettingsRecord } from '../modules/shipping/delivery-settings.model.js';
import { Order } from '../modules/orders/order.model.js';
import { CSV_COLUMNS } from '../modules/orders/reports.js';
import { settleHolds, takeStockFor } from '../modules/catalog/stock.js';
import { codStockRef } from './place-cod-order.js';
import { pdfText } from '../test/pdf.js';
import { RAJKOT, saveSizes, simulatorPayment, startShop, twoSizes, type Shopper } from '../test/shop.js';
import { recoverInterruptedStock } from './recover-stock.js';

describe('variants through cart, checkout, cash on delivery and cancellation', () => {
  let ctx: TestContext;
  let admin: string;
  const { payments, refunds } = refundRecordingGateway();

  beforeAll(async () => {
    ({ ctx, admin } = await startShop({ payments }));
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    refunds.length = 0;
  });

  /** "Amla hair oil" in 100 ml (₹199, 10 left) and 200 ml (₹349, `largeStock` left), made through the admin API. */
  async function amlaOil(largeStock = '6', title = 'Amla hair oil', prices: [string, string] = ['199', '349']) {
    const product = await MainCategory.create({ title, mainPricePaise: 30000 });
    const [small, large] = await saveSizes(ctx, admin, product._id, twoSizes(product._id, prices, ['10', largeStock]));
    return { id: String(product._id), small, large };
  }
  const stockOf = async (variant: VariantDto) => (await ProductVariant.findById(variant.id).lean())!.stock;
  const add = (shopper: Shopper, body: Record<string, unknown>) =>
    ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send(body);
  const cartOf = async (shopper: Shopper) =>
    (await ctx.http.get('/api/cart/cart').set(bearer(shopper.token)).expect(200)).body as CartResponse;
  const placeCod = (shopper: Shopper) =>
    ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
  async function payOnline(shopper: Shopper, couponCode?: string) {
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: RAJKOT, ...(couponCode ? { couponCode } : {}) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return { amount: created.body.amount as number, body: simulatorPayment(shopper, created.body.id) };
  }
  const verify = (shopper: Shopper, paid: Awaited<ReturnType<typeof payOnline>>) =>
    ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid.body);

  describe('the cart', () => {
    it('keeps the same product in two variants as two lines, each at its own price', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.small.id, quantity: 1 }).expect(200);
      const res = await add(shopper, { productId: oil.id, variantId: oil.large.id, quantity: 2 }).expect(200);
      const cart = res.body as CartResponse;
      expect(cart.items.map((i) => [i.variant?.label, i.quantity, i.productId.offerPrice])).toEqual([
        ['100 ml', 1, 199],
        ['200 ml', 2, 349],
      ]);
      expect(cart.items[1]!.variant).toEqual({ id: oil.large.id, label: '200 ml', sku: oil.large.sku });
      expect(cart).toMatchObject({ cartCount: 3, totalAmount: 199 + 2 * 349 });
      // Adding one again adds to its own line.
      await add(shopper, { productId: oil.id, variantId: oil.large.id }).expect(200);
      expect((await cartOf(shopper)).items.map((i) => i.quantity)).toEqual([1, 3]);
    });

    it('changes and removes one variant’s line, leaving the other', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.small.id }).expect(200);
      await add(shopper, { productId: oil.id, variantId: oil.large.id }).expect(200);
      const updated = await ctx.http
        .post('/api/cart/update-quantity')
        .set(bearer(shopper.token))
        .send({ productId: oil.id, variantId: oil.large.id, quantity: 4 });
      expect(updated.status).toBe(200);
      expect((updated.body as CartResponse).items.map((i) => i.quantity)).toEqual([1, 4]);
      const notThere = await ctx.http
        .post('/api/cart/update-quantity')
        .set(bearer(shopper.token))
        .send({ productId: oil.id, quantity: 4 });
      expect(notThere.status).toBe(404);
      expect(notThere.body.error).toBe(MESSAGES.cartLineNotInCart);
      const removed = await ctx.http
        .post('/api/cart/remove-from-cart')
        .set(bearer(shopper.token))
        .send({ productId: oil.id, variantId: oil.small.id });
      expect(removed.status).toBe(200);
      expect((removed.body as CartResponse).items.map((i) => i.variant?.label)).toEqual(['200 ml']);
    });

    it('adds the default variant when none is chosen', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      const res = await add(shopper, { productId: oil.id }).expect(200);
      expect((res.body as CartResponse).items[0]!.variant?.id).toBe(oil.small.id);
    });

    it('refuses a malformed, unknown or removed variant, and a variant of a product without variants', async () => {
      const oil = await amlaOil();
      const plain = await MainCategory.create({ title: 'Neem comb', mainPricePaise: 9900 });
      const shopper = await signUpCustomer(ctx);
      const malformed = await add(shopper, { productId: oil.id, variantId: 'nope' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toBe(VARIANT_TEXTS.invalidVariantId);
      for (const body of [
        { productId: oil.id, variantId: '64b0000000000000000000bb' },
        { productId: String(plain._id), variantId: oil.small.id },
      ]) {
        const res = await add(shopper, body);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe(VARIANT_TEXTS.variantUnavailable);
      }
      const noProduct = await add(shopper, { productId: '64b0000000000000000000bb', variantId: oil.small.id });
      expect(noProduct.status).toBe(404);
      expect(noProduct.body.error).toBe(MESSAGES.productNotFound);
      for (const path of ['/api/cart/update-quantity', '/api/cart/remove-from-cart']) {
        const res = await ctx.http
          .post(path)
          .set(bearer(shopper.token))
          .send({ productId: oil.id, variantId: { $ne: null }, quantity: 1 });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(VARIANT_TEXTS.invalidVariantId);
      }
      expect((await cartOf(shopper)).items).toHaveLength(0);
    });

    it('refuses the variant routes without a shopper’s token', async () => {
      const oil = await amlaOil();
      const body = { productId: oil.id, variantId: oil.small.id, quantity: 1 };
      for (const path of ['/api/cart/add-to-cart', '/api/cart/update-quantity', '/api/cart/remove-from-cart']) {
        expect((await ctx.http.post(path).send(body)).status).toBe(401);
        expect((await ctx.http.post(path).set(bearer(admin)).send(body)).status).toBe(403);
      }
    });

    it('drops a line whose variant the owner removed; a line from before variants buys the default one', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.large.id }).expect(200);
      await ctx.http
        .put(`/api/main-category/${oil.id}/variants`)
        .set(bearer(admin))
        .send({
          options: [{ name: 'Size', values: ['100 ml'] }],
          variants: [{ id: oil.small.id, sku: oil.small.sku, optionValues: ['100 ml'] }],
        })
        .expect(200);
      expect((await cartOf(shopper)).items).toHaveLength(0);
      expect((await Cart.findOne({ userId: shopper.userId }).lean())!.items).toHaveLength(0);
      // A line written before the product had variants (today's shape: no variantId).
      await Cart.updateOne({ userId: shopper.userId }, { $set: { items: [{ productId: oil.id, quantity: 2 }] } });
      const cart = await cartOf(shopper);
      expect(cart.items.map((i) => [i.variant?.id, i.quantity])).toEqual([[oil.small.id, 2]]);
      const removed = await ctx.http
        .post('/api/cart/remove-from-cart')
        .set(bearer(shopper.token))
        .send({ productId: oil.id, variantId: oil.small.id });
      expect((removed.body as CartResponse).items).toHaveLength(0);
    });
  });

  describe('checkout', () => {
    it('cash on delivery: the order names each variant, takes its stock only, and cancelling gives it back', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.small.id, quantity: 2 }).expect(200);
      await add(shopper, { productId: oil.id, variantId: oil.large.id, quantity: 1 }).expect(200);
      const res = await placeCod(shopper);
      expect(res.status).toBe(201);
      const order = res.body.order as OrderDto;
      expect(order.products.map((l) => [l.title, l.variant, l.quantity, l.price])).toEqual([
        ['Amla hair oil', { id: oil.small.id, label: '100 ml', sku: oil.small.sku }, 2, 199],
        ['Amla hair oil', { id: oil.large.id, label: '200 ml', sku: oil.large.sku }, 1, 349],
      ]);
      expect(order.totalAmount).toBe(2 * 199 + 349);
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([8, 5]);
      expect((await cartOf(shopper)).items).toHaveLength(0);
      await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token)).expect(200);
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([10, 6]);
    });

    it('online: the payment is priced by the variant and its stock taken when it arrives', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.large.id, quantity: 2 }).expect(200);
      const paid = await payOnline(shopper);
      expect(paid.amount).toBe(2 * 34900);
      expect(await stockOf(oil.large)).toBe(6);
      const verified = await verify(shopper, paid);
      expect(verified.status).toBe(200);
      expect(verified.body.order.products[0].variant).toEqual({
        id: oil.large.id,
        label: '200 ml',
        sku: oil.large.sku,
      });
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([10, 4]);
    });

    it('a coupon applies to the variant’s price', async () => {
      const oil = await amlaOil();
      await Coupon.create({ code: 'AMLA10', kind: 'percent', percentOff: 10 });
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.large.id }).expect(200);
      const paid = await payOnline(shopper, 'AMLA10');
      expect(paid.amount).toBe(34900 - 3490);
      const verified = await verify(shopper, paid);
      expect(verified.body.order).toMatchObject({ coupon: 'AMLA10', discountPaise: 3490 });
    });

    it('the cash-on-delivery cap counts the variant’s price', async () => {
      const oil = await amlaOil();
      await DeliverySettingsRecord.updateOne({ key: 'delivery' }, { $set: { codCapPaise: 30000 } });
      try {
        const small = await signUpCustomer(ctx);
        await add(small, { productId: oil.id, variantId: oil.small.id }).expect(200);
        expect((await placeCod(small)).status).toBe(201);
        const large = await signUpCustomer(ctx);
        await add(large, { productId: oil.id, variantId: oil.large.id }).expect(200);
        const refused = await placeCod(large);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe(MESSAGES.codOverCap);
      } finally {
        await DeliverySettingsRecord.updateOne({ key: 'delivery' }, { $unset: { codCapPaise: 1 } });
      }
    });

    it('an order reads unchanged after the owner renames and then removes its variant', async () => {
      const oil = await amlaOil();
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.large.id }).expect(200);
      const order = (await placeCod(shopper).expect(201)).body.order as OrderDto;
      await ctx.http
        .put(`/api/main-category/${oil.id}/variants`)
        .set(bearer(admin))
        .send({
          options: [{ name: 'Size', values: ['100 ml', '250 ml'] }],
          variants: [{ id: oil.small.id, sku: oil.small.sku, optionValues: ['100 ml'] }],
        })
        .expect(200);
      const mine = (await ctx.http.get('/api/orders').set(bearer(shopper.token)).expect(200)).body as OrderDto[];
      expect(mine.find((o) => o._id === order._id)!.products[0]!.variant).toEqual({
        id: oil.large.id,
        label: '200 ml',
        sku: oil.large.sku,
      });
      // Cancelling it still returns the unit to the removed variant's shelf (its record is kept).
      await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(admin)).expect(200);
      expect(await stockOf(oil.large)).toBe(6);
    });
  });

  describe('a process that died half-way', () => {
    it('recovery puts back what a dead claim held on each variant, once', async () => {
      const oil = await amlaOil('6', 'Recovered oil');
      const ref = codStockRef(new Types.ObjectId());
      const aMinuteAgo = new Date(Date.now() - 60_000);
      // What kill -9 leaves after taking two variants of one product and before writing the order.
      const lines = [
        { productId: oil.id, variantId: oil.small.id, quantity: 2 },
        { productId: oil.id, variantId: oil.large.id, quantity: 1 },
      ];
      expect(await takeStockFor(ref, lines, aMinuteAgo)).toBe(true);
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([8, 5]);
      // Taken again by a retry of the same claim: nothing more is taken.
      expect(await takeStockFor(ref, lines, aMinuteAgo)).toBe(true);
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([8, 5]);
      expect((await recoverInterruptedStock(ctx.deps, new Date())).returned).toBeGreaterThanOrEqual(1);
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([10, 6]);
      await recoverInterruptedStock(ctx.deps, new Date());
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([10, 6]);
      expect(await ProductVariant.countDocuments({ 'stockHolds.ref': ref })).toBe(0);
    });
  });

  describe("a claim's holds settled by its lines", () => {
    it('drops the holds from each variant and plain product the lines took, and keeps the units taken', async () => {
      const oil = await amlaOil('6', 'Settled oil');
      const comb = await MainCategory.create({ title: 'Neem comb', mainPricePaise: 9900, stock: 4 });
      const ref = codStockRef(new Types.ObjectId());
      const lines = [
        { productId: oil.id, variantId: oil.small.id, quantity: 2 },
        { productId: comb._id, quantity: 1 },
        { productId: oil.id, variantId: oil.large.id, quantity: 1 },
        { productId: oil.id, variantId: oil.small.id, quantity: 1 },
      ];
      expect(await takeStockFor(ref, lines)).toBe(true);
      await settleHolds(ref, lines);
      expect(await ProductVariant.countDocuments({ 'stockHolds.ref': ref })).toBe(0);
      expect(await MainCategory.countDocuments({ 'stockHolds.ref': ref })).toBe(0);
      expect([await stockOf(oil.small), await stockOf(oil.large)]).toEqual([7, 5]);
      expect((await MainCategory.findById(comb._id).lean())!.stock).toBe(3);
    });
  });

  describe('the last units of one variant', () => {
    it('10 shoppers ordering cash on delivery at once for the last 3: exactly 3 orders, the other size untouched', async () => {
      const oil = await amlaOil('3', 'Last COD oil');
      const shoppers = await Promise.all(Array.from({ length: 10 }, () => signUpCustomer(ctx)));
      for (const s of shoppers) await add(s, { productId: oil.id, variantId: oil.large.id }).expect(200);
      const answers = await Promise.all(shoppers.map(placeCod));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
      const refused = answers.filter((a) => a.status !== 201);
      expect(refused.map((a) => [a.status, a.body.error])).toEqual(Array(7).fill([409, MESSAGES.outOfStock]));
      expect(await stockOf(oil.large)).toBe(0);
      expect(await stockOf(oil.small)).toBe(10);
      expect(await Order.countDocuments({ 'products.variantId': oil.large.id })).toBe(3);
    }, 60_000);

    it('8 shoppers paying online at once for the last 3: exactly 3 orders, 5 payments refunded', async () => {
      const oil = await amlaOil('3', 'Last online oil');
      const shoppers = await Promise.all(Array.from({ length: 8 }, () => signUpCustomer(ctx)));
      for (const s of shoppers) await add(s, { productId: oil.id, variantId: oil.large.id }).expect(200);
      const payments: Awaited<ReturnType<typeof payOnline>>[] = [];
      for (const s of shoppers) payments.push(await payOnline(s));
      const answers = await Promise.all(shoppers.map((s, i) => verify(s, payments[i]!)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      expect(answers.filter((a) => a.status === 409).map((a) => a.body.message)).toEqual(
        Array(5).fill(MESSAGES.soldOutRefunded),
      );
      expect(refunds).toHaveLength(5);
      expect(await stockOf(oil.large)).toBe(0);
      expect(await stockOf(oil.small)).toBe(10);
    }, 60_000);
  });

  describe('what the shop writes about an order', () => {
    it('the mails, the invoice, the CSV export and the low-stock list name the variant', async () => {
      const oil = await amlaOil('4', 'Amla papers oil');
      const shopper = await signUpCustomer(ctx);
      await add(shopper, { productId: oil.id, variantId: oil.large.id }).expect(200);
      const order = (await placeCod(shopper).expect(201)).body.order as OrderDto;
      await orderMailsSent();
      const mails = ctx.deps.mailer.outbox.filter((m) => m.subject.includes(order._id.slice(-8)));
      const placed = mails.find((m) => m.to === shopper.email)!;
      expect(placed.text).toContain('- Amla papers oil (200 ml) × 1: ₹349');
      expect(mails.find((m) => m.to !== shopper.email)!.text).toContain('- Amla papers oil (200 ml) x 1: ₹349');
      expect(await pdfText(placed.attachments![0]!.content as Buffer)).toContain('Amla papers oil (200 ml)');

      const csv = await ctx.http.get('/api/orders/export.csv').set(bearer(admin)).buffer(true).expect(200);
      const rows = parseCsv(csv.text.replace(/^\uFEFF/, '')) as string[][];
      expect(rows[0]!.slice(-2)).toEqual(['variant', 'sku']);
      const row = rows.find((r) => r[0] === order._id)!;
      expect(row[CSV_COLUMNS.indexOf('product')]).toBe('Amla papers oil');
      expect(row.slice(-2)).toEqual(['200 ml', oil.large.sku]);

      const low = await ctx.http.get('/api/admin/low-stock').set(bearer(admin)).expect(200);
      expect(low.body).toContainEqual({
        _id: oil.id,
        title: 'Amla papers oil',
        stock: 3,
        variant: { id: oil.large.id, label: '200 ml', sku: oil.large.sku },
      });
      // The 100 ml has 10: not running low.
      expect(low.body.filter((p: { _id: string }) => p._id === oil.id)).toHaveLength(1);

      // The sales view's best sellers are per variant, named by product and variant.
      const best = await amlaOil('4', 'Amla bestseller oil', ['4999', '9999']);
      await add(shopper, { productId: best.id, variantId: best.small.id }).expect(200);
      await add(shopper, { productId: best.id, variantId: best.large.id }).expect(200);
      expect((await verify(shopper, await payOnline(shopper))).status).toBe(200);
      const stats = await ctx.http.get('/api/admin/stats?days=1').set(bearer(admin)).expect(200);
      const variantOf = (v: VariantDto) => ({ id: v.id, label: v.label, sku: v.sku });
      expect((stats.body as SalesStats).topProducts.slice(0, 2)).toEqual([
        {
          productId: best.id,
          title: 'Amla bestseller oil',
          quantity: 1,
          revenuePaise: 999900,
          variant: variantOf(best.large),
        },
        {
          productId: best.id,
          title: 'Amla bestseller oil',
          quantity: 1,
          revenuePaise: 499900,
          variant: variantOf(best.small),
        },
      ]);
    });
  });
});
