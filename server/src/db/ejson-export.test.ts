/**
 * `npm run db:export` / `db:import`: the demo shop, plus a collection holding every BSON type the
 * shop could meet, goes out to Extended JSON, into another database and out again unchanged.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Binary, BSONRegExp, Decimal128, Double, Int32, Long, MongoClient, ObjectId, type Db } from 'mongodb';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../seed/index.js';
import { startTestApp, type TestContext } from '../test/harness.js';
import { exportDatabase, importDatabase, ImportRefused } from './ejson-export.js';

let ctx: TestContext;
/** The top-level driver (the export's), not mongoose's copy of it. */
let client: MongoClient;
let source: Db;
let folder: string;

const TYPED = [
  {
    _id: new ObjectId('6745ae850100000000000001'),
    int: new Int32(5),
    half: 2.5,
    long: Long.fromString('9007199254740993'),
    price: Decimal128.fromString('120.50'),
    at: new Date('2026-11-26T10:00:00.000Z'),
    bytes: new Binary(Buffer.from('kesh')),
    pattern: new BSONRegExp('^amla', 'i'),
    nested: { list: [1, 'two', null, { three: true }] },
  },
  { _id: 'plain-string-id', int: new Int32(-1), empty: {}, none: null },
];

/** The files of an export, except the manifest's name and time. */
async function exportedFiles(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    if (name !== 'manifest.json') files[name] = await readFile(path.join(dir, name), 'utf8');
  }
  return files;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'kesh-export-'));
  ctx = await startTestApp();
  await seed(ctx.deps);
  const { host, port, name } = mongoose.connection;
  client = await MongoClient.connect(`mongodb://${host}:${port}/?directConnection=true`);
  source = client.db(name);
  await source.createCollection('typed', {
    validator: { int: { $exists: true } },
    validationLevel: 'moderate',
    collation: { locale: 'en', strength: 2 },
  });
  await source.collection('typed').createIndex({ at: 1 }, { expireAfterSeconds: 3600, name: 'at_ttl' });
  await source.collection('typed').createIndex({ long: -1, price: 1 }, { unique: true, sparse: true });
  await source.collection('typed').insertMany(TYPED.map((d) => ({ ...d })) as never);
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await client?.close();
  await ctx?.close();
});

describe('db:export and db:import', () => {
  it('round-trips every collection, document and index of the demo shop through the engine', async () => {
    const first = path.join(folder, 'first');
    const second = path.join(folder, 'second');
    const exported = await exportDatabase(source, first);
    expect(exported.collections.map((c) => c.name)).toEqual(
      expect.arrayContaining(['admins', 'galleryitems', 'maincategories', 'sliders', 'typed']),
    );
    const target = source.client.db(`${source.databaseName}_imported`);
    await importDatabase(target, first);
    const again = await exportDatabase(target, second);
    expect(again.collections).toEqual(exported.collections);
    expect(await exportedFiles(second)).toEqual(await exportedFiles(first));

    const typed = await target
      .collection('typed')
      .find({}, { promoteValues: false, bsonRegExp: true })
      .sort({ _id: 1 })
      .toArray();
    expect(typed.map((d) => d._id)).toEqual(['plain-string-id', TYPED[0]?._id]);
    const [, rich] = typed;
    expect(rich?.int).toBeInstanceOf(Int32);
    expect(rich?.half).toBeInstanceOf(Double);
    expect(String(rich?.long)).toBe('9007199254740993');
    expect(String(rich?.price)).toBe('120.50');
    const ttl = (await target.collection('typed').indexes()).find((i) => i.name === 'at_ttl');
    expect(ttl?.expireAfterSeconds).toBe(3600);
    const [info] = await target.listCollections({ name: 'typed' }).toArray();
    expect((info as { options?: unknown }).options).toMatchObject({
      validator: { int: { $exists: true } },
      validationLevel: 'moderate',
      collation: { locale: 'en', strength: 2 },
    });
    await target.dropDatabase();
  });

  it('refuses to import over a collection that holds documents, and replaces it with --drop', async () => {
    const dir = path.join(folder, 'refuse');
    await exportDatabase(source, dir);
    const target = source.client.db(`${source.databaseName}_busy`);
    await target.collection('typed').insertOne({ _id: 'already here' } as never);
    await expect(importDatabase(target, dir)).rejects.toThrow(ImportRefused);
    await expect(importDatabase(target, dir)).rejects.toThrow(
      `collection "typed" in database "${target.databaseName}" already holds documents: import into an empty database, or pass --drop to replace it`,
    );
    expect(await target.collection('typed').countDocuments()).toBe(1);
    await importDatabase(target, dir, { drop: true });
    expect(await target.collection('typed').countDocuments()).toBe(TYPED.length);
    expect(await target.collection('typed').findOne({ _id: 'already here' } as never)).toBeNull();
    await target.dropDatabase();
  });
});
