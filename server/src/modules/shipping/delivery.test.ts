import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_COD_CAP_PAISE, DEFAULT_DELIVERY_SETTINGS, MESSAGES } from '@kesh/shared';
import { bearer, signUpCustomer } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { MainCategory } from '../catalog/category.model.js';
import { PendingCheckout } from '../payments/checkout.model.js';
import { DeliverySettingsRecord } from './delivery-settings.model.js';
import { RAJKOT, appWithOwner } from '../../test/shop.js';

const PUNE = '21 FC Road, Pune, Maharashtra, India, 411004';

const RAJKOT_ONLY = {
  servesAllIndia: false,
  etaDays: [4, 8],
  areas: [
    { pins: '360', cod: false, etaDays: [3, 5] },
    { pins: '360001-360005', cod: true, etaDays: [1, 2] },
  ],
};
/** RAJKOT_ONLY as saved: cash-on-delivery settings left out take the defaults (₹5,000 cap, no fee). */
const RAJKOT_SAVED = { ...RAJKOT_ONLY, codCapPaise: DEFAULT_COD_CAP_PAISE, codFeePaise: 0, codMaxRefusals: 0 };

describe('delivery: PIN check, owner settings and the payment refusal', () => {
  const shop = appWithOwner();
  beforeEach(async () => {
    await DeliverySettingsRecord.deleteMany({});
  });

  const check = (pin: string) => shop.ctx.http.get('/api/shipping/check').query({ pin });
  const save = (body: unknown) =>
    shop.ctx.http
      .put('/api/admin/delivery')
      .set(bearer(shop.admin))
      .send(body as object);

  describe('GET /api/shipping/check', () => {
    it('serves all of India online, without cash on delivery, until the owner opts in', async () => {
      const res = await check('110001').expect(200);
      expect(res.body).toEqual({ serviceable: true, cod: false, etaDays: [3, 7] });
    });

    it('answers from the narrowest area that holds the PIN, and refuses a PIN outside them all', async () => {
      await save(RAJKOT_ONLY).expect(200);
      expect((await check('360003')).body).toEqual({
        serviceable: true,
        cod: true,
        etaDays: [1, 2],
        codCapPaise: DEFAULT_COD_CAP_PAISE,
        codFeePaise: 0,
      });
      expect((await check('360311')).body).toEqual({ serviceable: true, cod: false, etaDays: [3, 5] });
      expect((await check('411004')).body).toEqual({ serviceable: false, cod: false, etaDays: null });
    });

    it('uses the default estimate for a PIN in no area while serving all of India', async () => {
      await save({ ...RAJKOT_ONLY, servesAllIndia: true }).expect(200);
      expect((await check('411004')).body).toEqual({ serviceable: true, cod: false, etaDays: [4, 8] });
    });

    it.each([['36000'], ['060001'], ['abcdef'], ['']])('refuses the PIN "%s" with the PIN message', async (pin) => {
      const res = await check(pin);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.invalidPinCode);
    });

    it('refuses a missing or repeated pin parameter', async () => {
      expect((await shop.ctx.http.get('/api/shipping/check')).body.error).toBe(MESSAGES.invalidPinCode);
      const twice = await shop.ctx.http.get('/api/shipping/check?pin=360001&pin=360002');
      expect(twice.status).toBe(400);
      expect(twice.body.error).toBe(MESSAGES.invalidPinCode);
    });
  });

  describe("the owner's settings", () => {
    it('are the defaults before any save, and what was saved afterwards', async () => {
      expect((await shop.ctx.http.get('/api/admin/delivery').set(bearer(shop.admin)).expect(200)).body).toEqual(
        DEFAULT_DELIVERY_SETTINGS,
      );
      const withCod = { ...RAJKOT_ONLY, codCapPaise: 300000, codFeePaise: 4900, codMaxRefusals: 0 };
      expect((await save(withCod).expect(200)).body).toEqual(withCod);
      expect((await shop.ctx.http.get('/api/admin/delivery').set(bearer(shop.admin))).body).toEqual(withCod);
      expect((await check('360002')).body).toMatchObject({ cod: true, codCapPaise: 300000, codFeePaise: 4900 });
    });

    it('read settings saved before cash on delivery with the default cap and no fee', async () => {
      await DeliverySettingsRecord.create({ key: 'delivery', servesAllIndia: true, etaDays: [2, 5], areas: [] });
      const res = await shop.ctx.http.get('/api/admin/delivery').set(bearer(shop.admin)).expect(200);
      expect(res.body).toEqual({
        servesAllIndia: true,
        etaDays: [2, 5],
        areas: [],
        codCapPaise: 500000,
        codFeePaise: 0,
        codMaxRefusals: 0,
      });
    });

    it.each([
      ['a negative cap', { codCapPaise: -1 }],
      ['a fractional fee', { codFeePaise: 49.5 }],
      ['a fee as text', { codFeePaise: '49' }],
      ['a cap over ₹10 lakh', { codCapPaise: 100_000_001 }],
    ])('refuses cash-on-delivery settings with %s', async (_label, cod) => {
      const res = await save({ ...RAJKOT_ONLY, ...cod });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.invalidCodSettings);
      expect(await DeliverySettingsRecord.countDocuments()).toBe(0);
    });

    it.each([
      ['a prefix starting with 0', { pins: '036', cod: false, etaDays: [1, 2] }, MESSAGES.invalidDeliveryArea],
      ['a seven-digit prefix', { pins: '3600011', cod: false, etaDays: [1, 2] }, MESSAGES.invalidDeliveryArea],
      ['a range backwards', { pins: '360999-360001', cod: false, etaDays: [1, 2] }, MESSAGES.invalidDeliveryArea],
      ['a range of short PINs', { pins: '360-361', cod: false, etaDays: [1, 2] }, MESSAGES.invalidDeliveryArea],
      ['more days first', { pins: '360', cod: false, etaDays: [5, 3] }, MESSAGES.invalidEtaDays],
      ['fractional days', { pins: '360', cod: false, etaDays: [1.5, 3] }, MESSAGES.invalidEtaDays],
      ['over 60 days', { pins: '360', cod: false, etaDays: [1, 61] }, MESSAGES.invalidEtaDays],
      ['cod as text', { pins: '360', cod: 'yes', etaDays: [1, 2] }, MESSAGES.invalidRequest],
    ])('refuses an area with %s', async (_label, area, message) => {
      const res = await save({ ...RAJKOT_ONLY, areas: [area] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(await DeliverySettingsRecord.countDocuments()).toBe(0);
    });

    it('refuses settings without servesAllIndia or with a bad default estimate', async () => {
      expect((await save({ etaDays: [1, 2], areas: [] })).status).toBe(400);
      const res = await save({ servesAllIndia: true, etaDays: [9, 2], areas: [] });
      expect(res.body.error).toBe(MESSAGES.invalidEtaDays);
    });

    it('takes a CSV file of areas, with or without a header, and keeps the other settings', async () => {
      await save(RAJKOT_ONLY).expect(200);
      const res = await shop.ctx.http
        .post('/api/admin/delivery/csv')
        .set(bearer(shop.admin))
        .send({ csv: 'pins,cod,minDays,maxDays\r\n380,yes,2,4\r\n400001-400099, no ,5,7\r\n\r\n' })
        .expect(200);
      expect(res.body).toEqual({
        ...RAJKOT_SAVED,
        areas: [
          { pins: '380', cod: true, etaDays: [2, 4] },
          { pins: '400001-400099', cod: false, etaDays: [5, 7] },
        ],
      });
      expect((await check('380015')).body).toMatchObject({ serviceable: true, cod: true, etaDays: [2, 4] });
      expect((await check('360001')).body.serviceable).toBe(false);

      const bare = await shop.ctx.http
        .post('/api/admin/delivery/csv')
        .set(bearer(shop.admin))
        .send({ csv: '395,no,3,5' });
      expect(bare.body.areas).toEqual([{ pins: '395', cod: false, etaDays: [3, 5] }]);
    });

    it.each([
      ['a bad prefix', 'pins,cod,minDays,maxDays\n380,yes,2,4\n03,yes,2,4', 3],
      ['a bad cod answer', '380,maybe,2,4', 1],
      ['missing days', '380,yes,2', 1],
      ['days as words', '380,yes,two,four', 1],
      ['an unclosed quote', '"380,yes,2,4', 1],
    ])('refuses a CSV with %s, naming the row, and changes nothing', async (_label, csv, row) => {
      await save(RAJKOT_ONLY).expect(200);
      const res = await shop.ctx.http.post('/api/admin/delivery/csv').set(bearer(shop.admin)).send({ csv });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.invalidDeliveryCsv(row));
      expect((await shop.ctx.http.get('/api/admin/delivery').set(bearer(shop.admin))).body).toEqual(RAJKOT_SAVED);
    });

    it('refuses a CSV upload without the csv text', async () => {
      const res = await shop.ctx.http.post('/api/admin/delivery/csv').set(bearer(shop.admin)).send({ file: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.invalidRequest);
    });

    it("are the owner's alone", async () => {
      await expectAdminOnly(shop.ctx, 'get', '/api/admin/delivery');
      await expectAdminOnly(shop.ctx, 'put', '/api/admin/delivery');
      await expectAdminOnly(shop.ctx, 'post', '/api/admin/delivery/csv');
    });
  });

  describe('paying for a delivery', () => {
    async function shopperWithCart() {
      const shopper = await signUpCustomer(shop.ctx);
      const oil = await MainCategory.create({ title: 'Neem Oil', mainPricePaise: 40000, offerPricePaise: 35000 });
      await shop.ctx.http
        .post('/api/cart/add-to-cart')
        .set(bearer(shopper.token))
        .send({ productId: String(oil._id), quantity: 1 })
        .expect(200);
      return shopper;
    }

    it('is refused for a PIN the shop does not serve, before any payment order exists', async () => {
      await save(RAJKOT_ONLY).expect(200);
      const shopper = await shopperWithCart();
      const res = await shop.ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: PUNE });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.pinNotServiceable);
      expect(await PendingCheckout.countDocuments({ userId: shopper.userId })).toBe(0);
    });

    it('is refused for a saved address without a PIN once the shop serves only its areas', async () => {
      await save(RAJKOT_ONLY).expect(200);
      const shopper = await shopperWithCart();
      await shop.ctx.http
        .post('/api/auth/add-address')
        .set(bearer(shopper.token))
        .send({ address: '3 Durbar Marg, Kathmandu, Bagmati, Nepal, 44600' })
        .expect(200);
      const res = await shop.ctx.http.post('/api/payment/create-order').set(bearer(shopper.token)).send({});
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.pinNotServiceable);
    });

    it('goes ahead for a served PIN, and anywhere with the default settings', async () => {
      await save(RAJKOT_ONLY).expect(200);
      const shopper = await shopperWithCart();
      const served = await shop.ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: RAJKOT });
      expect(served.status).toBe(200);

      await DeliverySettingsRecord.deleteMany({});
      const anywhere = await shop.ctx.http
        .post('/api/payment/create-order')
        .set(bearer(shopper.token))
        .send({ address: PUNE });
      expect(anywhere.status).toBe(200);
    });
  });
});
