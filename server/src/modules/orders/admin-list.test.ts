import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  ADMIN_ORDERS_TEXTS,
  MESSAGES,
  ORDER_STATUSES,
  PAGING_TEXTS,
  istDay,
  orderSearchKeys,
  type AdminOrdersPage,
  type OrderStatus,
} from '@kesh/shared';
import { expectAdminOnly } from '../../test/admin-guard.js';
import {
  allowCashOnDeliveryIn360,
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { indexesUsed, stageNames } from '../../test/plan.js';
import { MainCategory } from '../catalog/category.model.js';
import { OrdersMigration, SEARCH_KEYS_MIGRATION, backfillOrderSearchKeys } from './admin-list-backfill.js';
import { ordersFilterOf } from './admin-list.js';
import { Order } from './order.model.js';

/** 3,000 orders over ~77 days: a shop's few months, enough that reading them all would show. */
const ORDER_COUNT = 3000;
const START = Date.UTC(2026, 0, 1, 3, 0);
const STEP_MS = 37 * 60 * 1000;
const FIRST = ['Asha', 'Ravi', 'Nita', 'Kiran', 'Meera', 'Hitesh', 'Pooja', 'Jignesh'];
const LAST = ['Patel', 'Shah', 'Mehta', 'Desai', 'Joshi', 'Vora'];
/** Mostly delivered, as an older shop's orders are. */
const statusOf = (i: number): OrderStatus =>
  (['Processing', 'Processing', 'Dispatched', 'Delivered', 'Delivered', 'Delivered', 'Delivered', 'Delivered'][i % 8] ??
    'Cancelled') as OrderStatus;

interface Fixture {
  _id: Types.ObjectId;
  status: OrderStatus;
  createdAt: Date;
  userDetails: { username: string; email: string; contact: string; address: string };
}

function fixture(i: number): Fixture {
  const customer = i % 300;
  return {
    _id: new Types.ObjectId(),
    status: i % 13 === 0 ? 'Cancelled' : statusOf(i),
    createdAt: new Date(START + i * STEP_MS),
    userDetails: {
      username: `${FIRST[customer % FIRST.length]} ${LAST[customer % LAST.length]}`,
      email: `customer${customer}@example.com`,
      contact: `98${String(customer).padStart(8, '0')}`,
      address: `${customer} Yagnik Road, Rajkot, Gujarat - 36${String(customer % 40).padStart(4, '0')}`,
    },
  };
}

const newestFirst = (a: Fixture, b: Fixture) => b.createdAt.getTime() - a.createdAt.getTime();

describe('GET /api/admin/orders', () => {
  let ctx: TestContext;
  let admin: { token: string };
  const orders = Array.from({ length: ORDER_COUNT }, (_, i) => fixture(i));

  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await createAdminToken(ctx);
    const productId = new Types.ObjectId();
    for (let i = 0; i < orders.length; i += 500) {
      await Order.insertMany(
        orders.slice(i, i + 500).map((o) => ({
          ...o,
          userId: new Types.ObjectId(),
          products: [{ productId, title: 'Bhringraj Oil', quantity: 1, pricePaise: 49900 }],
          totalPaise: 49900,
          paymentMethod: 'online',
        })),
      );
    }
  });
  afterAll(() => ctx.close());

  const list = (query: Record<string, string> = {}) =>
    ctx.http.get('/api/admin/orders').query(query).set(bearer(admin.token));

  /** What the list must answer, worked out from the fixture rather than by the server. */
  function expected(match: (o: Fixture) => boolean, status: OrderStatus = 'Processing') {
    const matching = orders.filter(match);
    const counts = Object.fromEntries(
      ORDER_STATUSES.map((s) => [s, matching.filter((o) => o.status === s).length]),
    ) as Record<OrderStatus, number>;
    return {
      counts,
      ids: matching
        .filter((o) => o.status === status)
        .sort(newestFirst)
        .map((o) => String(o._id)),
    };
  }

  const idsOf = (body: AdminOrdersPage) => body.items.map((o) => o._id);

  it('answers the Processing tab by default: its newest 25 orders, the total and every tab count', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    const want = expected(() => true);
    expect(res.body).toMatchObject({ page: 1, limit: 25, status: 'Processing', counts: want.counts });
    expect(res.body.total).toBe(want.counts.Processing);
    expect(idsOf(res.body)).toEqual(want.ids.slice(0, 25));
    expect(res.body.items[0]).toMatchObject({ status: 'Processing', totalAmount: 499, paymentMethod: 'online' });
    expect(res.body.items[0]).not.toHaveProperty('searchKeys');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('pages through a tab: pages follow each other without gaps, and a page past the end is empty', async () => {
    const want = expected(() => true, 'Cancelled');
    const pages = [];
    for (let page = 1; page <= Math.ceil(want.ids.length / 100); page++) {
      const res = await list({ status: 'Cancelled', limit: '100', page: String(page) });
      expect(res.status).toBe(200);
      pages.push(...idsOf(res.body));
    }
    expect(pages).toEqual(want.ids);
    const last = await list({ status: 'Cancelled', limit: '100', page: String(Math.ceil(want.ids.length / 100)) });
    expect(last.body.items).toHaveLength(want.ids.length % 100 || 100);
    const past = await list({ status: 'Cancelled', limit: '100', page: '99' });
    expect(past.body).toMatchObject({ items: [], page: 99, total: want.ids.length });
  });

  it('keeps the Indian days from and to, both included, for the page and the counts', async () => {
    const from = istDay(orders[100]!.createdAt);
    const to = istDay(orders[400]!.createdAt);
    const res = await list({ status: 'Delivered', from, to, limit: '50' });
    const want = expected((o) => istDay(o.createdAt) >= from && istDay(o.createdAt) <= to, 'Delivered');
    expect(res.body.counts).toEqual(want.counts);
    expect(idsOf(res.body)).toEqual(want.ids.slice(0, 50));

    const oneDay = await list({ status: 'Delivered', from: to, to });
    expect(oneDay.body.counts).toEqual(expected((o) => istDay(o.createdAt) === to).counts);
  });

  describe('search', () => {
    const sample = orders[1234]!;
    const byKey = (key: string) => (o: Fixture) => orderSearchKeys(o).includes(key);

    it.each([
      [
        'the order number the panel shows',
        String(sample._id).slice(-8).toUpperCase(),
        byKey(String(sample._id).slice(-8)),
      ],
      ['the full order id', String(sample._id), (o: Fixture) => o._id.equals(sample._id)],
      ['a name word, in any case', 'MEERA', byKey('meera')],
      ['two name words', 'meera  patel', (o: Fixture) => o.userDetails.username === 'Meera Patel'],
      [
        'the e-mail',
        sample.userDetails.email.toUpperCase(),
        (o: Fixture) => o.userDetails.email === sample.userDetails.email,
      ],
      [
        'the phone as written with +91 and spaces',
        `+91 ${sample.userDetails.contact.slice(0, 5)} ${sample.userDetails.contact.slice(5)}`,
        (o: Fixture) => o.userDetails.contact === sample.userDetails.contact,
      ],
      [
        'the PIN code',
        sample.userDetails.address.slice(-6),
        (o: Fixture) => o.userDetails.address.endsWith(sample.userDetails.address.slice(-6)),
      ],
    ])('finds orders by %s, with the counts of every tab', async (_what, q, match) => {
      for (const status of ORDER_STATUSES) {
        const want = expected(match, status);
        const res = await list({ q, status, limit: '100' });
        expect(res.status).toBe(200);
        expect(res.body.counts).toEqual(want.counts);
        expect(idsOf(res.body)).toEqual(want.ids.slice(0, 100));
      }
      expect(Object.values(expected(match).counts).reduce((a, b) => a + b)).toBeGreaterThan(0);
    });

    it('finds an order by its invoice number, and a search with dates narrows both', async () => {
      await Order.updateOne({ _id: sample._id }, { $set: { invoiceNumber: 'INV/2025-26/000042' } });
      const res = await list({ q: 'inv/2025-26/000042', status: sample.status });
      expect(idsOf(res.body)).toEqual([String(sample._id)]);
      expect(res.body.counts[sample.status]).toBe(1);

      const day = istDay(sample.createdAt);
      const dated = await list({ q: 'patel', from: day, to: day, status: sample.status });
      const want = expected((o) => byKey('patel')(o) && istDay(o.createdAt) === day, sample.status);
      expect(dated.body.counts).toEqual(want.counts);
      expect(idsOf(dated.body)).toEqual(want.ids.slice(0, 25));
    });

    it('finds nothing, with every count 0, for a word no order has', async () => {
      const res = await list({ q: 'zzyzx' });
      expect(res.body).toMatchObject({
        items: [],
        total: 0,
        counts: { Processing: 0, Dispatched: 0, Delivered: 0, Cancelled: 0 },
      });
    });
  });

  it.each([
    [{ status: 'Shipped' }, MESSAGES.invalidOrderStatus],
    [{ from: '2026-13-01' }, MESSAGES.invalidDateRange],
    [{ to: 'yesterday' }, MESSAGES.invalidDateRange],
    [{ from: '2026-02-01', to: '2026-01-01' }, MESSAGES.invalidDateRange],
    [{ page: '0' }, PAGING_TEXTS.invalidPage],
    [{ limit: '101' }, PAGING_TEXTS.invalidPageSize],
    [{ q: 'x'.repeat(101) }, ADMIN_ORDERS_TEXTS.searchTooLong],
    [{ q: '!!! ---' }, ADMIN_ORDERS_TEXTS.searchNothing],
  ])('refuses %j with a clear 400', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses a repeated parameter (an array) rather than guessing', async () => {
    const res = await ctx.http.get('/api/admin/orders?status=Processing&status=Delivered').set(bearer(admin.token));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.invalidOrderStatus);
    const q = await ctx.http.get('/api/admin/orders?q=a&q=b').set(bearer(admin.token));
    expect(q.body.error).toBe(ADMIN_ORDERS_TEXTS.searchNothing);
  });

  it('is for the admin only', async () => {
    await expectAdminOnly(ctx, 'get', '/api/admin/orders');
  });

  describe('reads only the page, never the other orders', () => {
    type Explain = Record<string, unknown>;
    const examined = (e: Explain) => (e.executionStats as { totalDocsExamined: number }).totalDocsExamined;
    const explainPage = (query: { q?: string; from?: string; to?: string }, status: OrderStatus, skip = 0) =>
      Order.find({ ...ordersFilterOf(query), status })
        .sort({ createdAt: -1 })
        .skip(skip)
        .limit(25)
        .explain('executionStats') as unknown as Promise<Explain>;

    it('a tab, with or without dates, walks the status index in order: 25 orders read for page 1 and for page 3', async () => {
      for (const query of [{}, { from: istDay(orders[500]!.createdAt), to: istDay(orders[2500]!.createdAt) }]) {
        const first = await explainPage(query, 'Delivered');
        expect(indexesUsed(first)).toEqual(['status_1_createdAt_-1']);
        expect(stageNames(first)).not.toContain('SORT');
        expect(examined(first)).toBe(25);
        expect(examined(await explainPage(query, 'Delivered', 50))).toBe(25);
      }
    });

    it('a search reads only the orders with the key in that tab and those days', async () => {
      const query = { q: 'patel', from: istDay(orders[500]!.createdAt), to: istDay(orders[2500]!.createdAt) };
      const plan = await explainPage(query, 'Delivered');
      expect(indexesUsed(plan)).toEqual(['searchKeys_1_status_1_createdAt_-1']);
      const res = await list({ ...query, status: 'Delivered' });
      expect(examined(plan)).toBe(res.body.total);
      expect(res.body.total).toBeLessThan(ORDER_COUNT / 10);
    });

    it('an order number, a full id and an invoice number read one order', async () => {
      const sample = orders[42]!;
      await Order.updateOne({ _id: sample._id }, { $set: { invoiceNumber: 'INV/2025-26/000043' } });
      for (const q of [String(sample._id).slice(-8), String(sample._id), 'INV/2025-26/000043']) {
        expect(examined(await explainPage({ q }, sample.status)), q).toBe(1);
      }
    });

    it('the tab counts are answered from an index', async () => {
      const dates = { from: istDay(orders[500]!.createdAt), to: istDay(orders[2500]!.createdAt) };
      for (const [query, index] of [
        [dates, 'status_1_createdAt_-1'],
        [{ ...dates, q: 'shah' }, 'searchKeys_1_status_1_createdAt_-1'],
      ] as const) {
        // What countDocuments sends.
        const count = [
          { $match: { ...ordersFilterOf(query), status: 'Delivered' } },
          { $group: { _id: 1, n: { $sum: 1 } } },
        ];
        const plan = (await Order.aggregate(count).explain()) as unknown as Explain;
        expect(indexesUsed(plan)).toEqual([index]);
      }
    });
  });
});

