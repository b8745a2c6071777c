import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type SalesStats } from '@kesh/shared';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { parseCsv } from '../../test/csv.js';
import { MainCategory } from '../catalog/category.model.js';
import { CSV_COLUMNS } from './reports.js';

const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';

describe('sales view and CSV export', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let asha: Awaited<ReturnType<typeof signUpCustomer>>;
  let ravi: Awaited<ReturnType<typeof signUpCustomer>>;
  let oilId: string;
  let powderId: string;
  const clock = { now: new Date() };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await startTestApp({}, { now: () => new Date(clock.now) });
    admin = await createAdminToken(ctx);
    asha = await signUpCustomer(ctx, { username: 'Asha' });
    ravi = await signUpCustomer(ctx, { username: '=HYPERLINK("http://evil.example","Ravi")', contact: '9898989898' });
    oilId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900 }))._id);
    powderId = String((await MainCategory.create({ title: '+Amla Powder', mainPricePaise: 25000 }))._id);

    // 18 Nov (IST): Asha 2 oils. 19 Nov 23:50 IST: Ravi 1 powder. 20 Nov: Asha 1 oil, cancelled at
    // once for a full refund. 25 Nov: Asha 3 powders, dispatched.
    clock.now = new Date('2026-11-18T04:30:00.000Z');
    ids.first = (await buyWithSimulator(ctx, asha, oilId, 2, ADDRESS))._id;
    clock.now = new Date('2026-11-19T18:20:00.000Z'); // 19 Nov, 23:50 in India
    ids.second = (await buyWithSimulator(ctx, ravi, powderId, 1, '-1 Minus Street, Surat, Gujarat, India, 395003'))._id;
    clock.now = new Date('2026-11-20T06:00:00.000Z');
    ids.third = (await buyWithSimulator(ctx, asha, oilId, 1, ADDRESS))._id;
    await ctx.http.post(`/api/orders/${ids.third}/cancel`).set(bearer(asha.token)).expect(200);
    clock.now = new Date('2026-11-25T06:00:00.000Z');
    ids.later = (await buyWithSimulator(ctx, asha, powderId, 3, ADDRESS))._id;
    await ctx.http.put(`/api/orders/${ids.later}/status`).set(bearer(admin.token)).send({ status: 'Dispatched' });
  });
  afterAll(() => ctx.close());

  describe('GET /api/admin/stats', () => {
    const stats = (query: string, token = admin.token) => ctx.http.get(`/api/admin/stats${query}`).set(bearer(token));

    it('sums revenue less refunds per Indian day, with totals, top products and refunds', async () => {
      clock.now = new Date('2026-11-24T12:00:00.000Z');
      const res = await stats('?days=5');
      expect(res.status).toBe(200);
      const body = res.body as SalesStats;
      expect(body).toMatchObject({ days: 5, from: '2026-11-20', to: '2026-11-24' });
      expect(body.perDay.map((d) => [d.day, d.orders, d.revenuePaise])).toEqual([
        ['2026-11-20', 1, 0],
        ['2026-11-21', 0, 0],
        ['2026-11-22', 0, 0],
        ['2026-11-23', 0, 0],
        ['2026-11-24', 0, 0],
      ]);

      const week = (await stats('?days=7')).body as SalesStats;
      expect(week.perDay.slice(0, 3).map((d) => [d.day, d.orders, d.revenuePaise])).toEqual([
        ['2026-11-18', 1, 99800],
        ['2026-11-19', 1, 25000],
        ['2026-11-20', 1, 0],
      ]);
      expect(week.totals).toEqual({
        revenuePaise: 124800,
        orders: 3,
        averageOrderValuePaise: 41600,
        payingCustomers: 2,
      });
      expect(week.topProducts).toEqual([
        { productId: oilId, title: 'Bhringraj Oil', quantity: 2, revenuePaise: 99800, variant: null },
        { productId: powderId, title: '+Amla Powder', quantity: 1, revenuePaise: 25000, variant: null },
      ]);
      expect(week.refunds).toEqual({ count: 1, amountPaise: 49900, failed: 0 });
    });

    it('answers up to three years of days', async () => {
      clock.now = new Date('2026-11-30T12:00:00.000Z');
      const body = (await stats('?days=1096')).body as SalesStats;
      expect(body).toMatchObject({ days: 1096, from: '2023-12-01', to: '2026-11-30' });
      expect(body.perDay).toHaveLength(1096);
      expect(body.totals.orders).toBe(4);
    });

    it('defaults to 30 days', async () => {
      clock.now = new Date('2026-11-30T12:00:00.000Z');
      const body = (await stats('')).body as SalesStats;
      expect(body.perDay).toHaveLength(30);
      expect(body.totals.orders).toBe(4);
      expect(body.totals.revenuePaise).toBe(124800 + 75000);
    });

    it('refuses a bad number of days and callers who are not the admin', async () => {
      for (const query of ['?days=0', '?days=1097', '?days=10000', '?days=abc', '?days=1&days=2']) {
        const res = await stats(query);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(MESSAGES.invalidDays);
      }
      expect((await stats('', asha.token)).status).toBe(403);
      expect((await ctx.http.get('/api/admin/stats')).status).toBe(401);
    });
  });

  describe('GET /api/orders/export.csv', () => {
    const exportCsv = (query: string, token = admin.token) =>
      ctx.http.get(`/api/orders/export.csv${query}`).set(bearer(token)).buffer(true);

    it('streams one row per order line, escaping cells a spreadsheet would run as formulas', async () => {
      const res = await exportCsv('?from=2026-11-18&to=2026-11-20');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-11-18-to-2026-11-20.csv"');
      const rows = parseCsv(res.text.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([...CSV_COLUMNS]);
      expect(rows.slice(1).map((r) => r[0])).toEqual([ids.first, ids.second, ids.third]);

      const [first, second, third] = rows.slice(1);
      expect(first!.slice(3, 12)).toEqual([
        'Asha',
        asha.email,
        asha.contact,
        ADDRESS,
        'Bhringraj Oil',
        '2',
        '499.00',
        '998.00',
        'Processing',
      ]);
      expect(first![2]).toMatch(/^INV\/2026-27\/\d{6}$/);
      expect(second![3]).toBe(`'=HYPERLINK("http://evil.example","Ravi")`);
      expect(second![6]).toBe(`'-1 Minus Street, Surat, Gujarat, India, 395003`);
      expect(second![7]).toBe("'+Amla Powder");
      expect(third![11]).toBe('Cancelled');
      expect(third![13]).toMatch(/^499\.00 processed rfnd_sim_/);
    });

    it('filters by status and answers only a header when nothing matches', async () => {
      const dispatched = parseCsv((await exportCsv('?status=Dispatched')).text.replace(/^\uFEFF/, ''));
      expect(dispatched.slice(1).map((r) => [r[0], r[7], r[8]])).toEqual([[ids.later, "'+Amla Powder", '3']]);
      const none = parseCsv((await exportCsv('?from=2027-01-01&to=2027-01-31')).text.replace(/^\uFEFF/, ''));
      expect(none).toEqual([[...CSV_COLUMNS]]);
    });

    it('refuses bad dates, an unknown status and callers who are not the admin', async () => {
      for (const query of ['?from=2026-13-01', '?to=yesterday', '?from=2026-11-20&to=2026-11-18', '?from=2026-02-30']) {
        const res = await exportCsv(query);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(MESSAGES.invalidDateRange);
      }
      const status = await exportCsv('?status=Lost');
      expect(status.status).toBe(400);
      expect(status.body.error).toBe(MESSAGES.invalidOrderStatus);
      expect((await exportCsv('', asha.token)).status).toBe(403);
      expect((await ctx.http.get('/api/orders/export.csv')).status).toBe(401);
    });
  });
});
