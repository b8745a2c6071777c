import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose, { Types } from 'mongoose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type Order as OrderDto } from '@kesh/shared';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectMongoose, databaseUri, syncIndexes } from '../db/index.js';
import { startEmbeddedEngine, type EmbeddedEngine } from '@kesh/embedded-mongo';
import { buildDeps } from '../build-deps.js';
import { createLogger } from '../lib/logger.js';
import { Order } from '../modules/orders/order.model.js';
import { PendingCheckout } from '../modules/payments/checkout.model.js';
import { CouponRedemption } from '../modules/coupons/coupon.model.js';
import { CodSlot } from '../modules/orders/cod-slot.model.js';
import { SCALE_ADMIN, SCALE_DB_NAME, assertValid, buildShop } from './build-shop.js';
import { couponsOf } from './catalogue.js';
import { ShopHistory } from './history.js';

const END = new Date('2026-11-26T12:00:00.000Z');
const SIZE = { orders: 200, users: 60, products: 20, days: 60, end: END };

function historyOf(seed: number) {
  const catalogue = Array.from({ length: 20 }, (_, i) => ({
    _id: new Types.ObjectId(i.toString(16).padStart(24, '0')),
    title: `Product ${i}`,
    offerPricePaise: 19_900 + i * 1_000,
    mainPricePaise: 24_900 + i * 1_000,
  }));
  const start = END.getTime() - 60 * 86_400_000;
  const options = {
    orders: 200,
    users: 60,
    customers: 40,
    days: 60,
    end: END,
    seed,
    messages: 100,
    legacyShare: 0.05,
    codFeePaise: 4_900,
    invoicePrefix: 'INV',
    passwordHash: '$2b$10$abcdefghijklmnopqrstuu3C9wz0ZQ8Ue0u6Ob3dYQh5t7Ds6cGW6',
  };
  return new ShopHistory(
    options,
    catalogue,
    couponsOf((f) => new Date(start + f * 60 * 86_400_000)),
  );
}

describe('the generated shop history', () => {
  it('writes every record in its model’s shape, the same for the same seed', async () => {
    const [a, b] = [historyOf(26), historyOf(26)];
    for (let i = 0; i < 200; i += 1) {
      const records = a.orderRecords(i);
      expect(b.orderRecords(i)).toEqual(records);
      await assertValid(Order, records.order);
      // Casting through the model changes nothing: every field already has the model's type.
      expect(new Order(records.order).toObject()).toEqual(records.order);
      if (records.checkout) await assertValid(PendingCheckout, records.checkout);
      if (records.abandonedCheckout) await assertValid(PendingCheckout, records.abandonedCheckout);
      if (records.redemption) await assertValid(CouponRedemption, records.redemption);
      if (records.codSlot) await assertValid(CodSlot, records.codSlot);
    }
    expect(historyOf(27).orderRecords(5)).not.toEqual(historyOf(26).orderRecords(5));
  });
});

describe('a generated shop opened by the server', () => {
  let dataDir: string;
  let engine: EmbeddedEngine;
  let http: ReturnType<typeof request>;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-scale-'));
    await buildShop(dataDir, SIZE);
    // What main.ts does with DATA_DIR, short of listening on a port.
    engine = await startEmbeddedEngine({ dataDir });
    await connectMongoose(databaseUri(engine.uri, SCALE_DB_NAME));
    await syncIndexes();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      RATE_LIMIT: 'false',
      SEED_ON_EMPTY: 'false',
      DATA_DIR: dataDir,
    });
    http = request(createApp(await buildDeps(config, createLogger('silent'))));
    const login = await http.post('/logAdmin').send(SCALE_ADMIN);
    expect(login.status).toBe(200);
    token = login.body.token;
  });

  afterAll(async () => {
    await mongoose.disconnect();
    await engine?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const admin = (url: string) => http.get(url).set('Authorization', `Bearer ${token}`);

  it('lists every order, in every status, paid online and in cash', async () => {
    const res = await admin('/api/orders/');
    expect(res.status).toBe(200);
    const orders = res.body as OrderDto[];
    expect(orders).toHaveLength(200);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(ORDER_STATUSES));
    expect(orders.some((o) => o.paymentMethod === 'cod')).toBe(true);
    expect(orders.some((o) => o.paymentMethod === 'online')).toBe(true);
    expect(orders.some((o) => o.refund)).toBe(true);
  });

  it('answers the owner’s other screens from the generated records', async () => {
    expect((await admin('/api/auth/users')).body).toHaveLength(60);
    expect((await admin('/api/contact')).body).toHaveLength(100);
    const coupons = (await admin('/api/admin/coupons')).body as { code: string; usedCount: number }[];
    expect(coupons.reduce((sum, c) => sum + c.usedCount, 0)).toBe(await CouponRedemption.countDocuments());
    const stats = await admin('/api/admin/stats?days=30');
    expect(stats.status).toBe(200);
    expect(stats.body.perDay).toHaveLength(30);
    const csv = await admin('/api/orders/export.csv');
    expect(csv.status).toBe(200);
    const numbered = await Order.findOne({ invoiceNumber: { $exists: true } }).lean();
    const invoice = await admin(`/api/orders/${String(numbered!._id)}/invoice`);
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
  });

  it('shows the catalogue with a picture on every product', async () => {
    const res = await http.get('/api/main-category');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    const product = res.body[0];
    const image = await http.get(new URL(product.image, 'http://x').pathname);
    expect(image.status).toBe(200);
  });
});
