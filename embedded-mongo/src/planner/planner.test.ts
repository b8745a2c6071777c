import { ObjectId, Timestamp, type Collection, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { indexesUsed, stageNames } from '../../test/plan.js';
import { connectTestDb, serverError, type TestDb } from '../../test/testing.js';

const DB_NAME = 'embedded_planner_test';

let testDb: TestDb;
let db: Db;
let orders: Collection;

const users = Array.from({ length: 20 }, () => new ObjectId());
const STATUSES = ['Processing', 'Shipped', 'Delivered'];
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

beforeAll(async () => {
  ({ db } = testDb = await connectTestDb(DB_NAME));
});
afterAll(() => testDb?.close());

beforeEach(async () => {
  await db.dropDatabase();
  orders = db.collection('orders');
  await orders.createIndex({ userId: 1, createdAt: -1 });
  await orders.createIndex({ status: 1, createdAt: -1 });
  await orders.insertMany(
    Array.from({ length: 600 }, (_, i) => ({
      userId: users[i % users.length],
      status: STATUSES[i % 3],
      totalPaise: 10_000 + i,
      createdAt: new Date(START + ((i * 7919) % 600) * DAY),
    })),
  );
});

/** The same query answered by a collection scan, to compare the indexed answer with. */
function scanned(filter: object, sort: Record<string, 1 | -1>) {
  return orders
    .find(filter, { hint: { $natural: 1 } })
    .sort(sort)
    .toArray();
}

describe('query planner', () => {
  it("answers a shopper's orders newest first from the compound index, without a sort stage", async () => {
    const filter = { userId: users[3] };
    const found = await orders.find(filter).sort({ createdAt: -1 }).toArray();
    expect(found).toHaveLength(30);
    expect(found).toEqual(await scanned(filter, { createdAt: -1 }));
    const explain = await orders.find(filter).sort({ createdAt: -1 }).explain('executionStats');
    expect(indexesUsed(explain)).toEqual(['userId_1_createdAt_-1']);
    expect(stageNames(explain)).not.toContain('SORT');
    expect(explain.executionStats.totalDocsExamined).toBe(30);
  });

  it('walks the index backwards for the opposite sort and stops at the limit', async () => {
    const filter = { userId: users[5] };
    const oldest = await orders.find(filter).sort({ createdAt: 1 }).limit(3).toArray();
    expect(oldest).toEqual((await scanned(filter, { createdAt: 1 })).slice(0, 3));
    const explain = await orders.find(filter).sort({ createdAt: 1 }).limit(3).explain('executionStats');
    expect(indexesUsed(explain)).toEqual(['userId_1_createdAt_-1']);
    expect(stageNames(explain)).not.toContain('SORT');
    expect(explain.executionStats.totalDocsExamined).toBe(3);
  });

  it('uses $in and ranges for bounds and sorts what the index cannot order', async () => {
    const since = new Date(START + 300 * DAY);
    const filter = { status: { $in: ['Processing', 'Shipped'] }, createdAt: { $gte: since } };
    const found = await orders.find(filter).sort({ totalPaise: 1 }).toArray();
    expect(found).toEqual(await scanned(filter, { totalPaise: 1 }));
    expect(found.length).toBe(200);
    const explain = await orders.find(filter).sort({ totalPaise: 1 }).explain('executionStats');
    expect(indexesUsed(explain)).toEqual(['status_1_createdAt_-1']);
    expect(stageNames(explain)[0]).toBe('SORT');
    expect(explain.executionStats.totalDocsExamined).toBe(200);
  });

  it('counts, lists distinct values and groups through the index', async () => {
    const filter = { userId: users[7] };
    expect(await orders.countDocuments(filter)).toBe(30);
    expect((await orders.distinct('status', filter)).sort()).toEqual(STATUSES.slice().sort());
    const pipeline = [
      { $match: filter },
      { $group: { _id: '$status', n: { $sum: 1 }, total: { $sum: '$totalPaise' } } },
      { $sort: { _id: 1 } },
    ];
    const groups = await orders.aggregate(pipeline).toArray();
    expect(groups.map((g) => [g._id, g.n])).toEqual([
      ['Delivered', 10],
      ['Processing', 10],
      ['Shipped', 10],
    ]);
    const count = await db.command({ explain: { count: 'orders', query: filter }, verbosity: 'queryPlanner' });
    expect(indexesUsed(count)).toEqual(['userId_1_createdAt_-1']);
    const agg = await orders.aggregate(pipeline).explain('queryPlanner');
    expect(indexesUsed(agg)).toEqual(['userId_1_createdAt_-1']);
  });

  it('counts a status tab from the index keys alone, equal to a collection scan', async () => {
    const from = new Date(START + 100 * DAY);
    const to = new Date(START + 400 * DAY);
    const tabs = [
      { status: 'Delivered' },
      { status: 'Shipped', createdAt: { $gte: from, $lt: to } },
      { status: { $in: ['Processing', 'Shipped'] }, createdAt: { $gt: from } },
      { status: 'Returned' },
    ];
    for (const filter of tabs) {
      const scan = await orders.countDocuments(filter, { hint: { $natural: 1 } });
      expect(await orders.countDocuments(filter)).toBe(scan);
      expect(await orders.countDocuments(filter, { skip: 5, limit: 20 })).toBe(Math.min(20, Math.max(0, scan - 5)));
      const count = await db.command({ explain: { count: 'orders', query: filter }, verbosity: 'executionStats' });
      expect(indexesUsed(count)).toEqual(['status_1_createdAt_-1']);
      expect(stageNames(count)).not.toContain('FETCH');
      expect(count.executionStats.totalDocsExamined).toBe(0);
    }
    const exact = await db.command({
      explain: { count: 'orders', query: { status: 'Delivered' } },
      verbosity: 'queryPlanner',
    });
    expect(stageNames(exact)).toEqual(['COUNT', 'COUNT_SCAN']);
    // countDocuments is an aggregate ($match, then $group of everything summing 1): keys only, too.
    const grouped = await orders
      .aggregate([{ $match: tabs[1] }, { $group: { _id: 1, n: { $sum: 1 } } }])
      .explain('queryPlanner');
    expect(indexesUsed(grouped)).toEqual(['status_1_createdAt_-1']);
    expect(stageNames(grouped)).not.toContain('FETCH');
  });

  it("counts exact points from the tree's sizes, equal to a scan after inserts, deletes and updates", async () => {
    // Deep enough for three levels of 64-key nodes, then reshaped: splits, merges, moved keys.
    await orders.createIndex({ status: 1, userId: 1 });
    await orders.insertMany(
      Array.from({ length: 12_000 }, (_, i) => ({
        userId: users[(i * 7) % users.length],
        status: STATUSES[(i * 13) % 3],
        createdAt: new Date(START + (i % 900) * DAY),
        n: i,
      })),
    );
    await orders.deleteMany({ n: { $mod: [3, 1] } });
    await orders.updateMany({ n: { $mod: [5, 0] } }, { $set: { status: 'Returned' } });
    await orders.deleteMany({ n: { $gte: 4_000, $lt: 6_500 } });
    const filters = [
      ...['Processing', 'Shipped', 'Delivered', 'Returned', 'Cancelled'].map((status) => ({ status })),
      { status: 'Shipped', userId: users[3] },
      { status: { $eq: 'Returned' }, userId: users[0] },
    ];
    for (const filter of filters) {
      const scan = await orders.countDocuments(filter, { hint: { $natural: 1 } });
      expect(await orders.countDocuments(filter)).toBe(scan);
      expect(await orders.countDocuments(filter, { skip: 100 })).toBe(Math.max(0, scan - 100));
      expect(await orders.countDocuments(filter, { limit: 7 })).toBe(Math.min(7, scan));
      const count = await db.command({ explain: { count: 'orders', query: filter }, verbosity: 'executionStats' });
      expect(stageNames(count)).toEqual(['COUNT', 'COUNT_SCAN']);
      expect(count.executionStats.totalKeysExamined).toBe(scan);
    }
    // Every status together is every order.
    const all = await orders.countDocuments({}, { hint: { $natural: 1 } });
    const perStatus = await Promise.all(
      ['Processing', 'Shipped', 'Delivered', 'Returned'].map((status) => orders.countDocuments({ status })),
    );
    expect(perStatus.reduce((a, b) => a + b, 0)).toBe(all);
  });

  it('counts a range of days of one status from the tree, equal to a scan, its ends taken or left exactly', async () => {
    await orders.createIndex({ status: 1, createdAt: 1 });
    const day = (n: number) => new Date(START + n * DAY);
    // Ends that are keys of several orders (the same day), on both index directions.
    const filters: object[] = [
      { status: 'Delivered', createdAt: { $gte: day(100), $lt: day(400) } },
      { status: 'Delivered', createdAt: { $gt: day(100), $lte: day(400) } },
      { status: 'Shipped', createdAt: { $gt: day(7) } },
      { status: 'Shipped', createdAt: { $lte: day(7) } },
      { status: 'Processing', createdAt: { $gte: day(599) } },
      { status: 'Processing', createdAt: { $lt: day(0) } },
      { status: 'Processing', createdAt: { $gt: day(300), $lt: day(200) } },
      { $and: [{ status: 'Delivered' }, { createdAt: { $gte: day(50) } }, { createdAt: { $lt: day(60) } }] },
      { status: 'Delivered', createdAt: { $gte: day(50), $gt: day(50), $lt: day(60), $lte: day(60) } },
    ];
    for (const hint of ['status_1_createdAt_-1', 'status_1_createdAt_1']) {
      for (const filter of filters) {
        const scan = await orders.countDocuments(filter, { hint: { $natural: 1 } });
        expect([hint, filter, await orders.countDocuments(filter, { hint })]).toEqual([hint, filter, scan]);
        const count = await db.command({
          explain: { count: 'orders', query: filter, hint },
          verbosity: 'executionStats',
        });
        expect(stageNames(count)).toEqual(['COUNT', 'COUNT_SCAN']);
        expect(count.executionStats.totalKeysExamined).toBe(scan);
      }
    }
    // Keys of other types in the same status: a range open on their side is tested key by key, as
    // the scan does; one closed by two Dates holds only Dates, and is counted from the tree.
    await orders.insertMany([
      { status: 'Returned', createdAt: day(5) },
      { status: 'Returned', createdAt: '2025-01-09' },
      { status: 'Returned' },
      { status: 'Returned', createdAt: Number.MAX_SAFE_INTEGER },
      { status: 'Returned', createdAt: new Timestamp({ t: 1, i: 1 }) },
      { status: 'Returned', createdAt: day(9) },
    ]);
    for (const [filter, stage] of [
      [{ status: 'Returned', createdAt: { $gte: day(1) } }, 'IXSCAN'],
      [{ status: 'Returned', createdAt: { $lt: day(7) } }, 'IXSCAN'],
      [{ status: 'Returned', createdAt: { $gt: day(1), $lt: day(20) } }, 'COUNT_SCAN'],
    ] as const) {
      const count = await db.command({ explain: { count: 'orders', query: filter }, verbosity: 'queryPlanner' });
      const scan = await orders.countDocuments(filter, { hint: { $natural: 1 } });
      expect([filter, await orders.countDocuments(filter)]).toEqual([filter, scan]);
      expect(stageNames(count)).toEqual(['COUNT', stage]);
    }
    expect(await orders.countDocuments({ status: 'Returned', createdAt: { $gte: day(1) } })).toBe(2);
  });

  it('tests keys of other types than the condition as the collection scan does', async () => {
    await orders.insertMany([
      { status: 'Delivered', createdAt: '2025-06-01' },
      { status: 'Delivered', createdAt: 20_250_601 },
      { status: 7, createdAt: new Date(START + 10 * DAY) },
      { status: 'Shipped', createdAt: new Date(Number.NaN) },
    ]);
    const since = new Date(START + 5 * DAY);
    const filters = [
      { status: 'Delivered', createdAt: { $gte: since } },
      { status: { $ne: 'Delivered' }, createdAt: { $lt: since } },
      { status: { $in: ['Shipped', 'Delivered'] }, createdAt: { $gt: 20_000_000 } },
      { status: { $nin: ['Shipped'] }, createdAt: { $lte: '2025-12-31' } },
      { status: { $gt: 5 }, createdAt: { $ne: since } },
    ];
    for (const filter of filters) {
      const scan = await orders.countDocuments(filter, { hint: { $natural: 1 } });
      expect([filter, await orders.countDocuments(filter)]).toEqual([filter, scan]);
      const found = await orders.find(filter).sort({ createdAt: -1 }).skip(2).limit(40).toArray();
      expect(found).toEqual((await scanned(filter, { createdAt: -1 })).slice(2, 42));
    }
  });

  it('still reads the documents for a count the index keys cannot answer', async () => {
    const filter = { status: 'Delivered', totalPaise: { $gte: 10_300 } };
    expect(await orders.countDocuments(filter)).toBe(await orders.countDocuments(filter, { hint: { $natural: 1 } }));
    const count = await db.command({ explain: { count: 'orders', query: filter }, verbosity: 'executionStats' });
    expect(stageNames(count)).toContain('FETCH');
    expect(count.executionStats.totalDocsExamined).toBe(200);
  });

  it('tells a missing field from a null one when counting from the keys', async () => {
    await orders.insertMany([{ createdAt: new Date(START) }, { status: null, createdAt: new Date(START) }]);
    for (const filter of [{ status: null }, { status: { $exists: false } }, { status: { $type: 'null' } }]) {
      const count = await orders.countDocuments(filter);
      expect(count).toBe(await orders.countDocuments(filter, { hint: { $natural: 1 } }));
      expect(count).toBe(filter.status === null ? 2 : 1);
    }
  });

  it('finds documents through the index after updates and deletes move them', async () => {
    const one = await orders.findOne({ userId: users[1] }, { sort: { createdAt: -1 } });
    await orders.updateOne({ _id: one!._id }, { $set: { userId: users[2] } });
    expect(await orders.countDocuments({ userId: users[1] })).toBe(29);
    expect(await orders.countDocuments({ userId: users[2] })).toBe(31);
    const updated = await orders.updateMany({ userId: users[2], status: 'Shipped' }, { $set: { status: 'Delivered' } });
    expect(updated.modifiedCount).toBeGreaterThan(0);
    expect(await orders.countDocuments({ userId: users[2], status: 'Shipped' })).toBe(0);
    const removed = await orders.deleteMany({ userId: users[2] });
    expect(removed.deletedCount).toBe(31);
    expect(await orders.find({ userId: users[2] }).toArray()).toEqual([]);
    const explain = await db.command({
      explain: { delete: 'orders', deletes: [{ q: { userId: users[1] }, limit: 0 }] },
      verbosity: 'queryPlanner',
    });
    expect(indexesUsed(explain)).toEqual(['userId_1_createdAt_-1']);
  });

  it('matches array elements through a multikey index', async () => {
    const products = db.collection('products');
    await products.createIndex({ tags: 1 });
    await products.insertMany([
      { name: 'oil', tags: ['hair', 'oil'] },
      { name: 'shampoo', tags: ['hair', 'wash'] },
      { name: 'soap', tags: 'wash' },
    ]);
    const wash = await products.find({ tags: 'wash' }).sort({ name: 1 }).toArray();
    expect(wash.map((p) => p.name)).toEqual(['shampoo', 'soap']);
    const hair = await products.countDocuments({ tags: { $in: ['hair', 'oil'] } });
    expect(hair).toBe(2);
    const explain = await products.find({ tags: 'wash' }).explain('queryPlanner');
    expect(indexesUsed(explain)).toEqual(['tags_1']);
  });

  it('uses a sparse index only for a condition a document without the field cannot meet', async () => {
    const payments = db.collection('payments');
    await payments.createIndex({ paymentId: 1 }, { sparse: true, unique: true });
    await payments.insertMany([
      { n: 1, paymentId: 'pay_1' },
      { n: 2, paymentId: 'pay_2' },
      { n: 3 }, // cash on delivery: no payment id, not in the index
      { n: 4, paymentId: null }, // in the index, as null
    ]);
    const plan = async (filter: object, sort: Record<string, 1> = {}) =>
      indexesUsed(await payments.find(filter).sort(sort).explain('queryPlanner'));
    const found = async (filter: object, sort: Record<string, 1> = {}) =>
      (await payments.find(filter).sort(sort).toArray()).map((p) => p.n as number).sort();

    expect(await plan({ paymentId: 'pay_2' })).toEqual(['paymentId_1']);
    expect(await found({ paymentId: 'pay_2' })).toEqual([2]);
    expect(await plan({ paymentId: { $in: ['pay_1', 'pay_2'] } })).toEqual(['paymentId_1']);
    expect(await found({ paymentId: { $gt: 'pay_1' } })).toEqual([2]);
    // Conditions a missing field meets: the index would miss document 3, so it is not used.
    for (const filter of [{ paymentId: null }, { paymentId: { $ne: 'pay_1' } }, { paymentId: { $exists: false } }]) {
      expect([filter, await plan(filter)]).toEqual([filter, []]);
    }
    expect(await found({ paymentId: null })).toEqual([3, 4]);
    expect(await found({ paymentId: { $ne: 'pay_1' } })).toEqual([2, 3, 4]);
    // Nor for a sort alone, which would drop document 3 from the answer.
    expect(await plan({}, { paymentId: 1 })).toEqual([]);
    expect(await found({}, { paymentId: 1 })).toEqual([1, 2, 3, 4]);
  });

  it('answers _id equality without scanning and uses the collection scan when no index fits', async () => {
    const one = await orders.findOne({});
    expect(stageNames(await orders.find({ _id: one!._id }).explain('queryPlanner'))).toEqual(['IDHACK']);
    const explain = await orders.find({ totalPaise: 10_005 }).explain('executionStats');
    expect(stageNames(explain)).toEqual(['COLLSCAN']);
    expect(explain.executionStats.nReturned).toBe(1);
  });

  it('refuses a hint naming an index that does not exist (BadValue 2)', async () => {
    const err = await serverError(orders.find({ userId: users[0] }, { hint: 'no_such_index' }).toArray());
    expect(err.code).toBe(2);
    expect(err.message).toMatch(/hint provided does not correspond to an existing index/);
    const byKey = await serverError(orders.countDocuments({}, { hint: { nope: 1 } }));
    expect(byKey.code).toBe(2);
  });

  it('follows a hint to the named index', async () => {
    const filter = { userId: users[4], status: 'Shipped' };
    const hinted = await orders.find(filter, { hint: 'status_1_createdAt_-1' }).explain('queryPlanner');
    expect(indexesUsed(hinted)).toEqual(['status_1_createdAt_-1']);
    expect(await orders.find(filter, { hint: 'status_1_createdAt_-1' }).toArray()).toHaveLength(10);
  });
});

describe('a sorted, limited find reads only the documents it returns', () => {
  const OPEN = { status: { $ne: 'Delivered' } };

  async function examined(filter: object, sort: Record<string, 1 | -1>, skip = 0, limit = 0) {
    const explain = await orders.find(filter).sort(sort).skip(skip).limit(limit).explain('executionStats');
    return { stages: stageNames(explain), docs: explain.executionStats.totalDocsExamined as number };
  }

  it('merges one index scan per status for a sort after $ne or $in, both directions', async () => {
    for (const filter of [OPEN, { status: { $in: ['Processing', 'Shipped'] } }, { status: { $nin: ['Shipped'] } }]) {
      for (const dir of [-1, 1] as const) {
        const sort = { createdAt: dir };
        const found = await orders.find(filter).sort(sort).limit(25).toArray();
        expect(found).toEqual((await scanned(filter, sort)).slice(0, 25));
        const { stages, docs } = await examined(filter, sort, 0, 25);
        expect(stages).toEqual(['LIMIT', 'FETCH', 'SORT_MERGE', 'IXSCAN', 'IXSCAN']);
        expect(docs).toBe(25);
      }
    }
  });

  it('resumes batch after batch from the index bounds, each batch reading only its own orders', async () => {
    const all = await scanned(OPEN, { createdAt: -1 });
    const read = [];
    let docs = 0;
    let before: Date | undefined;
    for (;;) {
      const filter = before ? { ...OPEN, createdAt: { $lt: before } } : OPEN;
      const batch = await orders.find(filter).sort({ createdAt: -1 }).limit(30).toArray();
      docs += (await examined(filter, { createdAt: -1 }, 0, 30)).docs;
      read.push(...batch);
      if (batch.length < 30) break;
      before = batch.at(-1)!.createdAt as Date;
    }
    expect(read).toEqual(all);
    expect(docs).toBe(all.length);
  });

  it('skips by the index keys alone, so a far page reads only its own documents', async () => {
    const filter = { status: 'Delivered', createdAt: { $gte: new Date(START + 50 * DAY) } };
    const all = await scanned(filter, { createdAt: -1 });
    expect(await orders.find(filter).sort({ createdAt: -1 }).skip(150).limit(10).toArray()).toEqual(
      all.slice(150, 160),
    );
    expect((await examined(filter, { createdAt: -1 }, 150, 10)).docs).toBe(10);
    const open = await orders.find(OPEN).sort({ createdAt: 1 }).skip(300).limit(50).toArray();
    expect(open).toEqual((await scanned(OPEN, { createdAt: 1 })).slice(300, 350));
    expect((await examined(OPEN, { createdAt: 1 }, 300, 50)).docs).toBe(50);
  });

  it('keeps getMore batches of a limited merged find in order', async () => {
    const found = await orders.find(OPEN, { batchSize: 7 }).sort({ createdAt: -1 }).limit(60).toArray();
    expect(found).toEqual((await scanned(OPEN, { createdAt: -1 })).slice(0, 60));
  });

  it('merges on a compound index over two fields of values, as the collection scan answers', async () => {
    const shipments = db.collection('shipments');
    await shipments.createIndex({ courier: 1, status: 1, createdAt: -1 });
    await shipments.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        courier: ['dtdc', 'bluedart', 'post'][i % 3],
        status: STATUSES[Math.floor(i / 3) % 3],
        createdAt: new Date(START + ((i * 7919) % 300) * DAY),
      })),
    );
    const filter = { courier: { $in: ['dtdc', 'post'] }, status: { $ne: 'Delivered' } };
    const found = await shipments.find(filter).sort({ createdAt: -1 }).limit(20).toArray();
    const all = await shipments
      .find(filter, { hint: { $natural: 1 } })
      .sort({ createdAt: -1 })
      .toArray();
    expect(found).toEqual(all.slice(0, 20));
    const explain = await shipments.find(filter).sort({ createdAt: -1 }).limit(20).explain('executionStats');
    expect(stageNames(explain).filter((s) => s === 'IXSCAN')).toHaveLength(4);
    expect(explain.executionStats.totalDocsExamined).toBe(20);
  });

  it('pages through ties on the sort key without losing or repeating an order', async () => {
    await orders.deleteMany({});
    await orders.insertMany(
      Array.from({ length: 90 }, (_, i) => ({
        status: STATUSES[i % 3],
        createdAt: new Date(START + Math.floor(i / 10) * DAY),
      })),
    );
    const all = await scanned(OPEN, { createdAt: -1 });
    const pages = [];
    for (let skip = 0; skip < all.length; skip += 7) {
      pages.push(...(await orders.find(OPEN).sort({ createdAt: -1 }).skip(skip).limit(7).toArray()));
    }
    expect(pages.map((o) => String(o._id)).sort()).toEqual(all.map((o) => String(o._id)).sort());
    expect(pages.map((o) => (o.createdAt as Date).getTime())).toEqual(all.map((o) => (o.createdAt as Date).getTime()));
  });
});
