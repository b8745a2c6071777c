import http from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import express, { type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { ORDER_STATUSES, type Order as OrderDto } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { STREAM_BATCH, streamAllOrders } from './admin-list-stream.js';
import { MainCategory } from '../catalog/index.js';
import { toOrderDtos, type OrderRecord } from './dto.js';
import { Order } from './order.model.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const START = Date.UTC(2025, 11, 1);
const ORDER_COUNT = 1300;

/**
 * Orders of every status placed a dozen to the millisecond, so that batch boundaries fall inside
 * runs of equal times, in the open orders and the Delivered ones alike.
 */
const createdAtOf = (i: number) => new Date(START + Math.floor(i / 12) * 60_000);

/** How GET /api/orders/ has always ordered the owner's orders (spec: Delivered last, the rest newest first). */
function specOrder(records: OrderRecord[]): OrderRecord[] {
  const newest = (a: OrderRecord, b: OrderRecord) =>
    b.createdAt.getTime() - a.createdAt.getTime() || String(b._id).localeCompare(String(a._id));
  return [
    ...records.filter((o) => o.status !== 'Delivered').sort(newest),
    ...records.filter((o) => o.status === 'Delivered').sort(newest),
  ];
}

describe('GET /api/orders/ for the owner, streamed', () => {
  let ctx: TestContext;
  let admin: { token: string };

  beforeAll(async () => {
    ctx = await startTestApp({}, { now: () => NOW });
    admin = await createAdminToken(ctx);
    const productId = new Types.ObjectId();
    await Order.insertMany(
      Array.from({ length: ORDER_COUNT }, (_, i) => ({
        userId: new Types.ObjectId(),
        products: [{ productId, title: 'Neem Oil', quantity: 1 + (i % 3), pricePaise: 25000 }],
        totalPaise: 25000 * (1 + (i % 3)),
        status: ORDER_STATUSES[i % 5 === 0 ? 0 : i % 4],
        paymentMethod: i % 2 ? 'cod' : 'online',
        createdAt: createdAtOf(i),
        userDetails: { username: `Customer ${i}`, email: `c${i}@example.com`, contact: '9876543210', address: '' },
      })),
    );
  });
  afterAll(() => ctx.close());

  it('answers every order, in the same order and the same shape as before it streamed', async () => {
    const res = await ctx.http.get('/api/orders/').set(bearer(admin.token));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const all = await Order.find().lean<OrderRecord[]>();
    expect(all).toHaveLength(ORDER_COUNT);
    expect(ORDER_COUNT).toBeGreaterThan(5 * STREAM_BATCH);
    const want = await toOrderDtos(specOrder(all), NOW);
    expect((res.body as OrderDto[]).map((o) => o._id)).toEqual(want.map((o) => o._id));
    expect(res.body).toEqual(JSON.parse(JSON.stringify(want)));
  });

  it('reads only the orders it answers with, besides those sharing a batch boundary millisecond', async () => {
    const queries: { getFilter(): object; getOptions(): { sort?: Record<string, 1 | -1>; limit?: number } }[] = [];
    const find = Order.find.bind(Order);
    const reads = vi.spyOn(Order, 'find').mockImplementation(((...args: Parameters<typeof Order.find>) => {
      const query = find(...args);
      queries.push(query);
      return query;
    }) as typeof Order.find);
    try {
      const res = await ctx.http.get('/api/orders/').set(bearer(admin.token));
      expect(res.body).toHaveLength(ORDER_COUNT);
    } finally {
      reads.mockRestore();
    }
    let examined = 0;
    let boundaries = 0;
    for (const query of queries) {
      const { sort, limit } = query.getOptions();
      if (!limit) boundaries++;
      const explain = (await Order.find(query.getFilter())
        .sort(sort ?? {})
        .limit(limit ?? 0)
        .explain('executionStats')) as unknown as { executionStats: { totalDocsExamined: number } };
      examined += explain.executionStats.totalDocsExamined;
    }
    // Each boundary read re-reads the orders of one millisecond (12 here) that its batch had.
    expect(examined).toBeLessThanOrEqual(ORDER_COUNT + 12 * boundaries);
  });

  it('answers an empty array when there are no orders, and a shopper still only their own', async () => {
    const shopper = await signUpCustomer(ctx);
    const mine = await ctx.http.get('/api/orders/').set(bearer(shopper.token));
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([]);
  });

  it('stops reading orders once the client has gone', async () => {
    const app = express();
    let finished: Promise<void> | undefined;
    app.get('/all', (_req, res) => {
      finished = streamAllOrders(res, NOW, { batch: 10 });
    });
    const server = http.createServer(app).listen(0);
    const { port } = server.address() as AddressInfo;
    const reads = vi.spyOn(Order, 'find');
    try {
      const complete = await new Promise<number>((resolve, reject) => {
        http
          .get({ port, path: '/all' }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve(bytes));
          })
          .on('error', reject);
      });
      await finished;
      const readsOfAll = reads.mock.calls.length;
      expect(readsOfAll).toBeGreaterThan(ORDER_COUNT / 10);
      expect(complete).toBeGreaterThan(0);

      reads.mockClear();
      await new Promise<void>((resolve) => {
        const req = http.get({ port, path: '/all' }, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', () => undefined);
      });
      await finished;
      expect(reads.mock.calls.length).toBeLessThan(readsOfAll / 4);
    } finally {
      reads.mockRestore();
      server.close();
    }
  });

  it('reads no further batch while the client reads nothing, and the rest once it reads again', async () => {
    // A response whose client has stopped reading: writes pile up unacknowledged until resumed.
    const waiting: (() => void)[] = [];
    let reading = false;
    let body = '';
    const res = Object.assign(
      new Writable({
        highWaterMark: 16 * 1024,
        write(chunk: Buffer, _encoding, done) {
          body += chunk.toString();
          if (reading) done();
          else waiting.push(done);
        },
      }),
      { set: () => res, status: () => res, type: () => res, headersSent: true },
    ) as unknown as Response;
    const reads = vi.spyOn(Order, 'find');
    try {
      const finished = streamAllOrders(res, NOW, { batch: 10 });
      await vi.waitUntil(() => waiting.length > 0);
      const readsWhenBlocked = reads.mock.calls.length;
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(reads.mock.calls.length).toBe(readsWhenBlocked);
      expect(readsWhenBlocked).toBeLessThan(ORDER_COUNT / 10 / 4);

      reading = true;
      for (const done of waiting.splice(0)) done();
      await finished;
      expect(reads.mock.calls.length).toBeGreaterThan(ORDER_COUNT / 10);
      expect(JSON.parse(body)).toHaveLength(ORDER_COUNT);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('GET /api/orders/ for the owner: the products its lines show', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let productIds: Types.ObjectId[];

  beforeAll(async () => {
    ctx = await startTestApp({}, { now: () => NOW });
    admin = await createAdminToken(ctx);
    const products = await MainCategory.create(
      ['Neem Oil', 'Amla Oil', 'Bhringraj Oil'].map((title) => ({ title, mainPricePaise: 25000 })),
    );
    productIds = products.map((p) => p._id);
    await Order.insertMany(
      Array.from({ length: 2 * STREAM_BATCH + 50 }, (_, i) => ({
        userId: new Types.ObjectId(),
        products: [{ productId: productIds[i % 3], title: 'as bought', quantity: 1, pricePaise: 25000 }],
        totalPaise: 25000,
        status: ORDER_STATUSES[i % 4],
        paymentMethod: 'cod',
        createdAt: createdAtOf(i),
        userDetails: { username: `Customer ${i}`, email: `c${i}@example.com`, contact: '9876543210', address: '' },
      })),
    );
  });
  afterAll(() => ctx.close());

  const productTitles = (body: OrderDto[]) => new Set(body.map((o) => o.products[0]?.productId?.title));

  it('are read once for the whole list, not once per batch, and an edit shows in the next list', async () => {
    const reads = vi.spyOn(MainCategory, 'find');
    try {
      const res = await ctx.http.get('/api/orders/').set(bearer(admin.token));
      expect(res.body).toHaveLength(2 * STREAM_BATCH + 50);
      expect(productTitles(res.body as OrderDto[])).toEqual(new Set(['Neem Oil', 'Amla Oil', 'Bhringraj Oil']));
      expect(reads).toHaveBeenCalledTimes(1);

      await MainCategory.findByIdAndUpdate(productIds[0], { title: 'Neem Hair Oil' });
      reads.mockClear();
      const again = await ctx.http.get('/api/orders/').set(bearer(admin.token));
      expect(productTitles(again.body as OrderDto[])).toEqual(new Set(['Neem Hair Oil', 'Amla Oil', 'Bhringraj Oil']));
      expect(reads).toHaveBeenCalledTimes(1);
    } finally {
      reads.mockRestore();
    }
  });
});
