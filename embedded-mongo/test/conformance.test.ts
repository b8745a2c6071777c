/**
 * MongoDB behaviours as the manual documents them, run against the embedded engine and, with
 * MONGODB_URI set, against a real mongod: the same expectations must hold on both.
 */
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CORPUS, plain, type Case } from './conformance-corpus.js';
import { connectTestDb, externalUri, serverError, type TestDb } from './testing.js';

const DB_NAME = 'embedded_conformance_test';
const CASE_INSENSITIVE = { locale: 'en', strength: 2 };

let testDb: TestDb;
let db: Db;
/** Longs come back as Long (not numbers), so the corpus sees the BSON type the server chose. */
let exact: MongoClient;
let corpusDb: Db;

beforeAll(async () => {
  ({ db } = testDb = await connectTestDb(DB_NAME));
  exact = new MongoClient(testDb.target.uri, { serverSelectionTimeoutMS: 5000, promoteLongs: false });
  await exact.connect();
  corpusDb = exact.db(`${DB_NAME}_corpus`);
  await corpusDb.dropDatabase();
});

afterAll(async () => {
  await corpusDb?.dropDatabase();
  await exact?.close();
  await testDb?.close();
});

beforeEach(async () => {
  await db.dropDatabase();
});

describe('collation (manual: Collation)', () => {
  it('a unique index with strength 2 refuses an address differing only in case', async () => {
    const users = db.collection('users');
    await users.createIndex({ email: 1 }, { unique: true, collation: CASE_INSENSITIVE });
    await users.insertOne({ email: 'a@x.in' });
    const err = await serverError(users.insertOne({ email: 'A@x.in' }));
    expect(err.code).toBe(11000);
    expect(await users.countDocuments({})).toBe(1);
  });

  it('find, count and delete compare strings through the collation', async () => {
    const names = db.collection('names');
    await names.insertMany([{ name: 'Asha' }, { name: 'asha' }, { name: 'ASHA' }, { name: 'Ravi' }]);
    expect(await names.countDocuments({ name: 'asha' })).toBe(1);
    expect(await names.countDocuments({ name: 'asha' }, { collation: CASE_INSENSITIVE })).toBe(3);
    const found = await names.find({ name: { $in: ['RAVI'] } }, { collation: CASE_INSENSITIVE }).toArray();
    expect(found.map((d) => d.name)).toEqual(['Ravi']);
    const removed = await names.deleteMany({ name: 'ASHA' }, { collation: CASE_INSENSITIVE });
    expect(removed.deletedCount).toBe(3);
  });

  it('sorts by the locale, not by code points', async () => {
    const words = db.collection('words');
    await words.insertMany([{ w: 'b' }, { w: 'B' }, { w: 'a' }, { w: 'A' }]);
    const binary = await words
      .find({}, { projection: { _id: 0 } })
      .sort({ w: 1 })
      .toArray();
    expect(binary.map((d) => d.w)).toEqual(['A', 'B', 'a', 'b']);
    const english = await words
      .find({}, { projection: { _id: 0 }, collation: { locale: 'en' } })
      .sort({ w: 1 })
      .toArray();
    expect(english.map((d) => d.w)).toEqual(['a', 'A', 'b', 'B']);
  });
});

describe('aggregation stages (manual: $count, $group)', () => {
  it('$count of no documents returns no document', async () => {
    await db.collection('empty').insertOne({ a: 1 });
    const out = await db
      .collection('empty')
      .aggregate([{ $match: { a: 2 } }, { $count: 'n' }])
      .toArray();
    expect(out).toEqual([]);
    const some = await db
      .collection('empty')
      .aggregate([{ $count: 'n' }])
      .toArray();
    expect(some).toEqual([{ n: 1 }]);
  });

  it('$group without _id is error 15955', async () => {
    await db.collection('g').insertOne({ a: 1 });
    const err = await serverError(
      db
        .collection('g')
        .aggregate([{ $group: { n: { $sum: 1 } } }])
        .toArray(),
    );
    expect(err.code).toBe(15955);
  });
});

/** What a case did: its result, or the server error it failed with. */
async function outcome(c: Case, index: number): Promise<{ value?: unknown; error?: MongoServerError }> {
  const coll = corpusDb.collection(`case_${index}`);
  if (c.docs?.length) await coll.insertMany(c.docs.map((d) => ({ ...d })));
  try {
    return { value: plain(await c.run(coll, corpusDb)) };
  } catch (err) {
    if (err instanceof MongoServerError) return { error: err };
    throw err;
  }
}

const embedded = externalUri === undefined;

describe('conformance corpus (MongoDB 7 manual)', () => {
  const areas = [...new Set(CORPUS.map((c) => c.area))];
  for (const area of areas) {
    describe(area, () => {
      CORPUS.forEach((c, index) => {
        if (c.area !== area) return;
        const label = c.refusedByEmbedded && embedded ? `${c.name} — refused by the embedded engine` : c.name;
        it(label, async () => {
          const { value, error } = await outcome(c, index);
          if (c.refusedByEmbedded && embedded) {
            expect(error?.code, `expected a refusal, got ${JSON.stringify(value)}`).toBe(238);
            expect(error?.message).toMatch(/embedded engine/);
            return;
          }
          if (c.code !== undefined) {
            expect(error?.code, `expected error ${c.code}, got ${error?.message ?? JSON.stringify(value)}`).toBe(
              c.code,
            );
            return;
          }
          expect(error, error?.message).toBeUndefined();
          expect(value).toEqual(c.expect);
        });
      });
    });
  }

  it('tallies the corpus (README: conformance)', () => {
    const refused = CORPUS.filter((c) => c.refusedByEmbedded).length;
    console.log(
      `conformance corpus: ${CORPUS.length} cases, ${CORPUS.length - refused} answered as mongod, ${refused} refused by the embedded engine`,
    );
    expect(CORPUS.length - refused).toBeGreaterThan(refused);
  });
});
