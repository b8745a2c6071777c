import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_TEXTS, MAX_PRICE_PAISE, MESSAGES, PRICE_TEXTS } from '@kesh/shared';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { Coupon } from '../coupons/coupon.model.js';
import { MainCategory } from './category.model.js';

/** Issue 27, finding 5: a price the owner types is exact paise within ₹10,00,000, or a clear 400. */
describe('prices the owner types', () => {
  let ctx: TestContext;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    token = (await createAdminToken(ctx)).token;
    const created = await ctx.http
      .post('/api/main-category')
      .set(bearer(token))
      .field('title', 'Bhringraj Oil')
      .field('mainPrice', '499')
      .field('offerPrice', '349.5');
    expect(created.status).toBe(201);
    productId = created.body._id as string;
  });
  afterAll(() => ctx.close());

  const REFUSED = [
    '1e308',
    '99999999999999999999',
    'Infinity',
    'NaN',
    '-1',
    '-0.01',
    '12.345',
    '1000000.01',
    '1e3',
    '0x10',
    '12.',
  ];

  it('refuses every price that is not exact paise from ₹0 to ₹10,00,000, on create and on update', async () => {
    for (const price of REFUSED) {
      for (const field of ['mainPrice', 'offerPrice']) {
        const update = await ctx.http
          .put(`/api/main-category/${productId}`)
          .set(bearer(token))
          .field('title', 'Bhringraj Oil')
          .field(field, price);
        expect(update.status, `${field}=${price}`).toBe(400);
        expect(update.body.error).toBe(PRICE_TEXTS.invalid);
        const create = await ctx.http
          .post('/api/main-category')
          .set(bearer(token))
          .field('title', 'Neem Comb')
          .field(field, price);
        expect(create.status, `${field}=${price}`).toBe(400);
        expect(create.body.error).toBe(PRICE_TEXTS.invalid);
      }
    }
    expect(PRICE_TEXTS.invalid).toBe('A price is an amount from ₹0 to ₹10,00,000, with at most 2 decimals.');
    expect(await MainCategory.findById(productId).lean()).toMatchObject({
      mainPricePaise: 49900,
      offerPricePaise: 34950,
    });
    expect(await MainCategory.countDocuments()).toBe(1);
  });

  it('stores the highest price and two-decimal prices exactly', async () => {
    const res = await ctx.http
      .put(`/api/main-category/${productId}`)
      .set(bearer(token))
      .field('title', 'Bhringraj Oil')
      .field('mainPrice', '1000000')
      .field('offerPrice', '0.07');
    expect(res.status).toBe(200);
    expect(await MainCategory.findById(productId).lean()).toMatchObject({
      mainPricePaise: MAX_PRICE_PAISE,
      offerPricePaise: 7,
    });
  });

  it('refuses coupon amounts and cash-on-delivery fees beyond ₹10,00,000', async () => {
    const coupon = (body: Record<string, unknown>) =>
      ctx.http
        .post('/api/admin/coupons')
        .set(bearer(token))
        .send({ code: 'BIG', kind: 'flat', flatOffPaise: 100, ...body });
    const flat = await coupon({ flatOffPaise: 1e20 });
    expect(flat.status).toBe(400);
    expect(flat.body.error).toBe(COUPON_TEXTS.flatInvalid);
    const minimum = await coupon({ minOrderPaise: MAX_PRICE_PAISE + 1 });
    expect(minimum.status).toBe(400);
    expect(minimum.body.error).toBe(COUPON_TEXTS.minOrderInvalid);
    expect(await Coupon.countDocuments()).toBe(0);
    expect((await coupon({ flatOffPaise: MAX_PRICE_PAISE })).status).toBe(201);

    const fee = await ctx.http
      .put('/api/admin/delivery')
      .set(bearer(token))
      .send({ servesAllIndia: true, etaDays: [3, 7], areas: [], codFeePaise: MAX_PRICE_PAISE + 1 });
    expect(fee.status).toBe(400);
    expect(fee.body.error).toBe(MESSAGES.invalidCodSettings);
  });
});
