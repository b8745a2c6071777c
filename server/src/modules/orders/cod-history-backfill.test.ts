import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { indexesUsed } from '../../test/plan.js';
import { codHistoriesOf } from '../users/cod-history.js';
import { User } from '../users/user.model.js';
import { OrdersMigration } from './admin-list-backfill.js';
import { COD_HISTORY_MIGRATION, backfillCodHistories, endedCodOrdersFind } from './cod-history-backfill.js';
import { Order } from './order.model.js';

type Explain = Parameters<typeof indexesUsed>[0] & { executionStats: { totalDocsExamined: number } };

/**
 * Issue 27: the owner's COD-risk view counted only from the upgrade. Orders placed (and ended)
 * before it are counted into each shopper's history once, in the background.
 */
describe('COD history of orders from before the upgrade', () => {
  let ctx: TestContext;
  let seq = 0;

  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await Promise.all([User.deleteMany({}), Order.deleteMany({}), OrdersMigration.deleteMany({})]);
  });

  async function account(codStats?: Record<string, number>) {
    seq += 1;
    const _id = new Types.ObjectId();
    await User.collection.insertOne({
      _id,
      username: `Shopper ${seq}`,
      email: `old${seq}@example.com`,
      contact: '9876543210',
      passwordHash: 'x',
      ...(codStats ? { codStats } : {}),
    });
    return _id;
  }
  /** Orders as an older version stored them: no counters were kept when they ended. */
  const orders = (userId: Types.ObjectId, ...states: [string, string, boolean?][]) =>
    Order.collection.insertMany(
      states.map(([paymentMethod, status, codRefused]) => ({
        userId,
        paymentMethod,
        status,
        ...(codRefused ? { codRefused } : {}),
        products: [],
        totalPaise: 50000,
        createdAt: new Date('2024-03-01'),
      })),
    );
  const historyOf = async (id: Types.ObjectId) => (await codHistoriesOf([id]))[String(id)];

  it("counts each shopper's delivered, refused and cancelled COD orders; online and open ones are not counted", async () => {
    const asha = await account();
    await orders(
      asha,
      ['cod', 'Delivered'],
      ['cod', 'Delivered'],
      ['cod', 'Cancelled', true],
      ['cod', 'Cancelled'],
      ['cod', 'Dispatched'],
      ['online', 'Delivered'],
      ['online', 'Cancelled'],
    );
    const online = await account();
    await orders(online, ['online', 'Delivered']);

    expect(await backfillCodHistories()).toBe(1);
    expect(await historyOf(asha)).toEqual({ delivered: 2, refused: 1, cancelled: 1 });
    expect(await historyOf(online)).toEqual({ delivered: 0, refused: 0, cancelled: 0 });
    expect((await User.findById(online).lean())?.codStats?.delivered).toBeUndefined();
  });

  it('an account counted only since the upgrade gets its whole history, not the old orders added on top', async () => {
    // One delivery counted live since the upgrade; two more, and a refusal, from before.
    const ravi = await account({ delivered: 1 });
    await orders(ravi, ['cod', 'Delivered'], ['cod', 'Delivered'], ['cod', 'Delivered'], ['cod', 'Cancelled', true]);
    await backfillCodHistories();
    expect(await historyOf(ravi)).toEqual({ delivered: 3, refused: 1, cancelled: 0 });
  });

  it('runs once: recorded as done, and run again (marker lost) it changes nothing', async () => {
    const ids = await Promise.all(Array.from({ length: 60 }, () => account()));
    for (const [i, id] of ids.entries()) {
      if (i % 4 > 0) await orders(id, ...Array.from({ length: i % 4 }, () => ['cod', 'Delivered'] as [string, string]));
    }

    expect(await backfillCodHistories(25)).toBe(45);
    expect(await OrdersMigration.exists({ _id: COD_HISTORY_MIGRATION })).not.toBeNull();
    const histories = await codHistoriesOf(ids);
    expect(ids.map((id) => histories[String(id)]!.delivered)).toEqual(ids.map((_, i) => i % 4));

    // Done: a later start-up reads the marker and leaves a counter the live code moved alone.
    await User.updateOne({ _id: ids[1] }, { $inc: { 'codStats.delivered': 1 } });
    expect(await backfillCodHistories(25)).toBe(0);
    expect(await historyOf(ids[1]!)).toMatchObject({ delivered: 2 });

    await OrdersMigration.deleteMany({});
    await User.updateOne({ _id: ids[1] }, { $inc: { 'codStats.delivered': -1 } });
    expect(await backfillCodHistories(7)).toBe(0);
    expect(await codHistoriesOf(ids)).toEqual(histories);
  });

  it("reads a step's orders through the userId index: the 25 accounts' orders, not the rest", async () => {
    const ids = await Promise.all(Array.from({ length: 200 }, () => account()));
    for (const id of ids) await orders(id, ['cod', 'Delivered'], ['online', 'Delivered']);
    const step = ids.slice(50, 75);
    const explain = (await endedCodOrdersFind(step).explain('executionStats')) as unknown as Explain;
    expect(indexesUsed(explain)).toEqual(['userId_1_createdAt_-1']);
    expect(explain.executionStats.totalDocsExamined).toBe(50);
  });
});
