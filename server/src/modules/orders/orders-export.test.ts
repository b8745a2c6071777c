import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { istDayStart, paiseToRupees } from '@kesh/shared';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { parseCsv } from '../../test/csv.js';
import { writeOrderHistory } from '../../test/order-history.js';
import type { OrderRecord } from './dto.js';
import { Order } from './order.model.js';
import { CSV_COLUMNS } from './reports.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const ORDERS = 3000;

/** What a spreadsheet shows of an order line: id, date, customer, product, quantity, line total, status. */
const shown = (row: string[]) => [row[0], row[1], row[3], row[7], row[8], row[10], row[11]];
const expectedRows = (orders: OrderRecord[]) =>
  orders.flatMap((o) =>
    o.products.map((line) => [
      String(o._id),
      o.createdAt.toISOString(),
      o.userDetails!.username.startsWith('+') ? `'${o.userDetails!.username}` : o.userDetails!.username,
      line.title.startsWith('=') ? `'${line.title}` : line.title,
      String(line.quantity),
      paiseToRupees(line.pricePaise * line.quantity).toFixed(2),
      o.status,
    ]),
  );

describe('GET /api/orders/export.csv at a few thousand orders', () => {
  let ctx: TestContext;
  let admin: string;
  const logLines: string[] = [];

  const exportCsv = async (query: string) => {
    const res = await ctx.http.get(`/api/orders/export.csv${query}`).set(bearer(admin)).buffer(true);
    expect(res.status).toBe(200);
    return parseCsv(res.text.replace(/^\uFEFF/, ''));
  };

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
    ctx = await startTestApp({}, { logger, now: () => NOW });
    admin = (await createAdminToken(ctx)).token;
    await writeOrderHistory({ orders: ORDERS, days: 200, now: NOW });
  });
  afterAll(() => ctx.close());

  it('writes every line of every order, oldest first, with cells a spreadsheet would run escaped', async () => {
    const rows = await exportCsv('');
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const orders = await Order.find().sort({ createdAt: 1, _id: 1 }).lean<OrderRecord[]>();
    expect(orders).toHaveLength(ORDERS);
    expect(rows.slice(1).map(shown)).toEqual(expectedRows(orders));
    expect(rows.slice(1).some((r) => r[7] === 'Hibiscus Shampoo, 200 ml')).toBe(true);
    expect(rows.slice(1).some((r) => r[7] === 'Onion "Red" Hair Oil')).toBe(true);
  });

  it('keeps to the days and the status asked for', async () => {
    const rows = await exportCsv('?from=2026-09-01&to=2026-09-30&status=Delivered');
    const orders = await Order.find({
      createdAt: { $gte: istDayStart('2026-09-01'), $lt: istDayStart('2026-10-01') },
      status: 'Delivered',
    })
      .sort({ createdAt: 1, _id: 1 })
      .lean<OrderRecord[]>();
    expect(orders.length).toBeGreaterThan(50);
    expect(rows.slice(1).map(shown)).toEqual(expectedRows(orders));
  });

  it('writes orders placed in the same millisecond in _id order, whatever order they were stored in', async () => {
    const at = new Date('2026-11-25T09:00:00.000Z');
    const ids = Array.from({ length: 40 }, () => new mongoose.Types.ObjectId());
    const stored = [...ids].sort((a, b) => (String(a) < String(b) ? 1 : -1)).filter((_, i) => i % 3 !== 1);
    stored.push(...ids.filter((id) => !stored.includes(id)));
    await Order.insertMany(
      stored.map((_id, i) => ({
        _id,
        userId: new mongoose.Types.ObjectId(),
        products: [{ productId: new mongoose.Types.ObjectId(), title: `Line ${i}`, quantity: 1, pricePaise: 100 }],
        totalPaise: 100,
        userDetails: { username: `Same-time ${i}`, email: '', address: '', contact: '' },
        createdAt: at,
      })),
    );
    try {
      const rows = await exportCsv('?from=2026-11-25&to=2026-11-25');
      const day = await Order.find({ createdAt: { $gte: istDayStart('2026-11-25'), $lt: NOW } })
        .sort({ createdAt: 1, _id: 1 })
        .lean<OrderRecord[]>();
      expect(rows.slice(1).map(shown)).toEqual(expectedRows(day));
      expect(
        rows
          .slice(1)
          .filter((r) => r[1] === at.toISOString())
          .map((r) => r[0]),
      ).toEqual(ids.map(String).sort());
    } finally {
      await Order.deleteMany({ _id: { $in: ids } });
    }
  });

  it('reads the orders one Indian day per engine read, each through the createdAt index', async () => {
    const reads: Record<string, { $gte?: Date; $lt?: Date }>[] = [];
    mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
      if (collection === 'orders' && method === 'find') reads.push(filter as (typeof reads)[number]);
    });
    try {
      await exportCsv('');
    } finally {
      mongoose.set('debug', false);
    }
    const dayReads = reads.filter((f) => f.createdAt?.$gte && f.createdAt.$lt);
    expect(dayReads.length).toBeGreaterThanOrEqual(200);
    let largest = 0;
    for (const { createdAt } of dayReads) {
      expect(createdAt!.$lt!.getTime() - createdAt!.$gte!.getTime()).toBe(86_400_000);
      const plan = await Order.find({ createdAt }).sort({ createdAt: 1, _id: 1 }).explain('executionStats');
      const stats = (plan as unknown as { executionStats: { nReturned: number; totalDocsExamined: number } })
        .executionStats;
      expect(stats.totalDocsExamined).toBeGreaterThanOrEqual(stats.nReturned);
      largest = Math.max(largest, stats.totalDocsExamined);
    }
    // Each read examines about a day's orders, a small part of the history: memory holds a day.
    expect(largest).toBeLessThan(ORDERS / 20);
  });

  it('stops reading orders when the client goes away', async () => {
    const server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const req = http.get(
          { host: '127.0.0.1', port, path: '/api/orders/export.csv', headers: bearer(admin) },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
      });
      const stopped = await new Promise<{ orders: number }>((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error('the export never noticed the client left')), 15_000);
        const poll = setInterval(() => {
          const line = logLines.find((l) => l.includes('orders export stopped: the client went away'));
          if (!line) return;
          clearInterval(poll);
          clearTimeout(deadline);
          resolve(JSON.parse(line) as { orders: number });
        }, 20);
      });
      expect(stopped.orders).toBeLessThan(ORDERS);
    } finally {
      server.close();
    }
  });
});
