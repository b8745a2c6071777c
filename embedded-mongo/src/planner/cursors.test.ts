import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { externalUri } from '../../test/testing.js';
import { StoredDocuments, type StoredValue } from '../storage/stored.js';

const DB_NAME = 'embedded_cursor_test';
const ORDERS = 3000;
const BATCH = 100;
const START = Date.UTC(2025, 0, 1);

interface Order {
  _id: number;
  status: string;
  totalPaise: number;
  createdAt: Date;
}

/** Orders newest first: order n was placed n minutes after START. */
const newestFirst = (ns: number[]) => ns.slice().sort((a, b) => b - a);

const orderOf = (n: number): Order => ({
  _id: n,
  status: n % 4 === 0 ? 'Delivered' : 'Processing',
  totalPaise: 10_000 + n,
  createdAt: new Date(START + n * 60_000),
});

// Counts documents the engine decodes from a checkpoint's bytes: only a data directory has them.
describe.skipIf(externalUri !== undefined)('cursors over documents loaded from the checkpoint', () => {
  let dir: string;
  let engine: EmbeddedEngine;
  let client: MongoClient;
  let orders: Collection<Order>;
  // Documents read from the checkpoint's bytes (decoded, or sent as they are), and of those decoded.
  const decoded = { count: 0 };
  const decodedOnly = { count: 0 };
  // Of those decoded, the ones kept for later queries (StoredDocuments.read).
  const kept = { count: 0 };
  // Documents decoded only in the fields a filter names, to be tested.
  const inPart = { count: 0 };

  async function start(): Promise<void> {
    engine = await startEmbeddedEngine({ dataDir: dir });
    client = new MongoClient(`${engine.uri}/${DB_NAME}?directConnection=true`);
    await client.connect();
    orders = client.db(DB_NAME).collection<Order>('orders');
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-cursors-'));
    await start();
    await orders.createIndex({ createdAt: -1 });
    await orders.insertMany(Array.from({ length: ORDERS }, (_, n) => orderOf(n)));
    await client.close();
    await engine.stop();
    // Started again, the orders are the checkpoint's bytes, decoded when read.
    await start();
    const count = (v: StoredValue) => {
      if (typeof v === 'number') decoded.count++;
    };
    const read = StoredDocuments.prototype.read;
    const decode = StoredDocuments.prototype.decode;
    const bytesOf = StoredDocuments.prototype.bytesOf;
    const fieldsOf = StoredDocuments.prototype.fieldsOf;
    vi.spyOn(StoredDocuments.prototype, 'fieldsOf').mockImplementation(function (this: StoredDocuments, v, names) {
      inPart.count++;
      return fieldsOf.call(this, v, names);
    });
    vi.spyOn(StoredDocuments.prototype, 'read').mockImplementation(function (this: StoredDocuments, v) {
      count(v);
      if (typeof v === 'number') {
        decodedOnly.count++;
        kept.count++;
      }
      return read.call(this, v);
    });
    vi.spyOn(StoredDocuments.prototype, 'decode').mockImplementation(function (this: StoredDocuments, v) {
      count(v);
      if (typeof v === 'number') decodedOnly.count++;
      return decode.call(this, v);
    });
    vi.spyOn(StoredDocuments.prototype, 'bytesOf').mockImplementation(function (this: StoredDocuments, v) {
      count(v);
      return bytesOf.call(this, v);
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await client?.close();
    await engine?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a batch at a time: a find of every order reads only the batches asked for', async () => {
    decoded.count = 0;
    decodedOnly.count = 0;
    const cursor = orders.find({}, { batchSize: BATCH }).sort({ createdAt: -1 });
    const seen: Order[] = [];
    for (let i = 0; i < BATCH; i++) seen.push((await cursor.next())!);
    expect(decoded.count).toBe(BATCH);
    for (let i = 0; i < 2 * BATCH; i++) seen.push((await cursor.next())!);
    expect(decoded.count).toBe(3 * BATCH);
    await cursor.close();
    // Sent as the bytes they are kept as: none decoded, each arrives whole, with its types.
    expect(decodedOnly.count).toBe(0);
    expect(seen).toEqual(
      newestFirst(Array.from({ length: ORDERS }, (_, n) => n))
        .slice(0, 3 * BATCH)
        .map(orderOf),
    );
  });

  it('decodes a batch at a time when a projection shapes it', async () => {
    decodedOnly.count = 0;
    const cursor = orders.find({}, { batchSize: BATCH, projection: { status: 1 } }).sort({ createdAt: -1 });
    expect(await cursor.next()).toEqual({ _id: ORDERS - 1, status: orderOf(ORDERS - 1).status });
    expect(decodedOnly.count).toBe(BATCH);
    await cursor.close();
  });

  it('tests every order once in the fields the filter names, then decodes only the first batch', async () => {
    decoded.count = 0;
    inPart.count = 0;
    const cursor = orders.find({ totalPaise: { $gte: 10_000 + ORDERS / 2 } }, { batchSize: BATCH });
    expect(await cursor.next()).toEqual(orderOf(ORDERS / 2));
    // Every order tested once (no index on totalPaise) on its totalPaise alone, then the first batch.
    expect(inPart.count).toBe(ORDERS);
    expect(decoded.count).toBe(BATCH);
    await cursor.close();
    // A filter that is not only field conditions is tested on the whole order.
    inPart.count = 0;
    decoded.count = 0;
    const where = { $expr: { $gte: ['$totalPaise', 10_000 + ORDERS - 10] } };
    expect(await orders.countDocuments(where)).toBe(10);
    expect(inPart.count).toBe(0);
    expect(decoded.count).toBe(ORDERS);
  });

  it('keeps decoded orders for later queries only for a sort in memory, which reads them again page by page', async () => {
    kept.count = 0;
    decodedOnly.count = 0;
    inPart.count = 0;
    const recent = { createdAt: { $gte: new Date(START + (ORDERS - 500) * 60_000) } };
    // Tested once each through the createdAt index: decoded, not kept.
    expect(await orders.countDocuments({ ...recent, totalPaise: { $gte: 0 } })).toBe(500);
    expect(await orders.find({ ...recent, totalPaise: { $gte: 0 } }, { batchSize: 1000 }).toArray()).toHaveLength(500);
    expect(inPart.count).toBe(1000);
    expect(decodedOnly.count).toBe(0);
    expect(kept.count).toBe(0);
    // Sorted in memory, page after page: read through the recent reads (decoded once for both pages).
    const page = (n: number) =>
      orders
        .find(recent)
        .sort({ totalPaise: -1 })
        .skip(n * 25)
        .limit(25)
        .toArray();
    expect((await page(0))[0]?._id).toBe(ORDERS - 1);
    expect((await page(1))[0]?._id).toBe(ORDERS - 26);
    expect(kept.count).toBe(1000);
  });

  it('decodes an order read by its _id once when a projection asks for it, and not at all otherwise', async () => {
    decodedOnly.count = 0;
    const ids = [5, 70, 900, 2999, ORDERS + 7];
    const projected = await orders.find({ _id: { $in: ids } }, { projection: { status: 1 } }).toArray();
    expect(projected.map((o) => o._id).sort((a, b) => a - b)).toEqual([5, 70, 900, 2999]);
    expect(decodedOnly.count).toBe(4);
    expect(await orders.find({ _id: { $in: ids } }).toArray()).toHaveLength(4);
    expect(await orders.findOne({ _id: 70 })).toEqual(orderOf(70));
    expect(decodedOnly.count).toBe(4);
    // Another condition beside the ids is still tested on each order, in the fields it names.
    inPart.count = 0;
    expect(await orders.countDocuments({ _id: { $in: ids }, status: 'Delivered' })).toBe(1);
    expect(inPart.count).toBe(4);
    expect(decodedOnly.count).toBe(4);
  });

  it('answers every order it matched when others change between batches, each as it was when it matched', async () => {
    const cursor = orders.find({ status: 'Processing' }, { batchSize: BATCH }).sort({ createdAt: -1 });
    const first = await cursor.next();
    const later = newestFirst(Array.from({ length: ORDERS }, (_, n) => n).filter((n) => n % 4 !== 0));
    expect(first?._id).toBe(later[0]);
    // Orders of later batches: one deleted, one cancelled, one newer order placed.
    await orders.deleteOne({ _id: later[BATCH * 2]! });
    await orders.updateOne({ _id: later[BATCH * 3]! }, { $set: { status: 'Cancelled' } });
    await orders.insertOne({ _id: ORDERS, status: 'Processing', totalPaise: 1, createdAt: new Date() });
    const rest = await cursor.toArray();
    expect([first!, ...rest].map((o) => o._id)).toEqual(later);
    expect(rest.find((o) => o._id === later[BATCH * 3])?.status).toBe('Processing');
    // A new query sees the changes.
    const now = await orders.find({ status: 'Processing' }).sort({ createdAt: -1 }).toArray();
    expect(now.map((o) => o._id)).toEqual([
      ORDERS,
      ...later.filter((n) => n !== later[BATCH * 2] && n !== later[BATCH * 3]),
    ]);
  });
});
