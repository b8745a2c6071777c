import { mkdtemp, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { externalUri } from '../../test/testing.js';

const DB_NAME = 'embedded_on_file_test';
const ORDERS = 500;

interface Order {
  _id: number;
  note: string;
  createdAt: Date;
}

const orderOf = (n: number): Order => ({
  _id: n,
  // Some orders longer than one first read of the file (2 kB), some shorter.
  note: `order ${n} `.repeat(n % 3 === 0 ? 400 : 5),
  createdAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
});

// The checkpoint's documents are read from its file once the engine has started: a data directory only.
describe.skipIf(externalUri !== undefined)('documents read from the checkpoint file', () => {
  let dir: string;
  let engine: EmbeddedEngine | undefined;
  let client: MongoClient | undefined;

  async function start(): Promise<Collection<Order>> {
    engine = await startEmbeddedEngine({ dataDir: dir, checkpointBytes: 64 * 1024 });
    client = new MongoClient(`${engine.uri}/${DB_NAME}?directConnection=true`);
    await client.connect();
    return client.db(DB_NAME).collection<Order>('orders');
  }

  async function stop(): Promise<void> {
    await client?.close();
    await engine?.stop();
    client = undefined;
    engine = undefined;
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-on-file-'));
    const orders = await start();
    await orders.createIndex({ createdAt: -1 });
    await orders.insertMany(Array.from({ length: ORDERS }, (_, n) => orderOf(n)));
    await stop();
  });

  afterEach(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers every order after a restart, and after newer checkpoints replaced the file it read', async () => {
    let orders = await start();
    const file = path.join(dir, 'embedded-db.bson');
    const read = (await stat(file)).ino;
    expect(await orders.find().sort({ _id: 1 }).toArray()).toEqual(
      Array.from({ length: ORDERS }, (_, n) => orderOf(n)),
    );
    // Enough writes for several checkpoints (64 kB each), each replacing the file by a new one.
    for (let round = 0; round < 5; round++) {
      await orders.insertMany(Array.from({ length: 50 }, (_, i) => orderOf(ORDERS + round * 50 + i)));
      await orders.updateOne({ _id: round }, { $set: { note: `changed ${round}` } });
      await orders.deleteOne({ _id: ORDERS - 1 - round });
    }
    expect((await stat(file)).ino).not.toBe(read);
    const want = Array.from({ length: ORDERS + 250 }, (_, n) => orderOf(n))
      .filter((o) => o._id < ORDERS - 5 || o._id >= ORDERS)
      .map((o) => (o._id < 5 ? { ...o, note: `changed ${o._id}` } : o));
    expect(await orders.find().sort({ _id: 1 }).toArray()).toEqual(want);
    await stop();
    orders = await start();
    expect(await orders.find().sort({ _id: 1 }).toArray()).toEqual(want);
  });

  it('fails a read whose document the file no longer holds, rather than answer something else', async () => {
    const orders = await start();
    expect(await orders.findOne({ _id: 7 })).toEqual(orderOf(7));
    // The disk loses the file's contents under the running engine.
    await truncate(path.join(dir, 'embedded-db.bson'), 0);
    const failed = await orders.findOne({ _id: 8 }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(MongoServerError);
    expect((failed as MongoServerError).message).toMatch(/the checkpoint file has no document at byte \d+/);
  });
});
