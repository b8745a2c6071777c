import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId, type Document } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CorruptDataFileError, DataDirectoryInUseError, startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { planStages } from '../../test/plan.js';
import { FaultyFs } from '../../test/testing-faults.js';
import { externalUri } from '../../test/testing.js';

const DB = 'durability_test';

interface Started {
  engine: EmbeddedEngine;
  client: MongoClient;
  items: ReturnType<ReturnType<MongoClient['db']>['collection']>;
}

// The engine's own journal and data directory: nothing to compare against a real server.
describe.skipIf(externalUri !== undefined)('durability of the embedded engine', () => {
  let dir: string;
  const engines: EmbeddedEngine[] = [];
  const clients: MongoClient[] = [];
  const scratch: string[] = [];

  async function start(dataDir: string, options: { fs?: FaultyFs; checkpointBytes?: number } = {}): Promise<Started> {
    const engine = await startEmbeddedEngine({ dataDir, ...options });
    engines.push(engine);
    // No retries: a test must see exactly what the engine answered to each write.
    const client = new MongoClient(`${engine.uri}/${DB}?directConnection=true&retryWrites=false&retryReads=false`);
    clients.push(client);
    await client.connect();
    return { engine, client, items: client.db(DB).collection('items') };
  }

  /**
   * What a kill -9 leaves on disk right now: a copy of the directory, opened by a new engine.
   * (Faithful while no checkpoint is being written; the crash harness kills real processes.)
   */
  async function crashImage(): Promise<Started> {
    const copy = await mkdtemp(path.join(tmpdir(), 'embedded-crash-'));
    scratch.push(copy);
    await cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
    return start(copy);
  }

  const ping = async (client: MongoClient) =>
    (await client.db(DB).command({ ping: 1 })) as Document & { embeddedStorage: { writable: boolean; cause?: string } };

  const codeOf = (err: unknown) => (err as { code?: number }).code;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-durable-'));
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    for (const e of engines.splice(0)) await e.stop().catch(() => undefined);
    for (const d of [dir, ...scratch.splice(0)]) await rm(d, { recursive: true, force: true });
  });

  it('keeps every acknowledged write across a crash without any checkpoint (journal only)', async () => {
    const { items } = await start(dir);
    await Promise.all(Array.from({ length: 200 }, (_, i) => items.insertOne({ _id: i as never, i })));
    await items.updateOne({ _id: 7 as never }, { $set: { touched: true } });
    await items.deleteOne({ _id: 9 as never });
    const after = await crashImage();
    expect(await after.items.countDocuments()).toBe(199);
    expect(await after.items.findOne({ _id: 7 as never })).toMatchObject({ touched: true });
    expect(await after.items.findOne({ _id: 9 as never })).toBeNull();
  });

  it('recovers from the checkpoint plus the journal written after it', async () => {
    const { engine, items } = await start(dir);
    await items.insertMany(Array.from({ length: 50 }, (_, i) => ({ i })));
    await items.createIndex({ i: 1 }, { unique: true });
    await engine.flush();
    await items.insertOne({ i: 50 });
    const after = await crashImage();
    expect(await after.items.countDocuments()).toBe(51);
    const dup = await after.items.insertOne({ i: 3 }).catch((e: unknown) => e);
    expect(codeOf(dup)).toBe(11000);
  });

  it('disk full: refuses the write with an error, says why, keeps reads, and resumes when space is back', async () => {
    const fs = new FaultyFs();
    const { client, items } = await start(dir, { fs });
    await items.insertOne({ _id: 'kept' as never });
    fs.freeBytes = 10; // the next record is torn half-way, then the disk is full
    const refused = await items.insertOne({ _id: 'lost' as never }).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe(14031);
    expect(String((refused as Error).message)).toMatch(/ENOSPC/);
    const health = await ping(client);
    expect(health.embeddedStorage.writable).toBe(false);
    expect(health.embeddedStorage.cause).toMatch(/ENOSPC/);
    // Later writes are refused before they change anything in memory.
    const second = await items.updateOne({ _id: 'kept' as never }, { $set: { x: 1 } }).catch((e: unknown) => e);
    expect(codeOf(second)).toBe(14031);
    expect(await items.findOne({ _id: 'kept' as never })).toEqual({ _id: 'kept' });

    const whileFull = await crashImage();
    expect(await whileFull.items.findOne({ _id: 'kept' as never })).toEqual({ _id: 'kept' });

    fs.freeBytes = Number.POSITIVE_INFINITY;
    await expect.poll(async () => (await ping(client)).embeddedStorage.writable, { timeout: 5000 }).toBe(true);
    await items.insertOne({ _id: 'after' as never });
    const after = await crashImage();
    expect(await after.items.findOne({ _id: 'kept' as never })).toEqual({ _id: 'kept' });
    expect(await after.items.findOne({ _id: 'after' as never })).toEqual({ _id: 'after' });
  });

  it('read-only directory: writes fail with an error and resume once it is writable again', async () => {
    const fs = new FaultyFs();
    const { client, items } = await start(dir, { fs });
    await items.insertOne({ n: 1 });
    fs.readOnly = true;
    fs.failingSyncs = 1; // the remount surfaces at the next fsync of the open segment
    const refused = await items.insertOne({ n: 2 }).catch((e: unknown) => e);
    expect(codeOf(refused)).toBe(39);
    await expect
      .poll(async () => (await ping(client)).embeddedStorage.cause ?? '', { timeout: 3000 })
      .toMatch(/EIO|EROFS/);
    expect(codeOf(await items.insertOne({ n: 3 }).catch((e: unknown) => e))).toBe(39);
    fs.readOnly = false;
    await expect.poll(async () => (await ping(client)).embeddedStorage.writable, { timeout: 5000 }).toBe(true);
    await items.insertOne({ n: 4 });
    const after = await crashImage();
    const ns = (await after.items.find().toArray()).map((d) => d.n);
    expect(ns).toContain(1);
    expect(ns).toContain(4);
    expect(ns).not.toContain(3);
  });

  it('fsync EIO: the write is not acknowledged, the segment is abandoned, writing resumes in a new one', async () => {
    const fs = new FaultyFs();
    const { client, items } = await start(dir, { fs });
    await items.insertOne({ n: 1 });
    fs.failingSyncs = 1;
    expect(codeOf(await items.insertOne({ n: 2 }).catch((e: unknown) => e))).toBe(39);
    await expect.poll(async () => (await ping(client)).embeddedStorage.writable, { timeout: 5000 }).toBe(true);
    await items.insertOne({ n: 3 });
    const segments = await readdir(path.join(dir, 'journal'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    const after = await crashImage();
    const ns = (await after.items.find().toArray()).map((d) => d.n);
    expect(ns).toEqual(expect.arrayContaining([1, 3]));
  });

  it('short writes are completed, not mistaken for success or failure', async () => {
    const fs = new FaultyFs();
    fs.shortWrites = true;
    const { engine, items } = await start(dir, { fs });
    await Promise.all(Array.from({ length: 30 }, (_, i) => items.insertOne({ i, pad: 'x'.repeat(500) })));
    await engine.flush();
    await items.insertOne({ i: 30 });
    const after = await crashImage();
    expect(await after.items.countDocuments()).toBe(31);
  });

  it('a checkpoint that fails at its rename leaves the old state and the journal intact', async () => {
    const fs = new FaultyFs();
    const { engine, items } = await start(dir, { fs });
    await items.insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    fs.failRenames = true;
    await expect(engine.flush()).rejects.toThrow(/EIO/);
    expect(await readdir(dir)).not.toContain('embedded-db.bson.tmp');
    await items.insertOne({ i: 20 });
    const after = await crashImage();
    expect(await after.items.countDocuments()).toBe(21);
  });

  it('rebuilds every index at start-up: each answers exactly what a collection scan answers', async () => {
    const first = await start(dir);
    const orders = first.client.db(DB).collection('orders');
    await orders.createIndex({ userId: 1, createdAt: -1 });
    await orders.createIndex({ tags: 1 });
    await orders.createIndex({ ref: 1 }, { unique: true });
    const users = Array.from({ length: 7 }, () => new ObjectId());
    const doc = (i: number) => ({
      userId: users[i % 7],
      createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 40))),
      tags: i % 3 === 0 ? ['oil', `t${i % 5}`] : `t${i % 5}`,
      ref: `R${i}`,
    });
    await orders.insertMany(Array.from({ length: 300 }, (_, i) => doc(i)));
    await first.engine.flush(); // these are in the checkpoint; what follows only in the journal
    await orders.insertMany(Array.from({ length: 200 }, (_, i) => doc(300 + i)));
    await orders.updateMany({ ref: { $in: ['R5', 'R305', 'R17'] } }, { $set: { userId: users[0], tags: ['moved'] } });
    await orders.deleteMany({ ref: { $in: ['R6', 'R306'] } });
    const second = await crashImage();
    const again = second.client.db(DB).collection('orders');
    const queries: Array<[Record<string, unknown>, Record<string, 1 | -1>, string]> = [
      [{ userId: users[0] }, { createdAt: -1, ref: 1 }, 'userId_1_createdAt_-1'],
      [
        { userId: { $in: [users[1], users[2]] }, createdAt: { $gte: new Date(Date.UTC(2026, 0, 20)) } },
        { ref: 1 },
        'userId_1_createdAt_-1',
      ],
      [{ tags: 'oil' }, { ref: 1 }, 'tags_1'],
      [{ tags: 'moved' }, { ref: 1 }, 'tags_1'],
      [{ ref: { $gte: 'R40', $lt: 'R45' } }, { ref: 1 }, 'ref_1'],
    ];
    for (const [filter, sort, index] of queries) {
      const viaIndex = await again.find(filter).sort(sort).hint(index).toArray();
      const scanned = await again.find(filter).sort(sort).hint({ $natural: 1 }).toArray();
      expect(viaIndex.length).toBeGreaterThan(0);
      expect(viaIndex).toEqual(scanned);
      const plan = await again.find(filter).sort(sort).hint(index).explain();
      expect(planStages(plan).some((s) => s.stage === 'IXSCAN' && s.indexName === index)).toBe(true);
    }
    expect(await again.countDocuments({ tags: 'moved' })).toBe(3);
    expect(await again.countDocuments()).toBe(498);
    await expect(again.insertOne({ ref: 'R7' })).rejects.toMatchObject({ code: 11000 });
    await expect(again.insertOne({ ref: 'R306' })).resolves.toBeDefined(); // deleted before the crash: free again
  });

  it('drops a torn journal tail at start-up and cuts it off the file', async () => {
    const { items } = await start(dir);
    await items.insertOne({ n: 1 });
    await items.insertOne({ n: 2 });
    const journal = path.join(dir, 'journal');
    const [segment] = await readdir(journal);
    const file = path.join(journal, segment as string);
    const whole = await readFile(file);
    for (const cut of [whole.length - 1, whole.length - 30]) {
      const copy = await mkdtemp(path.join(tmpdir(), 'embedded-torn-'));
      scratch.push(copy);
      await cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
      const tornFile = path.join(copy, 'journal', segment as string);
      await writeFile(tornFile, whole.subarray(0, cut));
      const after = await start(copy);
      expect((await after.items.find().toArray()).map((d) => d.n)).toEqual([1]);
      expect((await stat(tornFile)).size).toBeLessThan(cut);
    }
  });

  it('refuses to start when a record in the middle of the journal is damaged', async () => {
    const { items } = await start(dir);
    for (let n = 0; n < 5; n++) await items.insertOne({ n });
    const journal = path.join(dir, 'journal');
    const [segment] = await readdir(journal);
    const copy = await mkdtemp(path.join(tmpdir(), 'embedded-damaged-'));
    scratch.push(copy);
    await cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
    const file = path.join(copy, 'journal', segment as string);
    const bytes = await readFile(file);
    bytes[60] = (bytes[60] as number) ^ 0xff;
    await writeFile(file, bytes);
    await expect(startEmbeddedEngine({ dataDir: copy })).rejects.toThrow(CorruptDataFileError);
    // The damaged file is left as it was, for a person to look at.
    expect(await readFile(file)).toEqual(bytes);
  });

  it('lets only one engine open a data directory, and takes over a stale lock file', async () => {
    await start(dir);
    const second = await startEmbeddedEngine({ dataDir: dir }).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DataDirectoryInUseError);
    expect(String((second as Error).message)).toContain(`pid ${process.pid}`);

    const other = await mkdtemp(path.join(tmpdir(), 'embedded-stale-'));
    scratch.push(other);
    await writeFile(path.join(other, 'embedded-db.lock'), JSON.stringify({ pid: 999_999_999, host: 'gone' }));
    const taken = await start(other);
    await taken.items.insertOne({ ok: true });
    expect(JSON.parse(await readFile(path.join(other, 'embedded-db.lock'), 'utf8')).pid).toBe(process.pid);
  });

  it('trims the journal after checkpoints and starts from the newest one', async () => {
    const { engine, items } = await start(dir, { checkpointBytes: 4096 });
    for (let round = 0; round < 10; round++) {
      await items.insertMany(Array.from({ length: 20 }, (_, i) => ({ round, i, pad: 'p'.repeat(100) })));
    }
    // Checkpoints ran on their own (the threshold is tiny): only the newest segments are left.
    expect((await readdir(path.join(dir, 'journal'))).length).toBeLessThanOrEqual(3);
    await items.insertOne({ round: 10 });
    await engine.flush(); // a copy is only a faithful crash image while no checkpoint is being written
    expect((await readdir(path.join(dir, 'journal'))).length).toBeLessThanOrEqual(2);
    const after = await crashImage();
    expect(await after.items.countDocuments()).toBe(201);
  });

  it('writes a checkpoint after replaying a long journal, so the next start replays nothing', async () => {
    const { items } = await start(dir);
    await items.insertMany(Array.from({ length: 200 }, (_, i) => ({ i, pad: 'p'.repeat(100) })));
    const copy = await mkdtemp(path.join(tmpdir(), 'embedded-replay-'));
    scratch.push(copy);
    await cp(dir, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
    const journalBytes = async () => {
      const files = await readdir(path.join(copy, 'journal'));
      const sizes = await Promise.all(files.map(async (f) => (await stat(path.join(copy, 'journal', f))).size));
      return sizes.reduce((a, b) => a + b, 0);
    };
    expect(await journalBytes()).toBeGreaterThan(16 * 1024);
    // No write after this start: only the replay itself can lead to the checkpoint.
    const restarted = await start(copy, { checkpointBytes: 16 * 1024 });
    await vi.waitFor(async () => expect(await journalBytes()).toBe(0));
    expect(await restarted.items.countDocuments()).toBe(200);
  });
});
