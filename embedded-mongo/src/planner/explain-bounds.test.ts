/**
 * A plan's index bounds are text (a string per value in bounds), wanted only by explain: a find, a
 * count or a read by ids builds none, and explain still shows them as mongod does.
 */
import { ObjectId, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectTestDb, externalUri, type TestDb } from '../../test/testing.js';
import { formatValue } from '../values/values.js';

vi.mock('../values/values.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../values/values.js')>();
  return { ...actual, formatValue: vi.fn(actual.formatValue) };
});

const START = Date.UTC(2025, 0, 1);
const ids = Array.from({ length: 30 }, () => new ObjectId());

describe.skipIf(externalUri !== undefined)('index bounds, built for explain only', () => {
  let testDb: TestDb;
  let orders: Collection;

  beforeAll(async () => {
    testDb = await connectTestDb('embedded_explain_bounds_test');
    orders = testDb.db.collection('orders');
    await orders.createIndex({ status: 1, createdAt: -1 });
    await orders.createIndex({ createdAt: 1 });
    await orders.insertMany(
      ids.map((_id, n) => ({
        _id,
        status: n % 3 === 0 ? 'Delivered' : 'Processing',
        createdAt: new Date(START + n * 60_000),
      })),
    );
  });
  afterAll(() => testDb?.close());

  const before = new Date(START + 20 * 60_000);
  const open = { status: { $ne: 'Delivered' }, createdAt: { $lt: before } };

  it('reads, counts and reads by ids without formatting a bound', async () => {
    vi.mocked(formatValue).mockClear();
    expect(await orders.find(open).sort({ createdAt: -1 }).limit(5).toArray()).toHaveLength(5);
    expect(await orders.countDocuments({ status: 'Processing', createdAt: { $gte: before } })).toBe(7);
    expect(await orders.find({ _id: { $in: ids.slice(0, 4) } }).toArray()).toHaveLength(4);
    expect(await orders.find({ createdAt: new Date(START) }).toArray()).toHaveLength(1);
    expect(formatValue).not.toHaveBeenCalled();
  });

  it('still shows the bounds when explain asks for them', async () => {
    const explain = await orders.find({ createdAt: { $gte: before } }).explain('queryPlanner');
    const scan = explain.queryPlanner.winningPlan.inputStage;
    expect(scan.stage).toBe('IXSCAN');
    expect(scan.indexBounds).toEqual({ createdAt: [`[new Date(${before.getTime()}), MaxKey]`] });
    const byIds = await orders.find({ _id: { $in: ids.slice(0, 2) } }).explain('queryPlanner');
    expect(byIds.queryPlanner.winningPlan.inputStage.indexBounds._id).toHaveLength(2);
    expect(formatValue).toHaveBeenCalled();
  });
});
