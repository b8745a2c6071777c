import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Binary, Decimal128, Long, MongoClient, MongoServerError, ObjectId } from 'mongodb';
import mongoose from 'mongoose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataFileError, startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { externalUri } from '../../test/testing.js';
import { Store } from '../storage/store.js';
import { loadCheckpoint } from './checkpoint.js';
import { realFs } from '../storage/storage-fs.js';

const DB_NAME = 'embedded_persist_test';

// These tests exercise the engine's own file format, so they cannot run against a real server.
describe.skipIf(externalUri !== undefined)('persistence', () => {
  let dir: string;
  let file: string;
  const engines: EmbeddedEngine[] = [];
  const clients: MongoClient[] = [];

  async function start(): Promise<{ engine: EmbeddedEngine; client: MongoClient }> {
    const engine = await startEmbeddedEngine({ dataDir: dir });
    engines.push(engine);
    const client = new MongoClient(`${engine.uri}/${DB_NAME}?directConnection=true`);
    clients.push(client);
    await client.connect();
    return { engine, client };
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'embedded-db-'));
    file = path.join(dir, 'embedded-db.bson');
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
    for (const e of engines.splice(0)) await e.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts empty when the file does not exist', async () => {
    const { client } = await start();
    expect(await client.db(DB_NAME).listCollections().toArray()).toEqual([]);
  });

  it('restores data and indexes after stop and restart', async () => {
    const first = await start();
    const users = first.client.db(DB_NAME).collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.createIndex({ createdAt: 1 }, { expireAfterSeconds: 86_400 });
    const id = new ObjectId();
    await users.insertOne({
      _id: id,
      email: 'a@b.c',
      createdAt: new Date('2030-01-01T00:00:00Z'),
      balance: Decimal128.fromString('10.25'),
      visits: Long.fromString('9007199254740993'),
    });
    await first.client.db('otherdb').collection('things').insertOne({ x: 1 });
    await first.client.close();
    await first.engine.stop();
    expect(existsSync(`${file}.tmp`)).toBe(false);

    const second = await start();
    const again = second.client.db(DB_NAME).collection('users');
    const doc = await again.findOne({ _id: id }, { promoteLongs: false });
    expect(doc?.email).toBe('a@b.c');
    expect(doc?.createdAt).toEqual(new Date('2030-01-01T00:00:00Z'));
    expect(doc?.balance.toString()).toBe('10.25');
    expect(String(doc?.visits)).toBe('9007199254740993');
    const indexes = await again.indexes();
    expect(indexes.map((i) => i.name)).toEqual(['_id_', 'email_1', 'createdAt_1']);
    expect(indexes[2]?.expireAfterSeconds).toBe(86_400);
    const dup = await again.insertOne({ email: 'a@b.c' }).catch((err: unknown) => err);
    expect(dup).toBeInstanceOf(MongoServerError);
    expect((dup as MongoServerError).code).toBe(11000);
    expect(await second.client.db('otherdb').collection('things').countDocuments()).toBe(1);
  });

  it('refuses a start whose documents break a unique index', () => {
    const store = new Store();
    store.beginBulkLoad();
    const coll = store.createCollection(DB_NAME, 'users');
    coll.createIndex({ v: 2, key: { email: 1 }, name: 'email_1', unique: true });
    coll.insert({ _id: 1, email: 'a@x.in' });
    coll.insert({ _id: 2, email: 'a@x.in' });
    expect(() => store.finishBulkLoad()).toThrow(
      /E11000 duplicate key error collection: embedded_persist_test.users index: email_1/,
    );
  });

  it('writes a checkpoint on flush, after which the journal starts over', async () => {
    const { engine, client } = await start();
    await client.db(DB_NAME).collection('c').insertOne({ n: 1 });
    expect(existsSync(file)).toBe(false);
    await engine.flush();
    expect(existsSync(file)).toBe(true);
    await client.db(DB_NAME).collection('c').insertOne({ n: 2 });
    await client.close();
    await engine.stop();
    const { client: again } = await start();
    expect(await again.db(DB_NAME).collection('c').countDocuments()).toBe(2);
  });

  it('works through mongoose across a restart', async () => {
    const first = await startEmbeddedEngine({ dataDir: dir });
    engines.push(first);
    const conn1 = await mongoose.createConnection(`${first.uri}/${DB_NAME}`).asPromise();
    const schema = new mongoose.Schema({ sku: { type: String, unique: true }, stock: Number });
    const P1 = conn1.model('Product', schema);
    await P1.init();
    await P1.create({ sku: 'oil', stock: 3 });
    await conn1.close();
    await first.stop();

    const second = await startEmbeddedEngine({ dataDir: dir });
    engines.push(second);
    const conn2 = await mongoose.createConnection(`${second.uri}/${DB_NAME}`).asPromise();
    try {
      const P2 = conn2.model('Product', schema);
      expect((await P2.findOne({ sku: 'oil' }).lean())?.stock).toBe(3);
      await expect(P2.create({ sku: 'oil', stock: 1 })).rejects.toMatchObject({ code: 11000 });
    } finally {
      await conn2.close();
    }
  });

  it('refuses to start from a corrupt file and leaves it untouched', async () => {
    await writeFile(file, Buffer.from('this is not a database file at all'));
    await expect(startEmbeddedEngine({ dataDir: dir })).rejects.toThrow(CorruptDataFileError);
    await expect(startEmbeddedEngine({ dataDir: dir })).rejects.toThrow(file);
    // The failed starts released the directory: nothing holds it now.
    expect(existsSync(path.join(dir, 'embedded-db.lock'))).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('this is not a database file at all');
  });

  it('detects a truncated file', async () => {
    const { engine, client } = await start();
    await client
      .db(DB_NAME)
      .collection('c')
      .insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
    await engine.flush();
    await client.close();
    await engine.stop();
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 30));
    await expect(startEmbeddedEngine({ dataDir: dir })).rejects.toThrow(/corrupt/);
  });

  it('keeps loaded documents as bytes that nothing a reader does to what it got can change', async () => {
    const { engine, client } = await start();
    const files = client.db(DB_NAME).collection('files');
    await files.insertMany(
      Array.from({ length: 200 }, (_, i) => ({
        i,
        status: 'Delivered',
        bytes: new Binary(Buffer.from([i % 256, 1, 2])),
        nested: { list: [i] },
      })),
    );
    await engine.flush();
    const store = new Store();
    store.beginBulkLoad();
    await loadCheckpoint(realFs, store, file);
    store.finishBulkLoad();
    const coll = store.getCollection(DB_NAME, 'files')!;
    const loaded = [...coll.docs.values()];
    expect(loaded).toHaveLength(200);
    // bson decodes a Binary as a view of the bytes it read: a view of the stored bytes would let a
    // reader change the stored document.
    for (const doc of loaded) {
      (doc.bytes as Binary).buffer[1] = 99;
      (doc.nested as { list: number[] }).list.push(5);
    }
    const again = [...coll.docs.values()];
    expect([...(again[7]?.bytes as Binary).buffer]).toEqual([7, 1, 2]);
    expect(again[7]?.nested).toEqual({ list: [7] });
    expect(again.every((doc) => (doc.bytes as Binary).buffer[1] === 1)).toBe(true);
  });
});