describe('order search keys', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('are written for orders placed online and in cash on delivery, so the owner finds them at once', async () => {
    const admin = await createAdminToken(ctx);
    const product = await MainCategory.create({ title: 'Amla Oil', mainPricePaise: 30000, stock: 10 });
    const online = await signUpCustomer(ctx, { username: 'Devika Rao', contact: '9123456780' });
    await buyWithSimulator(ctx, online, String(product._id), 1, '4 Kalawad Road, Rajkot, Gujarat, India, 360005');
    await allowCashOnDeliveryIn360();
    const cod = await signUpCustomer(ctx, { username: 'Farhan Ali', contact: '9988776655' });
    await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(cod.token))
      .send({ productId: String(product._id), quantity: 1 });
    const placed = await ctx.http
      .post('/api/orders/cod')
      .set(bearer(cod.token))
      .send({ address: '9 University Road, Rajkot, Gujarat, India, 360005' });
    expect(placed.status).toBe(201);

    const find = (q: string) => ctx.http.get('/api/admin/orders').query({ q }).set(bearer(admin.token));
    expect(
      (await find('devika')).body.items.map((o: { userDetails: { username: string } }) => o.userDetails.username),
    ).toEqual(['Devika Rao']);
    expect((await find('9988776655')).body.items[0].paymentMethod).toBe('cod');
    expect((await find('360005')).body.total).toBe(2);
  });

  it('are given to older orders once, by a backfill that is recorded and safe to run again', async () => {
    const older = Array.from({ length: 450 }, (_, i) => ({
      _id: new Types.ObjectId(),
      userId: new Types.ObjectId(),
      products: [],
      totalPaise: 10000,
      status: 'Delivered',
      createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000),
      updatedAt: new Date(Date.UTC(2024, 0, 2)),
      userDetails: { username: `Old Customer${i}`, email: `old${i}@example.com`, contact: '', address: '' },
    }));
    // Written as an older version of the store wrote them: no searchKeys.
    await Order.collection.insertMany(older);
    await OrdersMigration.deleteMany({});

    expect(await backfillOrderSearchKeys(100)).toBe(450);
    const sample = await Order.findById(older[321]!._id).lean();
    expect(sample!.searchKeys).toEqual(orderSearchKeys(older[321]!));
    // Not a change the sales roll-ups count: no day of two years ago is recomputed for it.
    expect(sample!.updatedAt).toEqual(older[321]!.updatedAt);
    expect(await OrdersMigration.exists({ _id: SEARCH_KEYS_MIGRATION })).toBeTruthy();
    // Recorded: the next start-up reads one document and changes nothing.
    expect(await backfillOrderSearchKeys(100)).toBe(0);
    // Run again without the record (a process stopped before writing it): nothing is written twice.
    await OrdersMigration.deleteMany({});
    expect(await backfillOrderSearchKeys(100)).toBe(0);
  });
});
