/**
 * Long `$in` lists of ObjectIds and strings, which the engine matches through a Set: every case of
 * mongod's `$in` semantics must answer exactly what the same condition written as `$or` of
 * equalities answers (that form is matched entry by entry), on this engine and on a real mongod.
 */
import { ObjectId, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestDb, type TestDb } from '../../test/testing.js';

let testDb: TestDb;
let docs: Collection;

const ids = Array.from({ length: 12 }, () => new ObjectId());
const hex = ids[0]!.toHexString();

beforeAll(async () => {
  testDb = await connectTestDb('embedded_in_list_test');
  docs = testDb.db.collection('docs');
  await docs.insertMany([
    { n: 1, ref: ids[0] },
    { n: 2, ref: hex }, // the same characters as a string: not the ObjectId
    { n: 3, ref: [ids[5], ids[11]] }, // an array: any element may match
    { n: 4, ref: [] },
    { n: 5 }, // missing
    { n: 6, ref: null },
    { n: 7, ref: 'amla' },
    { n: 8, ref: 'Amla' }, // binary comparison: case matters
    { n: 9, lines: [{ productId: ids[3] }, { productId: ids[9] }] },
    { n: 10, lines: [{ productId: 'neem' }] },
    { n: 11, ref: { id: ids[0] } }, // an object holding the id is not the id
    { n: 12, ref: [[ids[2]]] }, // a nested array: its elements are not reached
    { n: 13, ref: ids[7], status: 'Cancelled' },
  ]);
});

afterAll(() => testDb?.close());

async function numbers(filter: object): Promise<number[]> {
  return (await docs.find(filter).sort({ n: 1 }).toArray()).map((d) => d.n as number);
}

/** What `{path: {$in: list}}` answers, and what the same written as `$or` of equalities answers. */
async function bothWays(path: string, list: unknown[], extra: object = {}) {
  return [
    await numbers({ [path]: { $in: list }, ...extra }),
    await numbers({ $or: list.map((v) => ({ [path]: v })), ...extra }),
  ];
}

describe('$in with a long list of ObjectIds and strings', () => {
  it('matches ObjectIds, in arrays too, never the same characters as a string, an object or a nested array', async () => {
    const [fast, slow] = await bothWays('ref', [...ids, 'neem']);
    expect(fast).toEqual(slow);
    expect(fast).toEqual([1, 3, 13]);
  });

  it('matches strings by their exact characters, never an ObjectId of the same text', async () => {
    const list = ['amla', hex, 'bhringraj', 'reetha', 'shikakai', 'neem', 'brahmi', 'tulsi'];
    const [fast, slow] = await bothWays('ref', list);
    expect(fast).toEqual(slow);
    expect(fast).toEqual([2, 7]);
  });

  it('reaches through arrays of subdocuments along a dotted path', async () => {
    const [fast, slow] = await bothWays('lines.productId', [...ids.slice(8), 'neem', 'tulsi', 'brahmi', 'amla']);
    expect(fast).toEqual(slow);
    expect(fast).toEqual([9, 10]);
  });

  it('keeps the rest of the filter, and an empty array or a missing field matches nothing', async () => {
    const [fast, slow] = await bothWays('ref', ids, { status: { $ne: 'Cancelled' } });
    expect(fast).toEqual(slow);
    expect(fast).toEqual([1, 3]);
    expect(await numbers({ ref: { $in: ids }, n: { $in: [4, 5, 6] } })).toEqual([]);
  });

  it('answers $nin and a list holding null the way mongod does (those stay entry by entry)', async () => {
    expect(await numbers({ ref: { $nin: ids }, n: { $lte: 6 } })).toEqual([2, 4, 5, 6]);
    expect(await numbers({ ref: { $in: [...ids, null] } })).toEqual([1, 3, 5, 6, 9, 10, 13]);
  });

  it('finds 2,000 ids among 20,000 documents', async () => {
    const many = testDb.db.collection('many');
    await many.deleteMany({});
    const all = Array.from({ length: 20_000 }, (_, i) => ({ _id: new ObjectId(), i, owner: new ObjectId() }));
    await many.insertMany(all);
    const wanted = all.filter((_, i) => i % 10 === 0);
    const found = await many.find({ owner: { $in: wanted.map((d) => d.owner) } }, { projection: { i: 1 } }).toArray();
    expect(found.map((d) => d.i as number).sort((a, b) => a - b)).toEqual(wanted.map((d) => d.i));
  }, 60_000);
});
