import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import mongoose from 'mongoose';
import { STATS_MAX_DAYS, istDay, type SalesStats } from '@kesh/shared';
import { DEV_RAZORPAY_SIM_SECRET } from '../../config.js';
import {
  allowCashOnDeliveryIn360,
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { writeOrderHistory } from '../../test/order-history.js';
import { indexesUsed } from '../../test/plan.js';
import { recountSalesStats } from '../../test/sales-recount.js';
import { hmacHex } from '../payments/gateway.js';
import { refundRecordingGateway } from '../../test/refund-recorder.js';
import { Order } from './order.model.js';
import { salesStats } from './reports.js';
import { DAYS_PER_FIND, IN_FLIGHT_MS, daysBetween, rebuildSalesRollups, warmSalesRollups } from './sales-rollup.js';
import { SalesDay, SalesRollupMark } from './sales-rollup.model.js';
import { daysRewrittenSince, warmSalesWindows } from './sales-window.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const HISTORY_DAYS = 420;
const ORDERS = 3000;
const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const WINDOWS = [1, 7, 30, 90, 365, 1096];
/** Building a thousand days on a busy shared machine takes a while; no test asserts a duration. */
const SLOW = 120_000;
type DayFilter = { $gte: string; $lte: string } | { $in: string[] };

/**
 * The finds `run` makes of stored days (their _id filters, and those by when they were rewritten)
 * and of orders.
 */
async function findsDuring(
  run: () => Promise<unknown>,
): Promise<{ days: DayFilter[]; rewritten: unknown[]; orders: unknown[] }> {
  const days: DayFilter[] = [];
  const rewritten: unknown[] = [];
  const orders: unknown[] = [];
  mongoose.set('debug', (collection: string, method: string, filter: { _id?: DayFilter; readAt?: unknown }) => {
    if (method === 'find' && collection === 'salesdays') {
      if (filter._id) days.push(filter._id);
      else rewritten.push(filter.readAt);
    }
    if (method === 'find' && collection === 'orders') orders.push(filter);
  });
  try {
    await run();
  } finally {
    mongoose.set('debug', false);
  }
  return { days, rewritten, orders };
}

/** Finds of at most DAYS_PER_FIND days each; given a `count`, consecutive and covering that many. */
function expectHundredDaysPerFind(ranges: DayFilter[], count: number | undefined) {
  const days = ranges.map((range) => daysBetween((range as { $gte: string }).$gte, (range as { $lte: string }).$lte));
  for (const part of days) expect(part.length).toBeLessThanOrEqual(DAYS_PER_FIND);
  if (count === undefined) return;
  expect(days.flat()).toHaveLength(count);
  expect(days.flat()).toEqual(daysBetween(days[0]![0]!, days.at(-1)!.at(-1)!));
}

describe('sales roll-ups', () => {
  let ctx: TestContext;
  let admin: string;
  const clock = { now: NOW };
  /** Refunds answered as the test says: processed, pending (a webhook settles it later) or refused. */
  const gateway = refundRecordingGateway();
  let products: Awaited<ReturnType<typeof writeOrderHistory>>;

  const stats = async (days: number) => {
    const res = await ctx.http.get(`/api/admin/stats?days=${days}`).set(bearer(admin));
    expect(res.status).toBe(200);
    return res.body as SalesStats;
  };
  /** Every window's figures equal the aggregation over every order's. */
  async function expectRecountFigures() {
    for (const days of WINDOWS) {
      const recount = JSON.parse(JSON.stringify(await recountSalesStats(days, clock.now))) as SalesStats;
      expect(await stats(days), `${days} days`).toEqual(recount);
    }
  }

  beforeAll(async () => {
    ctx = await startTestApp({}, { payments: gateway.payments, now: () => new Date(clock.now) });
    admin = (await createAdminToken(ctx)).token;
    products = await writeOrderHistory({ orders: ORDERS, days: HISTORY_DAYS, now: NOW });
  });
  afterAll(() => ctx.close());
  afterEach(() => {
    clock.now = NOW;
    gateway.answer = 'processed';
  });

  it(
    'adds up the same figures as a recount of every order, for windows of a day to three years',
    async () => {
      await expectRecountFigures();
      expect(await SalesDay.countDocuments()).toBe(1096);
    },
    SLOW,
  );

  it(
    'folds in orders placed, cancelled, refunded, dispatched and paid through the shop since',
    async () => {
      await stats(30);
      const some = (filter: Record<string, unknown>, n: number) =>
        Order.find(filter, { _id: 1 })
          .sort({ createdAt: 1 })
          .limit(n)
          .lean()
          .then((rows) => rows.map((r) => String(r._id)));
      const admins = bearer(admin);

      // Cancelled by the owner with a refund that goes through, stays pending, or is refused.
      const processing = await some({ status: 'Processing', paymentMethod: 'online' }, 6);
      for (const [i, id] of processing.entries()) {
        gateway.answer = (['processed', 'pending', 'refused'] as const)[i % 3]!;
        await ctx.http.post(`/api/orders/${id}/cancel`).set(admins).expect(200);
      }
      // Failed refunds asked again: one goes through, one is refused again.
      const failed = await some({ 'refund.status': 'failed' }, 2);
      gateway.answer = 'processed';
      await ctx.http.post(`/api/orders/${failed[0]}/refund`).set(admins).expect(200);
      gateway.answer = 'refused';
      await ctx.http.post(`/api/orders/${failed[1]}/refund`).set(admins).expect(200);
      // Pending refunds settled by Razorpay's webhook.
      const pending = await Order.find({ 'refund.status': 'pending', 'refund.id': { $ne: null } })
        .limit(2)
        .lean();
      for (const [i, order] of pending.entries()) {
        const raw = JSON.stringify({
          event: i === 0 ? 'refund.processed' : 'refund.failed',
          payload: { refund: { entity: { id: order.refund!.id, entity: 'refund' } } },
        });
        await ctx.http
          .post('/api/payment/webhook')
          .set({ 'Content-Type': 'application/json', 'X-Razorpay-Signature': hmacHex(DEV_RAZORPAY_SIM_SECRET, raw) })
          .send(raw)
          .expect(200);
      }
      // Cash collected for delivered cash-on-delivery orders; parcels on their way and delivered.
      for (const id of await some({ status: 'Delivered', paymentMethod: 'cod', paidAt: null }, 4)) {
        await ctx.http.put(`/api/orders/${id}/paid`).set(admins).expect(200);
      }
      for (const id of await some({ status: 'Processing' }, 4)) {
        await ctx.http.put(`/api/orders/${id}/status`).set(admins).send({ status: 'Dispatched' }).expect(200);
      }
      for (const id of await some({ status: 'Dispatched' }, 4)) {
        await ctx.http.put(`/api/orders/${id}/status`).set(admins).send({ status: 'Delivered' }).expect(200);
      }

      // New orders: online today and on a past day just after its Indian midnight (an order written
      // with an older clock), then one cancelled by its shopper; a cash-on-delivery order, delivered
      // and paid.
      const asha = await signUpCustomer(ctx, { username: 'Asha' });
      const oil = String(products[0]!.id);
      await buyWithSimulator(ctx, asha, oil, 2, ADDRESS);
      clock.now = new Date('2026-10-01T18:30:00.000Z');
      const past = await buyWithSimulator(ctx, asha, String(products[1]!.id), 1, ADDRESS);
      clock.now = NOW;
      const cancelled = await buyWithSimulator(ctx, asha, oil, 1, ADDRESS);
      await ctx.http.post(`/api/orders/${cancelled._id}/cancel`).set(bearer(asha.token)).expect(200);
      await allowCashOnDeliveryIn360();
      await ctx.http.post('/api/cart/add-to-cart').set(bearer(asha.token)).send({ productId: oil, quantity: 1 });
      const cod = await ctx.http.post('/api/orders/cod').set(bearer(asha.token)).send({ address: ADDRESS }).expect(201);
      const codId = cod.body.order._id as string;
      await ctx.http.put(`/api/orders/${codId}/status`).set(admins).send({ status: 'Delivered' }).expect(200);
      await ctx.http.put(`/api/orders/${codId}/paid`).set(admins).expect(200);
      expect(istDay(new Date(past.createdAt))).toBe('2026-10-02');

      await expectRecountFigures();
    },
    SLOW,
  );

  it(
    'reads no orders when nothing changed, and only the days of the orders that did',
    async () => {
      await stats(1096);
      const reads: unknown[] = [];
      mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
        if (collection === 'orders' && method === 'find') reads.push(filter);
      });
      try {
        await stats(1096);
        // The changed-order scans (by updatedAt and by _id) found nothing to recompute.
        expect(reads).toHaveLength(2);

        const [a, b] = await Order.find({ status: 'Dispatched' }).sort({ createdAt: 1 }).limit(2).lean();
        for (const order of [a!, b!]) {
          await ctx.http.put(`/api/orders/${order._id}/status`).set(bearer(admin)).send({ status: 'Delivered' });
        }
        reads.length = 0;
        await stats(1096);
        const dayReads = reads.filter((f) => (f as { createdAt?: unknown }).createdAt);
        const days = new Set([istDay(a!.createdAt), istDay(b!.createdAt)]);
        expect(dayReads).toHaveLength(days.size);
      } finally {
        mongoose.set('debug', false);
      }
    },
    SLOW,
  );

  it(
    'rebuilds every roll-up on command, and drops them all when the mark of what they saw is lost',
    async () => {
      await SalesDay.updateMany({}, { $set: { orders: 999 } });
      const first = (await Order.findOne().sort({ createdAt: 1 }).lean())!.createdAt;
      expect(await rebuildSalesRollups(NOW)).toBe(daysBetween(istDay(first), istDay(NOW)).length);
      await expectRecountFigures();

      // Without the mark nothing says which roll-ups are current: they are dropped and rebuilt.
      await SalesDay.updateMany({}, { $set: { orders: 999 } });
      await SalesRollupMark.deleteMany({});
      await expectRecountFigures();
    },
    SLOW,
  );

  it(
    'computes ahead every day the longest window needs, so the first request reads no day of orders',
    async () => {
      // An upgraded shop: orders, no roll-ups.
      await SalesDay.deleteMany({});
      expect(await warmSalesRollups(NOW)).toBe(STATS_MAX_DAYS);
      expect(await SalesDay.countDocuments()).toBe(STATS_MAX_DAYS);
      // Finding every day made, it reads the stored days a hundred per find, not all in one.
      const warm = await findsDuring(async () => expect(await warmSalesRollups(NOW)).toBe(0));
      expectHundredDaysPerFind(warm.days, STATS_MAX_DAYS);

      const { orders, days, rewritten } = await findsDuring(() => stats(STATS_MAX_DAYS));
      // Only the changed-order scans (by updatedAt and by _id).
      expect(orders).toHaveLength(2);
      // The days rewritten since this process last read them (here every day, made again by the
      // warm-up) in one find through their readAt index, read a hundred per batch; days it has no
      // copy of a hundred per find; then the days that name the best sellers (by $in).
      expect(rewritten).toHaveLength(1);
      expectHundredDaysPerFind(
        days.filter((range) => !('$in' in range)),
        undefined,
      );
      await expectRecountFigures();
    },
    SLOW,
  );

  it(
    "keeps the days the start's warm-up read, so the owner's first long window reads none of them",
    async () => {
      // An upgraded shop's first start: no roll-ups, so this process holds no copies either.
      await SalesDay.deleteMany({});
      await SalesRollupMark.deleteMany({});
      expect(await warmSalesWindows(NOW)).toBe(STATS_MAX_DAYS);
      for (const days of [365, STATS_MAX_DAYS]) {
        const { days: read, orders } = await findsDuring(() => stats(days));
        // Only the days naming the best sellers (by $in): no range of stored days, no day of orders.
        expect(
          read.filter((range) => !('$in' in range)),
          `${days} days`,
        ).toEqual([]);
        expect(orders, `${days} days`).toHaveLength(2);
      }
      await expectRecountFigures();
    },
    SLOW,
  );

  it(
    'reads again only the days rewritten since its last read, through their readAt index',
    async () => {
      await stats(STATS_MAX_DAYS);
      const since = new Date();
      // Another process rewrote one day (its figures unchanged) after this one read it.
      await SalesDay.updateOne({ _id: istDay(NOW) }, { $set: { readAt: new Date(since.getTime() + 1) } });
      const explain = (await daysRewrittenSince(since).explain('executionStats')) as unknown as Parameters<
        typeof indexesUsed
      >[0] & { executionStats: { totalDocsExamined: number } };
      expect(indexesUsed(explain)).toEqual(['readAt_1']);
      expect(explain.executionStats.totalDocsExamined).toBe(1);

      // A request for three years reads no day of its window again: only the rewritten ones, then
      // the days that name the best sellers (by $in).
      const { days, rewritten } = await findsDuring(() => stats(STATS_MAX_DAYS));
      expect(days.filter((range) => !('$in' in range))).toEqual([]);
      expect(rewritten).toHaveLength(1);
      await expectRecountFigures();
    },
    SLOW,
  );

  it(
    'lists the days rewritten since its previous listing, less the margin for writes in flight, not since the days were made',
    async () => {
      // Every day made at once a minute ago, as an upgraded shop's warm-up makes them: the mark is
      // lost, so the next figures drop the days (and this process's copies) and compute them again.
      await SalesRollupMark.deleteMany({});
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 60_000 });
      try {
        await salesStats(STATS_MAX_DAYS, NOW);
      } finally {
        vi.useRealTimers();
      }
      // A quiet shop, where no order changes: the mark is put past the fold's look-back, so that the
      // earlier tests' recent changes (already in those days) are not folded in again now.
      await SalesRollupMark.updateMany({}, { $set: { scannedUpTo: new Date(Date.now() + IN_FLIGHT_MS) } });
      await stats(STATS_MAX_DAYS);
      const firstListing = new Date();
      await stats(STATS_MAX_DAYS);
      const { rewritten } = await findsDuring(() => stats(STATS_MAX_DAYS));
      // Looked back from the previous listing (≥ firstListing), not from the days' readAt a minute ago.
      expect(rewritten).toHaveLength(1);
      const since = (rewritten[0] as { $gte: Date }).$gte;
      expect(since.getTime()).toBeGreaterThanOrEqual(firstListing.getTime() - IN_FLIGHT_MS);

      // A write that took its readAt before that listing and landed after it is still read.
      const listing = new Date();
      const day = istDay(NOW);
      await stats(STATS_MAX_DAYS);
      await SalesDay.updateOne({ _id: day }, { $set: { orders: 999, readAt: new Date(listing.getTime() - 5_000) } });
      const shown = await stats(STATS_MAX_DAYS);
      expect(shown.perDay.find((d) => d.day === day)?.orders).toBe(999);
      // The figures of every day, made again, are a recount's.
      await rebuildSalesRollups(NOW);
      await expectRecountFigures();
    },
    SLOW,
  );

  it('makes no day ahead for a shop without orders (the last test: it deletes them)', async () => {
    await Order.deleteMany({});
    await SalesDay.deleteMany({});
    await SalesRollupMark.deleteMany({});
    expect(await warmSalesWindows(NOW)).toBe(0);
    expect(await SalesDay.countDocuments()).toBe(0);
  });
});
