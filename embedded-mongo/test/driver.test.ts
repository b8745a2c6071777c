import { Binary, Decimal128, Long, MongoClient, ObjectId, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectTestDb, serverError, type TestDb, type TestTarget } from './testing.js';

const DB_NAME = 'embedded_driver_test';

let testDb: TestDb;
let target: TestTarget;
let client: MongoClient;
let db: Db;

beforeAll(async () => {
  ({ target, client, db } = testDb = await connectTestDb(DB_NAME));
});
afterAll(() => testDb?.close());

beforeEach(async () => {
  for (const c of await db.listCollections({}, { nameOnly: true }).toArray()) await db.dropCollection(c.name);
});

describe('connection', () => {
  it('answers ping and buildInfo like a 7.0 standalone', async () => {
    expect(await db.command({ ping: 1 })).toMatchObject({ ok: 1 });
    const info = await db.admin().command({ buildInfo: 1 });
    expect(typeof info.version).toBe('string');
    expect(Array.isArray(info.versionArray)).toBe(true);
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(21);
  });

  it('connects without directConnection as well', async () => {
    const uri = target.engine ? `${target.engine.uri}/${DB_NAME}` : target.uri;
    const other = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
    try {
      await other.connect();
      expect(await other.db(DB_NAME).command({ ping: 1 })).toMatchObject({ ok: 1 });
    } finally {
      await other.close();
    }
  });

  it('rejects unknown commands with CommandNotFound', async () => {
    const err = await serverError(db.command({ frobnicateTheWidgets: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    if (target.engine)
      expect(err.message).toBe("no such command: 'frobnicateTheWidgets' (not supported by the embedded engine)");
  });
});

describe('CRUD', () => {
  it('inserts, finds, updates and deletes', async () => {
    const users = db.collection('users');
    const { insertedId } = await users.insertOne({ name: 'Asha', email: 'asha@example.com', age: 31 });
    expect(insertedId).toBeInstanceOf(ObjectId);
    await users.insertMany([
      { name: 'Bela', age: 25 },
      { name: 'Chirag', age: 40 },
    ]);

    const asha = await users.findOne({ _id: insertedId });
    expect(asha).toMatchObject({ name: 'Asha', age: 31 });
    expect(asha?._id.equals(insertedId)).toBe(true);

    const upd = await users.updateOne({ name: 'Bela' }, { $set: { age: 26 } });
    expect(upd).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const same = await users.updateOne({ name: 'Bela' }, { $set: { age: 26 } });
    expect(same).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    // Modified means stored differently: the same nested values, dates and ids are no change; a new
    // type (Long for a number), a date a millisecond later or a moved field is one.
    const id = new ObjectId();
    const at = new Date('2026-11-26T10:00:00.000Z');
    await users.updateOne({ name: 'Bela' }, { $set: { meta: { by: id, at, tags: ['a', { n: 0 }] } } });
    const changes = [
      [{ $set: { meta: { by: new ObjectId(id.toHexString()), at: new Date(at), tags: ['a', { n: 0 }] } } }, 0],
      [{ $set: { 'meta.tags.1.n': Long.fromNumber(0) } }, 1],
      [{ $set: { 'meta.at': new Date(at.getTime() + 1) } }, 1],
      [{ $set: { meta: { at: new Date(at.getTime() + 1), by: id, tags: ['a', { n: Long.fromNumber(0) }] } } }, 1],
    ] as const;
    for (const [change, modified] of changes) {
      const result = await users.updateOne({ name: 'Bela' }, change);
      expect(result.modifiedCount, JSON.stringify(change)).toBe(modified);
    }

    const many = await users.updateMany({ age: { $gte: 26 } }, { $set: { adult: true } });
    expect(many).toMatchObject({ matchedCount: 3, modifiedCount: 3 });

    const replaced = await users.replaceOne({ name: 'Chirag' }, { name: 'Chirag', age: 41 });
    expect(replaced.modifiedCount).toBe(1);
    const chirag = await users.findOne({ name: 'Chirag' });
    expect(chirag).not.toHaveProperty('adult');
    expect(chirag?.age).toBe(41);

    expect((await users.deleteOne({ name: 'Bela' })).deletedCount).toBe(1);
    expect((await users.deleteMany({})).deletedCount).toBe(2);
    expect(await users.countDocuments()).toBe(0);
  });

  it('never lets an update change _id', async () => {
    const c = db.collection('ids');
    await c.insertOne({ _id: 'a' as unknown as ObjectId, v: 1 });
    const err = await serverError(
      c.updateOne({ _id: 'a' as unknown as ObjectId }, { $set: { _id: 'b' as unknown as ObjectId } }),
    );
    expect(err.code).toBe(66);
    const err2 = await serverError(c.replaceOne({ _id: 'a' as unknown as ObjectId }, { _id: 'c', v: 2 }));
    expect(err2.code).toBe(66);
    // Replacing without _id keeps the original one.
    await c.replaceOne({ _id: 'a' as unknown as ObjectId }, { v: 3 });
    expect(await c.findOne({})).toEqual({ _id: 'a', v: 3 });
  });

  it('preserves BSON types through a round trip', async () => {
    const c = db.collection('types');
    const doc = {
      oid: new ObjectId(),
      when: new Date('2024-05-06T07:08:09.010Z'),
      price: Decimal128.fromString('199.99'),
      big: Long.fromString('9007199254740993'),
      bin: new Binary(Buffer.from([1, 2, 3]), 0),
      nested: { list: [1, 'two', null, { three: 3 }] },
      flag: false,
      ratio: 0.25,
    };
    const { insertedId } = await c.insertOne(doc);
    const back = await client.db(DB_NAME).collection('types').findOne({ _id: insertedId }, { promoteLongs: false });
    expect(back?.oid).toBeInstanceOf(ObjectId);
    expect(back?.oid.equals(doc.oid)).toBe(true);
    expect(back?.when).toBeInstanceOf(Date);
    expect(back?.when.getTime()).toBe(doc.when.getTime());
    expect(back?.price).toBeInstanceOf(Decimal128);
    expect(back?.price.toString()).toBe('199.99');
    expect(back?.big).toBeInstanceOf(Long);
    expect(back?.big.toString()).toBe('9007199254740993');
    expect(Buffer.from((back?.bin as Binary).buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect(back?.nested).toEqual(doc.nested);
    expect(back?.flag).toBe(false);
    expect(back?.ratio).toBe(0.25);
    // Queries compare ObjectIds, Dates, Decimal128 and Longs by value.
    expect(await c.countDocuments({ oid: new ObjectId(doc.oid.toHexString()) })).toBe(1);
    expect(await c.countDocuments({ when: { $gte: new Date('2024-01-01') } })).toBe(1);
    expect(await c.countDocuments({ price: { $gt: 100 } })).toBe(1);
    expect(await c.countDocuments({ big: { $gt: Long.fromNumber(9007199254740000) } })).toBe(1);
  });

  it('sorts, skips, limits and projects', async () => {
    const c = db.collection('products');
    await c.insertMany([
      { sku: 'a', price: 30, tags: ['oil'], meta: { rank: 2 } },
      { sku: 'b', price: 10, tags: ['soap', 'herbal'], meta: { rank: 1 } },
      { sku: 'c', price: 20, meta: { rank: 3 } },
      { sku: 'd', price: 20, tags: [], meta: { rank: 0 } },
    ]);
    const byPrice = await c
      .find({}, { projection: { _id: 0, sku: 1 } })
      .sort({ price: 1, sku: -1 })
      .toArray();
    expect(byPrice).toEqual([{ sku: 'b' }, { sku: 'd' }, { sku: 'c' }, { sku: 'a' }]);

    const page = await c.find({}).sort({ price: -1 }).skip(1).limit(2).project({ sku: 1, _id: 0 }).toArray();
    expect(page.map((d) => d.sku)).toEqual(['c', 'd']);

    const nested = await c
      .find({}, { projection: { 'meta.rank': 1, _id: 0 } })
      .sort({ 'meta.rank': 1 })
      .toArray();
    expect(nested).toEqual([
      { meta: { rank: 0 } },
      { meta: { rank: 1 } },
      { meta: { rank: 2 } },
      { meta: { rank: 3 } },
    ]);

    // Top-level fields come in the document's order, with _id first unless left out.
    const topLevel = await c.findOne({ sku: 'a' }, { projection: { meta: 1, missing: 1, sku: true } });
    expect(Object.keys(topLevel ?? {})).toEqual(['_id', 'sku', 'meta']);
    expect(topLevel?.meta).toEqual({ rank: 2 });
    const withoutId = await c.findOne({ sku: 'a' }, { projection: { price: 1, _id: false } });
    expect(withoutId).toEqual({ price: 30 });

    const excluded = await c.findOne({ sku: 'a' }, { projection: { tags: 0, meta: 0 } });
    expect(Object.keys(excluded ?? {})).toEqual(['_id', 'sku', 'price']);

    const sliced = await c.findOne({ sku: 'b' }, { projection: { tags: { $slice: 1 }, _id: 0, sku: 1 } });
    expect(sliced).toEqual({ sku: 'b', tags: ['soap'] });

    const query = await c
      .find({ price: { $in: [10, 30] }, tags: { $exists: true } })
      .sort({ sku: 1 })
      .toArray();
    expect(query.map((d) => d.sku)).toEqual(['a', 'b']);
    const regex = await c.find({ sku: { $regex: '^[AB]$', $options: 'i' } }).toArray();
    expect(regex).toHaveLength(2);
    const or = await c
      .find({ $or: [{ price: { $lt: 15 } }, { 'meta.rank': 3 }] })
      .sort({ sku: 1 })
      .toArray();
    expect(or.map((d) => d.sku)).toEqual(['b', 'c']);
  });

  it('sorts mixed types in BSON order and dates/ObjectIds by value', async () => {
    const c = db.collection('mixed');
    const early = new ObjectId('000000000000000000000001');
    const late = new ObjectId('ffffffffffffffffffffffff');
    await c.insertMany([
      { k: 1, v: 'string' },
      { k: 2, v: 5 },
      { k: 3, v: null },
      { k: 4, v: { a: 1 } },
      { k: 5, v: late },
      { k: 6, v: early },
      { k: 7, v: new Date(2000) },
      { k: 8, v: new Date(1000) },
      { k: 9, v: true },
      { k: 10 },
    ]);
    const order = (await c.find({}).sort({ v: 1, k: 1 }).toArray()).map((d) => d.k);
    expect(order).toEqual([3, 10, 2, 1, 4, 6, 5, 9, 8, 7]);
  });

  it('serves large results in batches through getMore', async () => {
    const c = db.collection('batches');
    await c.insertMany(Array.from({ length: 10 }, (_, i) => ({ i })));
    const cursor = c.find({}, { batchSize: 2 }).sort({ i: 1 });
    const seen: number[] = [];
    for await (const doc of cursor) seen.push(doc.i as number);
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const raw = await db.command({ find: 'batches', filter: {}, sort: { i: 1 }, batchSize: 2 });
    expect(raw.cursor.firstBatch).toHaveLength(2);
    expect(raw.cursor.id).toBeInstanceOf(Long);
    expect(raw.cursor.id.isZero()).toBe(false);
    const more = await db.command({ getMore: raw.cursor.id, collection: 'batches', batchSize: 3 });
    expect(more.cursor.nextBatch.map((d: { i: number }) => d.i)).toEqual([2, 3, 4]);
    const killed = await db.command({ killCursors: 'batches', cursors: [raw.cursor.id] });
    expect(killed.cursorsKilled).toHaveLength(1);
    const gone = await serverError(db.command({ getMore: raw.cursor.id, collection: 'batches' }));
    expect(gone.code).toBe(43);

    const limited = await db.command({ find: 'batches', filter: {}, limit: 3 });
    expect(limited.cursor.firstBatch).toHaveLength(3);
    expect(Number(limited.cursor.id)).toBe(0);
  });

  it('reports clear errors for unknown query operators', async () => {
    const err = await serverError(
      db
        .collection('x')
        .find({ a: { $frob: 1 } })
        .toArray(),
    );
    expect(err.code).toBe(2);
    expect(err.message).toMatch(/\$frob/);
  });
});

describe('update operators', () => {
  const base = () => ({
    _id: 1,
    name: 'oil',
    qty: 5,
    price: 10,
    tags: ['a', 'b'],
    nums: [1, 2, 3, 4, 5],
    items: [
      { sku: 'x', n: 1 },
      { sku: 'y', n: 2 },
    ],
    old: 'value',
    lo: 5,
    hi: 5,
  });

  async function after(update: Record<string, unknown>, options: Record<string, unknown> = {}) {
    const c = db.collection('ops');
    await c.deleteMany({});
    await c.insertOne(base() as never);
    await c.updateOne({ _id: 1 as never, ...((options.filter as object) ?? {}) }, update, options);
    return (await c.findOne({ _id: 1 as never })) as Record<string, unknown>;
  }

  it('$set, $unset, $inc, $mul, $rename', async () => {
    expect(await after({ $set: { name: 'ghee', 'deep.path': 1 } })).toMatchObject({ name: 'ghee', deep: { path: 1 } });
    expect(await after({ $unset: { old: '' } })).not.toHaveProperty('old');
    expect((await after({ $inc: { qty: -2, fresh: 3 } })) as object).toMatchObject({ qty: 3, fresh: 3 });
    expect(await after({ $mul: { price: 1.5 } })).toMatchObject({ price: 15 });
    const renamed = await after({ $rename: { old: 'renamed' } });
    expect(renamed).toMatchObject({ renamed: 'value' });
    expect(renamed).not.toHaveProperty('old');
  });

  it('$min, $max, $currentDate, $setOnInsert on existing documents', async () => {
    expect(await after({ $min: { lo: 3, hi: 9 } })).toMatchObject({ lo: 3, hi: 5 });
    expect(await after({ $max: { lo: 3, hi: 9 } })).toMatchObject({ lo: 5, hi: 9 });
    const dated = await after({ $currentDate: { touched: true } });
    expect(dated.touched).toBeInstanceOf(Date);
    expect(await after({ $setOnInsert: { created: true } })).not.toHaveProperty('created');
  });

  it('$push with $each/$slice/$position, $addToSet, $pull, $pullAll, $pop', async () => {
    expect((await after({ $push: { tags: 'c' } })).tags).toEqual(['a', 'b', 'c']);
    expect((await after({ $push: { tags: { $each: ['x', 'y'], $position: 0 } } })).tags).toEqual(['x', 'y', 'a', 'b']);
    expect((await after({ $push: { nums: { $each: [6, 7], $slice: -3 } } })).nums).toEqual([5, 6, 7]);
    expect((await after({ $addToSet: { tags: { $each: ['b', 'c'] } } })).tags).toEqual(['a', 'b', 'c']);
    expect((await after({ $addToSet: { tags: 'a' } })).tags).toEqual(['a', 'b']);
    expect((await after({ $pull: { nums: { $gte: 4 } } })).nums).toEqual([1, 2, 3]);
    expect((await after({ $pull: { items: { sku: 'x' } } })).items).toEqual([{ sku: 'y', n: 2 }]);
    expect((await after({ $pullAll: { nums: [1, 3] } })).nums).toEqual([2, 4, 5]);
    expect((await after({ $pop: { nums: 1 } })).nums).toEqual([1, 2, 3, 4]);
    expect((await after({ $pop: { nums: -1 } })).nums).toEqual([2, 3, 4, 5]);
  });

  it('positional $ and arrayFilters', async () => {
    const positional = await after({ $inc: { 'items.$.n': 10 } }, { filter: { 'items.sku': 'y' } });
    expect(positional.items).toEqual([
      { sku: 'x', n: 1 },
      { sku: 'y', n: 12 },
    ]);
    const filtered = await after({ $set: { 'items.$[it].n': 0 } }, { arrayFilters: [{ 'it.n': { $lt: 2 } }] });
    expect(filtered.items).toEqual([
      { sku: 'x', n: 0 },
      { sku: 'y', n: 2 },
    ]);
    const all = await after({ $inc: { 'items.$[].n': 1 } });
    expect(all.items).toEqual([
      { sku: 'x', n: 2 },
      { sku: 'y', n: 3 },
    ]);
  });

  it('rejects unknown modifiers and $inc on non-numbers', async () => {
    const c = db.collection('ops');
    await c.insertOne(base() as never);
    const unknown = await serverError(c.updateOne({ _id: 1 as never }, { $frob: { a: 1 } } as never));
    expect(unknown.code).toBe(9);
    const bad = await serverError(c.updateOne({ _id: 1 as never }, { $inc: { name: 1 } }));
    expect(bad.code).toBe(14);
  });

  it('keeps int64 and decimal types through arithmetic', async () => {
    const c = db.collection('wide');
    await c.insertOne({
      _id: 'w' as never,
      n: Long.fromNumber(5),
      d: Decimal128.fromString('1.5'),
      other: Long.fromNumber(7),
    });
    await c.updateOne({ _id: 'w' as never }, { $inc: { n: 1, d: 1 } });
    const doc = await c.findOne({ _id: 'w' as never }, { promoteLongs: false });
    expect(doc?.n).toBeInstanceOf(Long);
    expect(String(doc?.n)).toBe('6');
    expect(doc?.d).toBeInstanceOf(Decimal128);
    expect(Number(String(doc?.d))).toBe(2.5);
    expect(doc?.other).toBeInstanceOf(Long);
    expect(await c.countDocuments({ n: { $gte: 6 } })).toBe(1);
  });

  it('supports pipeline-style updates', async () => {
    const doc = await after([{ $set: { total: { $multiply: ['$qty', '$price'] } } }] as never);
    expect(doc.total).toBe(50);
  });
});

describe('upserts and findAndModify', () => {
  it('upserts through updateOne with filter equality fields and $setOnInsert', async () => {
    const c = db.collection<{ userId: string; status: string; items: string[]; createdAt: Date }>('carts');
    const res = await c.updateOne(
      { userId: 'u1', status: { $eq: 'open' } },
      { $push: { items: 'soap' }, $setOnInsert: { createdAt: new Date(0) } },
      { upsert: true },
    );
    expect(res.upsertedCount).toBe(1);
    expect(res.upsertedId).toBeInstanceOf(ObjectId);
    const cart = await c.findOne({ userId: 'u1' });
    expect(cart).toMatchObject({ userId: 'u1', status: 'open', items: ['soap'], createdAt: new Date(0) });
    const again = await c.updateOne({ userId: 'u1', status: 'open' }, { $push: { items: 'oil' } }, { upsert: true });
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    const raw = await db.command({
      update: 'carts',
      updates: [{ q: { _id: 'fixed' }, u: { $set: { n: 1 } }, upsert: true }],
    });
    expect(raw).toMatchObject({ n: 1, nModified: 0, upserted: [{ index: 0, _id: 'fixed' }] });
  });

  it('upserts through findOneAndUpdate and returns the new document', async () => {
    const c = db.collection('counters');
    const created = await c.findOneAndUpdate(
      { _id: 'orders' as never },
      { $inc: { seq: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(created).toEqual({ _id: 'orders', seq: 1 });
    const before = await c.findOneAndUpdate(
      { _id: 'orders' as never },
      { $inc: { seq: 1 } },
      { returnDocument: 'before' },
    );
    expect(before).toEqual({ _id: 'orders', seq: 1 });
    const meta = await c.findOneAndUpdate(
      { _id: 'other' as never },
      { $set: { x: 1 } },
      { upsert: true, includeResultMetadata: true },
    );
    expect(meta.value).toBeNull();
    expect(meta.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: 'other' });
  });

  it('findOneAndDelete / findOneAndReplace with sort and projection', async () => {
    const c = db.collection('queue');
    await c.insertMany([
      { job: 'a', pri: 2 },
      { job: 'b', pri: 5 },
      { job: 'c', pri: 1 },
    ]);
    const top = await c.findOneAndDelete({}, { sort: { pri: -1 }, projection: { _id: 0, job: 1 } });
    expect(top).toEqual({ job: 'b' });
    const replaced = await c.findOneAndReplace({ job: 'c' }, { job: 'c2', pri: 1 }, { returnDocument: 'after' });
    expect(replaced).toMatchObject({ job: 'c2' });
    expect(await c.countDocuments()).toBe(2);
    expect(await c.findOneAndUpdate({ job: 'missing' }, { $set: { x: 1 } })).toBeNull();
  });

  it('loses no update under 50 concurrent findOneAndUpdate $inc', async () => {
    const c = db.collection('stock');
    await c.insertOne({ _id: 'p1' as never, sold: 0 });
    await Promise.all(
      Array.from({ length: 50 }, () => c.findOneAndUpdate({ _id: 'p1' as never }, { $inc: { sold: 1 } })),
    );
    expect((await c.findOne({ _id: 'p1' as never }))?.sold).toBe(50);
  });

  it('keeps all 100 concurrent inserts', async () => {
    const c = db.collection('burst');
    await Promise.all(Array.from({ length: 100 }, (_, i) => c.insertOne({ i })));
    expect(await c.countDocuments()).toBe(100);
    expect((await c.distinct('i')).length).toBe(100);
  });
});

describe('unique indexes', () => {
  it('rejects a duplicate email with E11000 from insertOne, insertMany and updates', async () => {
    const users = db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'a@b.c' });
    const err = await serverError(users.insertOne({ email: 'a@b.c' }));
    expect(err.code).toBe(11000);
    expect(err.message).toContain(
      `E11000 duplicate key error collection: ${DB_NAME}.users index: email_1 dup key: { email: "a@b.c" }`,
    );
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(err.keyValue).toEqual({ email: 'a@b.c' });

    // Ordered batch stops at the first failure; unordered continues.
    const ordered = await serverError(users.insertMany([{ email: 'x@y.z' }, { email: 'a@b.c' }, { email: 'q@r.s' }]));
    expect(ordered.code).toBe(11000);
    expect(await users.countDocuments({ email: 'q@r.s' })).toBe(0);
    await serverError(users.insertMany([{ email: 'a@b.c' }, { email: 'q@r.s' }], { ordered: false }));
    expect(await users.countDocuments({ email: 'q@r.s' })).toBe(1);

    const raw = await db.command({ insert: 'users', documents: [{ email: 'new@x.y' }, { email: 'a@b.c' }] });
    expect(raw.n).toBe(1);
    expect(raw.writeErrors).toHaveLength(1);
    expect(raw.writeErrors[0]).toMatchObject({ index: 1, code: 11000, keyValue: { email: 'a@b.c' } });

    const upd = await serverError(users.updateOne({ email: 'x@y.z' }, { $set: { email: 'a@b.c' } }));
    expect(upd.code).toBe(11000);
    const fam = await serverError(users.findOneAndUpdate({ email: 'x@y.z' }, { $set: { email: 'a@b.c' } }));
    expect(fam.code).toBe(11000);
    expect(fam.codeName).toBe('DuplicateKey');
    // The failed update changed nothing and the freed value can be reused after a change.
    await users.updateOne({ email: 'x@y.z' }, { $set: { email: 'changed@x.y' } });
    await users.insertOne({ email: 'x@y.z' });
  });

  it('treats a missing field as null and honours sparse indexes', async () => {
    const c = db.collection('phones');
    await c.createIndex({ phone: 1 }, { unique: true });
    await c.insertOne({ name: 'no phone' });
    expect((await serverError(c.insertOne({ name: 'also none' }))).code).toBe(11000);
    const s = db.collection('sparse');
    await s.createIndex({ phone: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ name: 'a' }, { name: 'b' }, { phone: '1' }]);
    expect((await serverError(s.insertOne({ phone: '1' }))).code).toBe(11000);
  });

  it('enforces compound unique indexes', async () => {
    const c = db.collection('reviews');
    await c.createIndex({ productId: 1, userId: 1 }, { unique: true });
    await c.insertMany([
      { productId: 'p1', userId: 'u1' },
      { productId: 'p1', userId: 'u2' },
      { productId: 'p2', userId: 'u1' },
    ]);
    const err = await serverError(c.insertOne({ productId: 'p1', userId: 'u1' }));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ productId: 'p1', userId: 'u1' });
  });

  it('refuses to build a unique index over duplicates and on upsert conflicts', async () => {
    const c = db.collection('dupes');
    await c.insertMany([{ sku: 'a' }, { sku: 'a' }]);
    const err = await serverError(c.createIndex({ sku: 1 }, { unique: true }));
    expect(err.code).toBe(11000);
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
    const dupId = await serverError(c.insertOne({ _id: (await c.findOne({}))?._id }));
    expect(dupId.code).toBe(11000);
  });

  it('creates, lists and drops indexes', async () => {
    const c = db.collection('indexed');
    expect(await c.createIndex({ createdAt: -1 })).toBe('createdAt_-1');
    await c.createIndexes([
      { key: { a: 1, b: -1 }, name: 'ab', unique: true },
      { key: { ttl: 1 }, expireAfterSeconds: 3600 },
    ]);
    const indexes = await c.listIndexes().toArray();
    expect(indexes.map((i) => i.name)).toEqual(['_id_', 'createdAt_-1', 'ab', 'ttl_1']);
    expect(indexes.find((i) => i.name === 'ab')).toMatchObject({ key: { a: 1, b: -1 }, unique: true });
    expect(indexes.find((i) => i.name === 'ttl_1')?.expireAfterSeconds).toBe(3600);
    expect(await c.indexExists('ab')).toBe(true);
    await c.dropIndex('ab');
    expect(await c.indexExists('ab')).toBe(false);
    await c.dropIndexes();
    expect((await c.indexes()).map((i) => i.name)).toEqual(['_id_']);
    const missing = await serverError(db.collection('nope').listIndexes().toArray());
    expect(missing.code).toBe(26);
  });
});

describe('counting and aggregation', () => {
  beforeEach(async () => {
    await db.collection('orders').insertMany([
      {
        userId: 'u1',
        total: 100,
        items: [
          { sku: 'oil', qty: 1 },
          { sku: 'soap', qty: 2 },
        ],
        status: 'paid',
      },
      { userId: 'u1', total: 50, items: [{ sku: 'soap', qty: 1 }], status: 'paid' },
      { userId: 'u2', total: 70, items: [{ sku: 'oil', qty: 3 }], status: 'pending' },
    ]);
    await db.collection('customers').insertMany([
      { _id: 'u1' as never, name: 'Asha' },
      { _id: 'u2' as never, name: 'Bela' },
    ]);
  });

  it('countDocuments, estimatedDocumentCount and distinct', async () => {
    const orders = db.collection('orders');
    expect(await orders.countDocuments()).toBe(3);
    expect(await orders.countDocuments({ status: 'paid' })).toBe(2);
    expect(await orders.countDocuments({}, { skip: 1, limit: 1 })).toBe(1);
    expect(await orders.estimatedDocumentCount()).toBe(3);
    expect((await orders.distinct('userId')).sort()).toEqual(['u1', 'u2']);
    expect((await orders.distinct('items.sku')).sort()).toEqual(['oil', 'soap']);
    expect(await orders.distinct('userId', { total: { $gt: 60 } })).toHaveLength(2);
  });

  it('aggregates with $match, $group, $sort, $lookup, $unwind, $project, $count', async () => {
    const orders = db.collection('orders');
    const perUser = await orders
      .aggregate([
        { $match: { status: 'paid' } },
        { $group: { _id: '$userId', spent: { $sum: '$total' }, n: { $sum: 1 } } },
        { $sort: { spent: -1 } },
      ])
      .toArray();
    expect(perUser).toEqual([{ _id: 'u1', spent: 150, n: 2 }]);

    const joined = await orders
      .aggregate([
        { $lookup: { from: 'customers', localField: 'userId', foreignField: '_id', as: 'customer' } },
        { $unwind: '$customer' },
        { $unwind: '$items' },
        { $group: { _id: '$customer.name', qty: { $sum: '$items.qty' } } },
        { $sort: { _id: 1 } },
      ])
      .toArray();
    expect(joined).toEqual([
      { _id: 'Asha', qty: 4 },
      { _id: 'Bela', qty: 3 },
    ]);

    const shaped = await orders
      .aggregate([
        { $addFields: { big: { $gte: ['$total', 70] } } },
        { $set: { lines: { $size: '$items' } } },
        { $project: { _id: 0, total: 1, big: 1, lines: 1 } },
        { $sort: { total: 1 } },
        { $skip: 1 },
        { $limit: 1 },
      ])
      .toArray();
    expect(shaped).toEqual([{ total: 70, big: true, lines: 1 }]);

    const counted = await orders.aggregate([{ $match: { userId: 'u1' } }, { $count: 'n' }]).toArray();
    expect(counted).toEqual([{ n: 2 }]);
  });

  it('writes $out results into a collection and rejects unknown stages', async () => {
    await db
      .collection('orders')
      .aggregate([{ $group: { _id: '$userId', total: { $sum: '$total' } } }, { $out: 'totals' }])
      .toArray();
    const totals = await db.collection('totals').find({}).sort({ _id: 1 }).toArray();
    expect(totals).toEqual([
      { _id: 'u1', total: 150 },
      { _id: 'u2', total: 70 },
    ]);
    const err = await serverError(
      db
        .collection('orders')
        .aggregate([{ $frobnicate: {} }])
        .toArray(),
    );
    expect(err.code).toBe(40324);
  });

  it('pages aggregate results through getMore', async () => {
    const cursor = db.collection('orders').aggregate([{ $sort: { total: 1 } }], { batchSize: 1 });
    const totals: number[] = [];
    for await (const d of cursor) totals.push(d.total as number);
    expect(totals).toEqual([50, 70, 100]);
  });
});

describe('collections and databases', () => {
  it('creates, lists, renames and drops collections', async () => {
    await db.createCollection('alpha');
    const exists = await serverError(db.createCollection('alpha'));
    expect(exists.code).toBe(48);
    await db.collection('beta').insertOne({ x: 1 });
    const names = (await db.listCollections().toArray()).map((c) => c.name).sort();
    expect(names).toEqual(['alpha', 'beta']);
    expect(await db.listCollections({ name: 'beta' }).toArray()).toHaveLength(1);
    await db.renameCollection('beta', 'gamma');
    expect(await db.collection('gamma').countDocuments()).toBe(1);
    expect(await db.collection('beta').countDocuments()).toBe(0);
    expect(await db.dropCollection('gamma')).toBe(true);
    const dbs = await client.db().admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain(DB_NAME);
  });
});

describe.runIf(process.env.MONGODB_URI === undefined || process.env.MONGODB_URI === '')('engine specifics', () => {
  it('removes expired documents of TTL indexes on sweep', async () => {
    const sessions = db.collection('sessions');
    await sessions.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    await sessions.insertMany([
      { expiresAt: new Date(Date.now() - 1000) },
      { expiresAt: new Date(Date.now() + 3_600_000) },
      { other: 1 },
    ]);
    await target.engine?.flush();
    expect(await sessions.countDocuments()).toBe(2);
  });

  it('refuses transactions like a standalone server', async () => {
    const session = client.startSession();
    try {
      session.startTransaction();
      const err = await serverError(db.collection('tx').insertOne({ a: 1 }, { session }));
      // The driver rewrites mongod's code 20 "Transaction numbers are only allowed on a replica set" reply.
      expect(err.message).toMatch(/retryable writes|replica set/);
    } finally {
      await session.abortTransaction().catch(() => undefined);
      await session.endSession();
    }
  });
});
