/**
 * MongoDB behaviours written from the MongoDB 7 manual (query and update operators,
 * comparison/sort order across BSON types, numeric types, collation, aggregation
 * stages a typical Express + mongoose shop uses, `let`, validators, error codes).
 * `conformance.test.ts` runs every case against the embedded engine and, with
 * MONGODB_URI set, against a real mongod: the expectation must hold on both.
 *
 * A case marked `refusedByEmbedded` is one the embedded engine does not implement:
 * there it must fail loudly (NotImplemented 238, the message naming the embedded engine
 * and the feature); on a real mongod the expectation must hold.
 */
import {
  Decimal128,
  Long,
  ObjectId,
  type Collection,
  type CreateCollectionOptions,
  type Db,
  type Document,
} from 'mongodb';

export type Area =
  | 'query operators'
  | 'sort order'
  | 'numeric types'
  | 'collation'
  | 'update operators'
  | 'aggregation stages'
  | 'let variables'
  | 'validation'
  | 'commands'
  | 'error codes';

export interface Case {
  area: Area;
  name: string;
  docs?: Document[];
  /** Runs with `c`, a fresh collection holding `docs`; the result goes through `plain`. */
  run: (c: Collection, db: Db) => Promise<unknown>;
  /** The result (after `plain`); omitted when only an error is expected. */
  expect?: unknown;
  /** The server error code expected on both engines. */
  code?: number;
  refusedByEmbedded?: true;
  /** The manual page the expectation is taken from. */
  manual?: string;
}

/** BSON values made comparable and readable: Long → "L:…", Decimal128 → "D:…", ObjectId → hex, Date → ISO. */
export function plain(v: unknown): unknown {
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') {
    const t = (v as { _bsontype?: string })._bsontype;
    if (t === 'Long') return `L:${String(v)}`;
    if (t === 'Decimal128') return `D:${String(v)}`;
    if (t === 'ObjectId') return (v as ObjectId).toHexString();
    if (t === 'Double' || t === 'Int32') return (v as { value: number }).value;
    const out: Document = {};
    for (const [k, x] of Object.entries(v)) out[k] = plain(x);
    return out;
  }
  return v;
}

const ids = async (c: Collection, filter: Document, options: Document = {}): Promise<unknown[]> =>
  (await c.find(filter, { ...options, projection: { _id: 1 } }).toArray()).map((d) => d._id as unknown);
const sortedIds = async (c: Collection, filter: Document, options: Document = {}): Promise<unknown[]> =>
  (await ids(c, filter, { ...options, sort: { _id: 1 } })) as unknown[];
const one = async (c: Collection, id: unknown): Promise<Document | null> =>
  c.findOne({ _id: id as never }, { projection: { _id: 0 } });
/** Updates document 1 and returns it (without _id). */
const afterUpdate = async (c: Collection, update: Document | Document[], options: Document = {}) => {
  await c.updateOne({ _id: 1 as never }, update, options);
  return one(c, 1);
};
const agg = (c: Collection, pipeline: Document[], options: Document = {}): Promise<Document[]> =>
  c.aggregate(pipeline, options).toArray();
/** A new collection beside `c`, named after it with `suffix`, created with `options`. */
const beside = async (c: Collection, db: Db, suffix: string, options: CreateCollectionOptions) => {
  const name = `${c.collectionName}_${suffix}`;
  await db.createCollection(name, options);
  return db.collection(name);
};
/** The error code inserting `doc` into `coll` fails with, or 'accepted'. */
const insertOutcome = async (coll: Collection, doc: Document): Promise<number | undefined | 'accepted'> => {
  try {
    await coll.insertOne(doc);
    return 'accepted';
  } catch (err) {
    return (err as { code?: number }).code;
  }
};

/** Documents 1, 2, 3… each holding the next of `values` under `field`. */
const numbered = (field: string, values: unknown[]): Document[] => values.map((v, i) => ({ _id: i + 1, [field]: v }));

const D = (s: string): Decimal128 => Decimal128.fromString(s);
const L = (s: string): Long => Long.fromString(s);
const oid = new ObjectId('0000000000000000000000aa');

const tagsDocs = numbered('tags', [['a', 'b'], ['c'], []]);
const aDocs = [{ _id: 1, a: null }, { _id: 2 }, { _id: 3, a: 1 }, { _id: 4, a: 5 }, { _id: 5, a: '6' }];
const numbers = numbered('v', [D('10.0'), 10, L('10'), 10.5, D('0.1'), 0.1, L('9007199254740993'), 'ten']);
const sales = [
  { _id: 1, item: 'amla', qty: 2, price: D('120.50'), city: 'Rajkot' },
  { _id: 2, item: 'bhringraj', qty: 1, price: D('240.25'), city: 'Surat' },
  { _id: 3, item: 'amla', qty: 3, price: D('120.50'), city: 'Surat' },
];
const orders = [
  { _id: 1, user: 'u1', status: 'Delivered', total: 500, items: [{ sku: 'oil', n: 2 }] },
  {
    _id: 2,
    user: 'u1',
    status: 'Processing',
    total: 300,
    items: [
      { sku: 'oil', n: 1 },
      { sku: 'soap', n: 3 },
    ],
  },
  { _id: 3, user: 'u2', status: 'Delivered', total: 700, items: [] },
];

export const CORPUS: Case[] = [
  // ---------------------------------------------------------------- query operators
  {
    area: 'query operators',
    name: 'equality with a scalar matches an array element ($eq)',
    docs: tagsDocs,
    run: (c) => sortedIds(c, { tags: 'a' }),
    expect: [1],
  },
  {
    area: 'query operators',
    name: 'equality with an array matches the whole array in order',
    docs: tagsDocs,
    run: async (c) => [await sortedIds(c, { tags: ['a', 'b'] }), await sortedIds(c, { tags: ['b', 'a'] })],
    expect: [[1], []],
  },
  {
    area: 'query operators',
    name: '{field: null} matches null and missing fields',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: null }),
    expect: [1, 2],
  },
  {
    area: 'query operators',
    name: '$ne: null matches fields that exist and are not null',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $ne: null } }),
    expect: [3, 4, 5],
  },
  {
    area: 'query operators',
    name: '$exists: false matches only missing fields',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $exists: false } }),
    expect: [2],
  },
  {
    area: 'query operators',
    name: '$gt compares only within the same type bracket (a number never matches a string)',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $gt: 0 } }),
    expect: [3, 4],
  },
  {
    area: 'query operators',
    name: '$in with null matches missing fields too',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $in: [null, 5] } }),
    expect: [1, 2, 4],
  },
  {
    area: 'query operators',
    name: '$nin matches documents without the field',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $nin: [1, 5, null] } }),
    expect: [5],
  },
  {
    area: 'query operators',
    name: '$all needs every value, in any order',
    docs: tagsDocs,
    run: (c) => sortedIds(c, { tags: { $all: ['b', 'a'] } }),
    expect: [1],
  },
  {
    area: 'query operators',
    name: '$size matches the exact length (0 included)',
    docs: tagsDocs,
    run: async (c) => [await sortedIds(c, { tags: { $size: 2 } }), await sortedIds(c, { tags: { $size: 0 } })],
    expect: [[1], [3]],
  },
  {
    area: 'query operators',
    name: '$elemMatch needs one element to meet all conditions; dotted paths may use different elements',
    docs: [
      {
        _id: 1,
        r: [
          { x: 1, y: 2 },
          { x: 2, y: 1 },
        ],
      },
      { _id: 2, r: [{ x: 2, y: 2 }] },
    ],
    run: async (c) => [
      await sortedIds(c, { r: { $elemMatch: { x: 2, y: 2 } } }),
      await sortedIds(c, { 'r.x': 2, 'r.y': 2 }),
    ],
    expect: [[2], [1, 2]],
  },
  {
    area: 'query operators',
    name: 'a numeric path component indexes into an array',
    docs: tagsDocs,
    run: (c) => sortedIds(c, { 'tags.1': 'b' }),
    expect: [1],
  },
  {
    area: 'query operators',
    name: '$regex with the i option',
    docs: numbered('name', ['Asha', 'ASHOK', 'Ravi']),
    run: (c) => sortedIds(c, { name: { $regex: '^as', $options: 'i' } }),
    expect: [1, 2],
  },
  {
    area: 'query operators',
    name: '$not also matches documents without the field',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $not: { $gt: 1 } } }),
    expect: [1, 2, 3, 5],
  },
  {
    area: 'query operators',
    name: '$or and $nor',
    docs: aDocs,
    run: async (c) => [
      await sortedIds(c, { $or: [{ a: 1 }, { a: '6' }] }),
      await sortedIds(c, { $nor: [{ a: 1 }, { a: null }] }),
    ],
    expect: [
      [3, 5],
      [4, 5],
    ],
  },
  {
    area: 'query operators',
    name: '$mod',
    docs: aDocs,
    run: (c) => sortedIds(c, { a: { $mod: [2, 1] } }),
    expect: [3, 4],
  },
  {
    area: 'query operators',
    name: '$expr compares two fields of one document',
    docs: [
      { _id: 1, spent: 5, budget: 10 },
      { _id: 2, spent: 15, budget: 10 },
    ],
    run: (c) => sortedIds(c, { $expr: { $gt: ['$spent', '$budget'] } }),
    expect: [2],
  },
  {
    area: 'query operators',
    name: '$type by alias and by number; "number" covers all four numeric types',
    docs: numbers,
    run: async (c) => [
      await sortedIds(c, { v: { $type: 'decimal' } }),
      await sortedIds(c, { v: { $type: 19 } }),
      await sortedIds(c, { v: { $type: 'long' } }),
      await sortedIds(c, { v: { $type: 'int' } }),
      await sortedIds(c, { v: { $type: 'double' } }),
      await sortedIds(c, { v: { $type: 'number' } }),
      await sortedIds(c, { v: { $type: ['string', 'long'] } }),
    ],
    expect: [[1, 5], [1, 5], [3, 7], [2], [4, 6], [1, 2, 3, 4, 5, 6, 7], [3, 7, 8]],
  },
  {
    area: 'query operators',
    name: '$jsonSchema as a query operator',
    docs: [
      { _id: 1, name: 'oil', price: 250 },
      { _id: 2, name: 'soap' },
    ],
    run: (c) => sortedIds(c, { $jsonSchema: { required: ['price'], properties: { price: { bsonType: 'int' } } } }),
    expect: [1],
  },

  // ---------------------------------------------------------------- sort order
  {
    area: 'sort order',
    name: 'values of different types sort in BSON order: null, numbers, strings, objects, arrays, ObjectId, booleans, dates',
    docs: numbered('v', [new Date(0), true, oid, { x: 1 }, 'a', 7, null]),
    run: (c) => ids(c, {}, { sort: { v: 1 } }),
    expect: [7, 6, 5, 4, 3, 2, 1],
  },
  {
    area: 'sort order',
    name: 'a missing field sorts with null, before numbers',
    docs: [{ _id: 1, v: 1 }, { _id: 2 }, { _id: 3, v: -5 }],
    run: (c) => ids(c, {}, { sort: { v: 1 } }),
    expect: [2, 3, 1],
  },
  {
    area: 'sort order',
    name: 'an array sorts by its smallest element ascending and its largest descending',
    docs: numbered('a', [[1, 9], [2, 3], 5]),
    run: async (c) => [await ids(c, {}, { sort: { a: 1 } }), await ids(c, {}, { sort: { a: -1 } })],
    expect: [
      [1, 2, 3],
      [1, 3, 2],
    ],
  },
  {
    area: 'sort order',
    name: 'strings sort by binary order without a collation (upper case first)',
    docs: numbered('w', ['b', 'B', 'a']),
    run: (c) => ids(c, {}, { sort: { w: 1 } }),
    expect: [2, 3, 1],
  },
  {
    area: 'sort order',
    name: 'numbers of all four types sort by value together',
    docs: numbered('v', [2, L('1'), 1.5, D('1.25'), L('9007199254740993'), 9007199254740992]),
    run: (c) => ids(c, {}, { sort: { v: 1 } }),
    expect: [2, 4, 3, 1, 6, 5],
  },
  {
    area: 'sort order',
    name: 'a sort on an index field after $ne / $in on the field before it: order, skip and limit as without the index',
    docs: [
      { _id: 1, s: 'a', t: 5 },
      { _id: 2, s: 'b', t: 3 },
      { _id: 3, s: 'c', t: 8 },
      { _id: 4, t: 1 },
      { _id: 5, s: null, t: 7 },
      { _id: 6, s: 'a', t: 'x' },
      { _id: 7, s: 'b', t: 2.5 },
      { _id: 8, s: 'c', t: null },
      { _id: 9, s: 'a' },
    ],
    run: async (c) => {
      await c.createIndex({ s: 1, t: -1 });
      return [
        await ids(c, { s: { $ne: 'c' } }, { sort: { t: -1 }, limit: 4 }),
        await ids(c, { s: { $in: ['a', 'b'] } }, { sort: { t: 1 }, skip: 1, limit: 3 }),
        await ids(c, { s: { $ne: 'c' }, t: { $lt: 5 } }, { sort: { t: -1 } }),
        await ids(c, { s: { $nin: ['a', null] } }, { sort: { t: 1 } }),
      ];
    },
    expect: [
      [6, 5, 1, 2],
      [7, 2, 1],
      [2, 7, 4],
      [8, 7, 2, 3],
    ],
  },
  {
    area: 'sort order',
    name: 'compound sort with mixed directions',
    docs: orders,
    run: (c) => ids(c, {}, { sort: { user: 1, total: -1 } }),
    expect: [1, 2, 3],
  },

  // ---------------------------------------------------------------- numeric types
  {
    area: 'numeric types',
    name: 'int, long, double and Decimal128 holding the same value are equal',
    docs: numbers,
    run: (c) => sortedIds(c, { v: 10 }),
    expect: [1, 2, 3],
  },
  {
    area: 'numeric types',
    name: 'Decimal128("0.1") is not the double 0.1 (manual: Decimal128 equality checks)',
    docs: numbers,
    run: async (c) => [await sortedIds(c, { v: 0.1 }), await sortedIds(c, { v: D('0.1') })],
    expect: [[6], [5]],
  },
  {
    area: 'numeric types',
    name: 'Int64 beyond 2^53 is stored and compared exactly',
    docs: numbered('n', [L('9007199254740993'), L('9007199254740992')]),
    run: async (c) => [
      await sortedIds(c, { n: L('9007199254740993') }),
      await sortedIds(c, { n: { $gt: 9007199254740992 } }),
      plain((await one(c, 1))?.n),
    ],
    expect: [[1], [1], 'L:9007199254740993'],
  },
  {
    area: 'numeric types',
    name: '$inc on an Int64 beyond 2^53 stays exact',
    docs: [{ _id: 1, n: L('9007199254740993') }],
    run: async (c) => plain((await afterUpdate(c, { $inc: { n: L('2') } }))?.n),
    expect: 'L:9007199254740995',
  },
  {
    area: 'numeric types',
    name: '$inc past the int32 maximum gives an Int64',
    docs: [{ _id: 1, n: 2147483647 }],
    run: async (c) => plain((await afterUpdate(c, { $inc: { n: 1 } }))?.n),
    expect: 'L:2147483648',
  },
  {
    area: 'numeric types',
    name: '$inc past the Int64 maximum is refused (BadValue)',
    docs: [{ _id: 1, n: L('9223372036854775807') }],
    run: (c) => c.updateOne({ _id: 1 as never }, { $inc: { n: 1 } }),
    code: 2,
  },
  {
    area: 'numeric types',
    name: 'Decimal128 $inc: 0.1 + 0.2 = 0.3 exactly',
    docs: [{ _id: 1, p: D('0.1') }],
    run: async (c) => plain((await afterUpdate(c, { $inc: { p: D('0.2') } }))?.p),
    expect: 'D:0.3',
  },
  {
    area: 'numeric types',
    name: 'Decimal128 $add, $subtract, $multiply, $divide stay decimal',
    docs: [{ _id: 1, a: D('0.1'), b: D('0.2'), price: D('1.10') }],
    run: async (c) =>
      plain(
        await agg(c, [
          {
            $project: {
              _id: 0,
              sum: { $add: ['$a', '$b'] },
              diff: { $subtract: ['$b', '$a'] },
              times: { $multiply: ['$price', 3] },
              ratio: { $divide: ['$b', '$a'] },
            },
          },
        ]),
      ),
    expect: [{ sum: 'D:0.3', diff: 'D:0.1', times: 'D:3.30', ratio: 'D:2' }],
  },
  {
    area: 'numeric types',
    name: '$sum and $avg of Decimal128 in $group are decimal',
    docs: sales,
    run: async (c) =>
      plain(
        await agg(c, [
          { $group: { _id: '$item', revenue: { $sum: '$price' }, avg: { $avg: '$price' }, n: { $sum: 1 } } },
          { $sort: { _id: 1 } },
        ]),
      ),
    expect: [
      { _id: 'amla', revenue: 'D:241.00', avg: 'D:120.50', n: 2 },
      { _id: 'bhringraj', revenue: 'D:240.25', avg: 'D:240.25', n: 1 },
    ],
  },
  {
    area: 'numeric types',
    name: '$expr and $cond compare Decimal128 values exactly',
    docs: numbered('p', [D('0.3'), D('0.31')]),
    run: async (c) => [
      await sortedIds(c, { $expr: { $lt: ['$p', D('0.31')] } }),
      plain(
        await agg(c, [
          { $sort: { _id: 1 } },
          { $project: { _id: 0, cheap: { $cond: [{ $lt: ['$p', 0.31] }, 1, 0] } } },
        ]),
      ),
    ],
    expect: [[1], [{ cheap: 1 }, { cheap: 0 }]],
  },
  {
    area: 'numeric types',
    name: '$divide of two integers is a double',
    docs: [{ _id: 1, a: 10, b: 4 }],
    run: async (c) => plain(await agg(c, [{ $project: { _id: 0, q: { $divide: ['$a', '$b'] } } }])),
    expect: [{ q: 2.5 }],
  },
  {
    area: 'numeric types',
    name: '$add of Int64 values stays exact',
    docs: [{ _id: 1, a: L('9007199254740993'), b: L('10') }],
    run: async (c) => plain(await agg(c, [{ $project: { _id: 0, s: { $add: ['$a', '$b'] } } }])),
    expect: [{ s: 'L:9007199254741003' }],
  },
  {
    area: 'numeric types',
    name: 'a unique index treats 1, Int64 1 and Decimal128 1.0 as one key',
    run: async (c) => {
      await c.createIndex({ k: 1 }, { unique: true });
      await c.insertOne({ k: 1 });
      return c.insertOne({ k: D('1.0') });
    },
    code: 11000,
  },
  {
    area: 'numeric types',
    name: '$toString of an ObjectId is its hex string',
    docs: [{ _id: oid }],
    run: async (c) => plain(await agg(c, [{ $project: { _id: 0, s: { $toString: '$_id' } } }])),
    expect: [{ s: '0000000000000000000000aa' }],
  },

  // ---------------------------------------------------------------- collation
  {
    area: 'collation',
    name: 'strength 1 ignores accents and case',
    docs: numbered('w', ['café', 'CAFE', 'cafes']),
    run: (c) => sortedIds(c, { w: 'cafe' }, { collation: { locale: 'fr', strength: 1 } }),
    expect: [1, 2],
  },
  {
    area: 'collation',
    name: 'strength 2 ignores case but not accents',
    docs: numbered('w', ['café', 'CAFE']),
    run: (c) => sortedIds(c, { w: 'cafe' }, { collation: { locale: 'fr', strength: 2 } }),
    expect: [2],
  },
  {
    area: 'collation',
    name: 'numericOrdering sorts digit strings by number',
    docs: numbered('v', ['10', '9', '100']),
    run: (c) => ids(c, {}, { sort: { v: 1 }, collation: { locale: 'en', numericOrdering: true } }),
    expect: [2, 1, 3],
  },
  {
    area: 'collation',
    name: 'a collection default collation applies to queries that name none',
    run: async (c, db) => {
      const coll = await beside(c, db, 'ci', { collation: { locale: 'en', strength: 2 } });
      await coll.insertMany([{ e: 'A@x.in' }, { e: 'b@x.in' }]);
      return coll.countDocuments({ e: 'a@X.IN' });
    },
    expect: 1,
  },

  // ---------------------------------------------------------------- update operators
  {
    area: 'update operators',
    name: '$set creates embedded documents along a dotted path; $unset removes a field',
    docs: [{ _id: 1, a: 1 }],
    run: (c) => afterUpdate(c, { $set: { 'address.pin': '360001' }, $unset: { a: '' } }),
    expect: { address: { pin: '360001' } },
  },
  {
    area: 'update operators',
    name: '$mul on a missing field sets 0; $min and $max keep the smaller / larger',
    docs: [{ _id: 1, lo: 5, hi: 5 }],
    run: (c) => afterUpdate(c, { $mul: { m: 3 }, $min: { lo: 2 }, $max: { hi: 2 } }),
    expect: { lo: 2, hi: 5, m: 0 },
  },
  {
    area: 'update operators',
    name: '$push with $each, $sort and $slice',
    docs: [{ _id: 1, s: [3, 1] }],
    run: (c) => afterUpdate(c, { $push: { s: { $each: [5, 2], $sort: -1, $slice: 3 } } }),
    expect: { s: [5, 3, 2] },
  },
  {
    area: 'update operators',
    name: '$addToSet with $each adds only missing values',
    docs: [{ _id: 1, t: ['a'] }],
    run: (c) => afterUpdate(c, { $addToSet: { t: { $each: ['a', 'b', 'b'] } } }),
    expect: { t: ['a', 'b'] },
  },
  {
    area: 'update operators',
    name: '$pull with a condition; $pop removes the last element',
    docs: [{ _id: 1, n: [1, 5, 8, 2], q: [1, 2, 3] }],
    run: (c) => afterUpdate(c, { $pull: { n: { $gte: 5 } }, $pop: { q: 1 } }),
    expect: { n: [1, 2], q: [1, 2] },
  },
  {
    area: 'update operators',
    name: '$pull with a logical condition queries each element document (non-documents never match)',
    docs: [
      {
        _id: 1,
        items: [{ p: 1, v: null }, { p: 2, v: 1 }, { p: 2, v: 2 }, 7],
        other: [
          { p: 1, q: 1 },
          { p: 1, q: 2 },
        ],
      },
    ],
    run: (c) => afterUpdate(c, { $pull: { items: { $or: [{ p: 1 }, { v: 2 }] }, other: { p: 1, $or: [{ q: 2 }] } } }),
    expect: { items: [{ p: 2, v: 1 }, 7], other: [{ p: 1, q: 1 }] },
  },
  {
    area: 'update operators',
    name: '$rename',
    docs: [{ _id: 1, nmae: 'Asha' }],
    run: (c) => afterUpdate(c, { $rename: { nmae: 'name' } }),
    expect: { name: 'Asha' },
  },
  {
    area: 'update operators',
    name: 'the positional $ updates the first matched element; $[] updates all',
    docs: [
      {
        _id: 1,
        items: [
          { sku: 'oil', n: 1 },
          { sku: 'soap', n: 1 },
        ],
        all: [1, 2],
      },
    ],
    run: async (c) => {
      await c.updateOne({ _id: 1 as never, 'items.sku': 'soap' }, { $inc: { 'items.$.n': 2 } });
      await c.updateOne({ _id: 1 as never }, { $mul: { 'all.$[]': 10 } });
      return one(c, 1);
    },
    expect: {
      items: [
        { sku: 'oil', n: 1 },
        { sku: 'soap', n: 3 },
      ],
      all: [10, 20],
    },
  },
  {
    area: 'update operators',
    name: 'arrayFilters pick the elements $[name] updates',
    docs: [{ _id: 1, g: [50, 95, 100] }],
    run: (c) => afterUpdate(c, { $set: { 'g.$[x]': 90 } }, { arrayFilters: [{ x: { $gte: 95 } }] }),
    expect: { g: [50, 90, 90] },
  },
  {
    area: 'update operators',
    name: 'an upsert builds the document from the filter equalities and $setOnInsert',
    run: async (c) => {
      await c.updateOne({ sku: 'oil' }, { $setOnInsert: { stock: 0 }, $inc: { views: 1 } }, { upsert: true });
      await c.updateOne({ sku: 'oil' }, { $setOnInsert: { stock: 99 }, $inc: { views: 1 } }, { upsert: true });
      return c.findOne({}, { projection: { _id: 0 } });
    },
    expect: { sku: 'oil', stock: 0, views: 2 },
  },
  {
    area: 'update operators',
    name: 'a pipeline update computes from the document',
    docs: [{ _id: 1, qty: 3, price: 40 }],
    run: (c) => afterUpdate(c, [{ $set: { total: { $multiply: ['$qty', '$price'] } } }]),
    expect: { qty: 3, price: 40, total: 120 },
  },

  // ---------------------------------------------------------------- aggregation stages
  {
    area: 'aggregation stages',
    name: '$match, $group with $sum and $push, $sort',
    docs: orders,
    run: (c) =>
      agg(c, [
        { $match: { status: 'Delivered' } },
        { $group: { _id: '$user', total: { $sum: '$total' }, ids: { $push: '$_id' } } },
        { $sort: { total: -1 } },
      ]),
    expect: [
      { _id: 'u2', total: 700, ids: [3] },
      { _id: 'u1', total: 500, ids: [1] },
    ],
  },
  {
    area: 'aggregation stages',
    name: '$group by null totals everything; $avg, $min, $max',
    docs: orders,
    run: (c) =>
      agg(c, [{ $group: { _id: null, avg: { $avg: '$total' }, lo: { $min: '$total' }, hi: { $max: '$total' } } }]),
    expect: [{ _id: null, avg: 500, lo: 300, hi: 700 }],
  },
  {
    area: 'aggregation stages',
    name: '$unwind drops empty arrays unless preserveNullAndEmptyArrays',
    docs: orders,
    run: async (c) => [
      (await agg(c, [{ $unwind: '$items' }])).length,
      (await agg(c, [{ $unwind: { path: '$items', preserveNullAndEmptyArrays: true } }])).length,
    ],
    expect: [3, 4],
  },
  {
    area: 'aggregation stages',
    name: '$project with computed fields ($concat, $size, $cond)',
    docs: orders,
    run: (c) =>
      agg(c, [
        { $match: { _id: 2 } },
        {
          $project: {
            _id: 0,
            label: { $concat: ['$user', '-', '$status'] },
            lines: { $size: '$items' },
            big: { $cond: [{ $gte: ['$total', 500] }, 'yes', 'no'] },
          },
        },
      ]),
    expect: [{ label: 'u1-Processing', lines: 2, big: 'no' }],
  },
  {
    area: 'aggregation stages',
    name: '$lookup joins another collection',
    docs: orders,
    run: async (c, db) => {
      const users = db.collection(`${c.collectionName}_users`);
      await users.insertMany([
        { _id: 'u1' as never, name: 'Asha' },
        { _id: 'u2' as never, name: 'Ravi' },
      ]);
      return agg(c, [
        { $match: { _id: 3 } },
        { $lookup: { from: users.collectionName, localField: 'user', foreignField: '_id', as: 'who' } },
        { $project: { _id: 0, who: 1 } },
      ]);
    },
    expect: [{ who: [{ _id: 'u2', name: 'Ravi' }] }],
  },
  {
    area: 'aggregation stages',
    name: '$facet runs sub-pipelines over the same input',
    docs: orders,
    run: (c) =>
      agg(c, [
        {
          $facet: {
            count: [{ $count: 'n' }],
            top: [{ $sort: { total: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
          },
        },
      ]),
    expect: [{ count: [{ n: 3 }], top: [{ _id: 3 }] }],
  },
  {
    area: 'aggregation stages',
    name: '$sortByCount',
    docs: orders,
    run: (c) => agg(c, [{ $sortByCount: '$status' }]),
    expect: [
      { _id: 'Delivered', count: 2 },
      { _id: 'Processing', count: 1 },
    ],
  },
  {
    area: 'aggregation stages',
    name: '$bucket',
    docs: orders,
    run: (c) => agg(c, [{ $bucket: { groupBy: '$total', boundaries: [0, 400, 1000], default: 'other' } }]),
    expect: [
      { _id: 0, count: 1 },
      { _id: 400, count: 2 },
    ],
  },
  {
    area: 'aggregation stages',
    name: '$addFields, $replaceRoot, $skip, $limit',
    docs: orders,
    run: (c) =>
      agg(c, [
        { $sort: { _id: 1 } },
        { $skip: 1 },
        { $limit: 1 },
        { $addFields: { 'meta.user': '$user' } },
        { $replaceRoot: { newRoot: '$meta' } },
      ]),
    expect: [{ user: 'u1' }],
  },
  {
    area: 'aggregation stages',
    name: '$count over no documents returns no document',
    docs: orders,
    run: (c) => agg(c, [{ $match: { status: 'Lost' } }, { $count: 'n' }]),
    expect: [],
  },

  // ---------------------------------------------------------------- let
  {
    area: 'let variables',
    name: 'find with let: $$var in $expr',
    docs: orders,
    run: (c) => sortedIds(c, { $expr: { $gte: ['$total', '$$min'] } }, { let: { min: 500 } }),
    expect: [1, 3],
  },
  {
    area: 'let variables',
    name: 'aggregate with let: $$var in $match and $project',
    docs: orders,
    run: (c) =>
      agg(
        c,
        [
          { $match: { $expr: { $eq: ['$user', '$$who'] } } },
          { $project: { _id: 1, tax: { $multiply: ['$total', '$$rate'] } } },
          { $sort: { _id: 1 } },
        ],
        { let: { who: 'u1', rate: 2 } },
      ),
    expect: [
      { _id: 1, tax: 1000 },
      { _id: 2, tax: 600 },
    ],
  },
  {
    area: 'let variables',
    name: 'updateMany with let: $$var in the filter and in a pipeline update',
    docs: orders,
    run: async (c) => {
      await c.updateMany({ $expr: { $eq: ['$status', '$$s'] } }, [{ $set: { status: '$$next' } }], {
        let: { s: 'Processing', next: 'Shipped' },
      });
      return (await c.find({}, { sort: { _id: 1 } }).toArray()).map((d) => d.status as unknown);
    },
    expect: ['Delivered', 'Shipped', 'Delivered'],
  },
  {
    area: 'let variables',
    name: 'deleteMany and findOneAndUpdate with let',
    docs: orders,
    run: async (c) => {
      const deleted = await c.deleteMany({ $expr: { $lt: ['$total', '$$cut'] } }, { let: { cut: 400 } });
      const updated = await c.findOneAndUpdate(
        { $expr: { $eq: ['$user', '$$u'] } },
        { $set: { seen: true } },
        { let: { u: 'u2' }, returnDocument: 'after', projection: { _id: 1, seen: 1 } },
      );
      return [deleted.deletedCount, updated];
    },
    expect: [1, { _id: 3, seen: true }],
  },
  {
    area: 'let variables',
    name: 'an undefined $$var is an error, never ignored',
    docs: orders,
    run: (c) => c.find({ $expr: { $eq: ['$user', '$$nobody'] } }).toArray(),
    code: 17276,
  },

  // ---------------------------------------------------------------- validation
  {
    area: 'validation',
    name: 'a $jsonSchema validator refuses a document without a required field (121)',
    run: async (c, db) => {
      const coll = await beside(c, db, 'v', {
        validator: { $jsonSchema: { bsonType: 'object', required: ['name', 'price'] } },
      });
      await coll.insertOne({ name: 'oil', price: 250 });
      return coll.insertOne({ name: 'soap' });
    },
    code: 121,
  },
  {
    area: 'validation',
    name: 'bsonType, minimum, maxLength, pattern, enum, additionalProperties and items are enforced',
    run: async (c, db) => {
      const coll = await beside(c, db, 'v', {
        validator: {
          $jsonSchema: {
            bsonType: 'object',
            additionalProperties: false,
            properties: {
              _id: {},
              price: { bsonType: 'int', minimum: 0 },
              name: { bsonType: 'string', maxLength: 10 },
              pin: { bsonType: 'string', pattern: '^[1-9][0-9]{5}$' },
              status: { enum: ['Processing', 'Delivered'] },
              tags: { bsonType: 'array', items: { bsonType: 'string' } },
            },
          },
        },
      });
      const outcome = (doc: Document) => insertOutcome(coll, doc);
      return [
        await outcome({ price: 10, name: 'oil', pin: '360001', status: 'Delivered', tags: ['hair'] }),
        await outcome({ price: -1 }),
        await outcome({ price: 1.5 }),
        await outcome({ name: 'a very long name' }),
        await outcome({ pin: '060001' }),
        await outcome({ status: 'Lost' }),
        await outcome({ tags: [1] }),
        await outcome({ other: 1 }),
      ];
    },
    expect: ['accepted', 121, 121, 121, 121, 121, 121, 121],
  },
  {
    area: 'validation',
    name: 'an update that would break the validator is refused',
    run: async (c, db) => {
      const coll = await beside(c, db, 'v', { validator: { qty: { $gte: 0 } } });
      await coll.insertOne({ _id: 1 as never, qty: 1 });
      return coll.updateOne({ _id: 1 as never }, { $inc: { qty: -5 } });
    },
    code: 121,
  },

  {
    area: 'commands',
    name: 'an exclusion projection keeps every other field in order, nested ones whole',
    docs: [{ _id: 1, a: 1, b: { c: 2, d: 3 }, e: [1, { g: 2 }], f: 'x' }],
    run: async (c) => (await c.find({}, { projection: { b: 0, f: 0 } }).toArray()).map((d) => [Object.keys(d), d]),
    expect: [[['_id', 'a', 'e'], { _id: 1, a: 1, e: [1, { g: 2 }] }]],
  },
  {
    area: 'commands',
    name: 'an exclusion projection with _id: 0 drops the _id too',
    docs: [{ _id: 1, a: 1, b: 2, c: 3 }],
    run: async (c) => (await c.find({}, { projection: { _id: 0, b: 0 } }).toArray()).map((d) => [Object.keys(d), d]),
    expect: [[['a', 'c'], { a: 1, c: 3 }]],
  },

  // ---------------------------------------------------------------- error codes
  {
    area: 'error codes',
    name: 'duplicate key is 11000',
    run: async (c) => {
      await c.insertOne({ _id: 1 as never });
      return c.insertOne({ _id: 1 as never });
    },
    code: 11000,
  },
  {
    area: 'error codes',
    name: '$text without a text index is IndexNotFound (27)',
    docs: orders,
    run: (c) => c.find({ $text: { $search: 'oil' } }).toArray(),
    code: 27,
  },
  {
    area: 'error codes',
    name: 'a projection mixing exclusion into inclusion is 31254',
    docs: orders,
    run: (c) => c.find({}, { projection: { user: 1, total: 0 } }).toArray(),
    code: 31254,
  },
  {
    area: 'error codes',
    name: 'two update operators on one path is ConflictingUpdateOperators (40)',
    docs: orders,
    run: (c) => c.updateOne({ _id: 1 as never }, { $set: { total: 1 }, $inc: { total: 1 } }),
    code: 40,
  },
  {
    area: 'error codes',
    name: 'an update on a path and its parent is 40',
    docs: orders,
    run: (c) => c.updateOne({ _id: 1 as never }, { $set: { items: [] }, $unset: { 'items.0': '' } }),
    code: 40,
  },
  {
    area: 'error codes',
    name: '$group without _id is 15955',
    docs: orders,
    run: (c) => agg(c, [{ $group: { n: { $sum: 1 } } }]),
    code: 15955,
  },
  {
    area: 'error codes',
    name: '$inc of a string is TypeMismatch (14)',
    docs: [{ _id: 1, s: 'x' }],
    run: (c) => c.updateOne({ _id: 1 as never }, { $inc: { s: 1 } }),
    code: 14,
  },
  {
    area: 'error codes',
    name: 'changing _id is ImmutableField (66)',
    docs: [{ _id: 1 }],
    run: (c) => c.updateOne({ _id: 1 as never }, { $set: { _id: 2 } }),
    code: 66,
  },
  {
    area: 'error codes',
    name: 'a hint naming no index is BadValue (2)',
    docs: orders,
    run: (c) => c.find({}, { hint: 'nope_1' }).toArray(),
    code: 2,
  },
  {
    area: 'error codes',
    name: 'an unknown query operator is BadValue (2)',
    docs: orders,
    run: (c) => c.find({ total: { $near1: 1 } }).toArray(),
    code: 2,
  },
  {
    area: 'error codes',
    name: 'an unknown pipeline stage is 40324',
    docs: orders,
    run: (c) => agg(c, [{ $nosuchstage: {} }]),
    code: 40324,
  },

  // ---------------------------------------------------------------- issue 30: tools operators use
  {
    area: 'update operators',
    name: '$push $each with $sort and $slice on a missing field sorts and slices the new array',
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/update/push/',
    docs: [{ _id: 1 }],
    run: (c) => afterUpdate(c, { $push: { history: { $each: ['z', 'c', 'a'], $sort: 1, $slice: -2 } } }),
    expect: { history: ['c', 'z'] },
  },
  {
    area: 'update operators',
    name: '$push $each with $sort and $slice in an upsert',
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/update/push/',
    run: async (c) => {
      await c.updateOne(
        { _id: 7 as never },
        { $push: { history: { $each: ['z', 'c', 'a'], $sort: 1, $slice: -2 } } } as Document,
        { upsert: true },
      );
      return one(c, 7);
    },
    expect: { history: ['c', 'z'] },
  },
  {
    area: 'aggregation stages',
    name: '$sample of fewer documents than the collection holds returns distinct documents',
    // Under 100 documents mongod scans and sorts randomly, so no document comes twice.
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/aggregation/sample/',
    docs: [1, 2, 3, 4, 5, 6].map((_id) => ({ _id })),
    run: async (c) => {
      const draws: number[] = [];
      for (let i = 0; i < 20; i++) {
        const ids = (await agg(c, [{ $sample: { size: 3 } }])).map((d) => d._id as number);
        draws.push(new Set(ids).size);
      }
      return [...new Set(draws)];
    },
    expect: [3],
  },
  {
    area: 'aggregation stages',
    name: '$lookup with let and a pipeline joins on $expr over $$variables',
    manual:
      'https://www.mongodb.com/docs/manual/reference/operator/aggregation/lookup/#join-conditions-and-subqueries-on-a-joined-collection',
    docs: orders,
    run: async (c, db) => {
      const products = db.collection(`${c.collectionName}_products`);
      await products.insertMany([
        { _id: 'oil' as never, stock: 4 },
        { _id: 'soap' as never, stock: 0 },
      ]);
      return agg(c, [
        { $match: { _id: 2 } },
        { $unwind: '$items' },
        {
          $lookup: {
            from: products.collectionName,
            let: { sku: '$items.sku', n: '$items.n' },
            pipeline: [{ $match: { $expr: { $and: [{ $eq: ['$_id', '$$sku'] }, { $gte: ['$stock', '$$n'] }] } } }],
            as: 'inStock',
          },
        },
        { $project: { _id: 0, sku: '$items.sku', inStock: { $size: '$inStock' } } },
      ]);
    },
    expect: [
      { sku: 'oil', inStock: 1 },
      { sku: 'soap', inStock: 0 },
    ],
  },
  {
    area: 'aggregation stages',
    name: '$setWindowFields computes a running total per partition',
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/aggregation/setWindowFields/',
    docs: orders,
    run: (c) =>
      agg(c, [
        {
          $setWindowFields: {
            partitionBy: '$user',
            sortBy: { _id: 1 },
            output: { running: { $sum: '$total', window: { documents: ['unbounded', 'current'] } } },
          },
        },
        { $project: { _id: 1, running: 1 } },
        { $sort: { _id: 1 } },
      ]),
    expect: [
      { _id: 1, running: 500 },
      { _id: 2, running: 800 },
      { _id: 3, running: 700 },
    ],
  },
  {
    area: 'aggregation stages',
    name: '$bucket puts _id first in each bucket',
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/aggregation/bucket/',
    docs: orders,
    run: async (c) =>
      (await agg(c, [{ $bucket: { groupBy: '$total', boundaries: [0, 400, 1000], output: { n: { $sum: 1 } } } }])).map(
        (d) => Object.keys(d),
      ),
    expect: [
      ['_id', 'n'],
      ['_id', 'n'],
    ],
  },
  {
    area: 'commands',
    name: 'write concern w: 2 on a standalone is BadValue (2)',
    // "Numbers greater than 1 are valid only for replica sets".
    manual: 'https://www.mongodb.com/docs/manual/reference/write-concern/#w-option',
    run: (c) => c.insertOne({ _id: 1 as never }, { writeConcern: { w: 2 } }),
    code: 2,
  },
  {
    area: 'commands',
    name: 'currentOp answers in its command and its aggregation form',
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/aggregation/currentOp/',
    run: async (_c, db) => {
      const command = await db.admin().command({ currentOp: 1 });
      const stage = await db.admin().command({ aggregate: 1, pipeline: [{ $currentOp: {} }], cursor: {} });
      const batch = (stage.cursor as { firstBatch: Document[] }).firstBatch;
      return [Array.isArray(command.inprog), batch.length > 0 && batch.every((op) => typeof op.opid === 'number')];
    },
    expect: [true, true],
  },
  {
    area: 'commands',
    name: 'serverStatus reports connections, opcounters, mem, network and asserts',
    manual: 'https://www.mongodb.com/docs/manual/reference/command/serverStatus/',
    run: async (_c, db) => {
      const s = await db.admin().command({ serverStatus: 1 });
      const field = (path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Document)?.[k], s);
      return [
        'connections.current',
        'connections.available',
        'opcounters.insert',
        'opcounters.query',
        'mem.resident',
        'network.bytesIn',
        'network.numRequests',
        'asserts.user',
      ].map((path) => typeof field(path));
    },
    expect: ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number'],
  },
  {
    area: 'commands',
    name: "collMod of a TTL index's expireAfterSeconds answers the old and new value",
    manual: 'https://www.mongodb.com/docs/manual/reference/command/collMod/#change-expiration-value-for-indexes',
    docs: [{ _id: 1 }],
    run: async (c, db) => {
      await c.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
      const reply = await db.command({
        collMod: c.collectionName,
        index: { keyPattern: { at: 1 }, expireAfterSeconds: 120 },
      });
      return [reply.expireAfterSeconds_old, reply.expireAfterSeconds_new];
    },
    expect: [60, 120],
  },
  {
    area: 'error codes',
    name: 'an invalid regular expression is 51091',
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/query/regex/',
    docs: orders,
    run: (c) => c.find({ user: { $regex: '(' } }).toArray(),
    code: 51091,
  },
  {
    area: 'error codes',
    name: 'a sort key ordering other than 1 or -1 is 15975',
    manual: 'https://www.mongodb.com/docs/manual/reference/method/cursor.sort/',
    docs: orders,
    run: (c, db) => db.command({ find: c.collectionName, sort: { total: 2 } }),
    code: 15975,
  },
  {
    area: 'error codes',
    name: 'a sort key that is not a number is 15974',
    manual: 'https://www.mongodb.com/docs/manual/reference/method/cursor.sort/',
    docs: orders,
    run: (c) => agg(c, [{ $match: { total: { $gt: 0 } } }, { $project: { total: 1 } }, { $sort: { total: 'up' } }]),
    code: 15974,
  },
  {
    area: 'error codes',
    name: '$changeStream on a standalone is 40573',
    manual: 'https://www.mongodb.com/docs/manual/changeStreams/#availability',
    docs: orders,
    run: (c) => agg(c, [{ $changeStream: {} }]),
    code: 40573,
  },
  {
    area: 'let variables',
    name: 'let values are expressions evaluated before the pipeline ($literal keeps a "$" string)',
    manual: 'https://www.mongodb.com/docs/manual/reference/command/aggregate/#use-variables-in-let',
    docs: orders,
    run: (c) =>
      agg(c, [{ $match: { $expr: { $eq: ['$_id', '$$id'] } } }, { $project: { _id: 0, y: '$$y', n: '$$n' } }], {
        let: { id: 1, y: { $literal: '$bar' }, n: { $add: [1, 2] } },
      }),
    expect: [{ y: '$bar', n: 3 }],
  },
  {
    area: 'error codes',
    name: 'an _id holding a $-prefixed field is DollarPrefixedFieldName (52)',
    manual: 'https://www.mongodb.com/docs/manual/core/dot-dollar-considerations/',
    run: (c) => c.insertOne({ _id: { $a: 1 } as never }),
    code: 52,
  },
  {
    area: 'query operators',
    name: '$where selects with JavaScript',
    refusedByEmbedded: true,
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/query/where/',
    docs: orders,
    run: (c) => sortedIds(c, { $where: 'this.total > 600' }),
    expect: [3],
  },
  {
    area: 'aggregation stages',
    name: '$function runs JavaScript in an expression',
    refusedByEmbedded: true,
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/aggregation/function/',
    docs: orders,
    run: (c) =>
      agg(c, [
        { $match: { _id: 3 } },
        {
          $project: {
            _id: 0,
            x: { $function: { body: 'function(t) { return t * 2 }', args: ['$total'], lang: 'js' } },
          },
        },
      ]),
    expect: [{ x: 1400 }],
  },
  {
    area: 'commands',
    name: 'a capped collection keeps its newest documents',
    refusedByEmbedded: true,
    manual: 'https://www.mongodb.com/docs/manual/core/capped-collections/',
    run: async (c, db) => {
      const coll = await beside(c, db, 'capped', { capped: true, size: 4096, max: 3 });
      for (let i = 1; i <= 5; i++) await coll.insertOne({ i });
      return (await coll.find({}, { projection: { _id: 0 } }).toArray()).map((d) => d.i as number);
    },
    expect: [3, 4, 5],
  },
  {
    area: 'query operators',
    name: '$near over a 2dsphere index orders by distance',
    refusedByEmbedded: true,
    manual: 'https://www.mongodb.com/docs/manual/reference/operator/query/near/',
    docs: [0, 1, 2].map((y) => ({ _id: y + 1, loc: { type: 'Point', coordinates: [70.8, 22.3 + y / 10] } })),
    run: async (c) => {
      await c.createIndex({ loc: '2dsphere' });
      return ids(c, { loc: { $near: { $geometry: { type: 'Point', coordinates: [70.8, 22.5] } } } });
    },
    expect: [3, 2, 1],
  },

  // ---------------------------------------------------------------- refused by the embedded engine
  {
    area: 'aggregation stages',
    name: 'a view counts the documents its pipeline yields',
    refusedByEmbedded: true,
    docs: orders,
    run: async (c, db) => {
      const view = await beside(c, db, 'view', {
        viewOn: c.collectionName,
        pipeline: [{ $match: { status: 'Delivered' } }],
      });
      return [await view.countDocuments({}), await view.estimatedDocumentCount()];
    },
    expect: [2, 2],
  },
  {
    area: 'error codes',
    name: '$text search with a text index',
    refusedByEmbedded: true,
    docs: numbered('d', ['amla hair oil', 'neem soap']),
    run: async (c) => {
      await c.createIndex({ d: 'text' });
      return sortedIds(c, { $text: { $search: 'oil' } });
    },
    expect: [1],
  },
  {
    area: 'aggregation stages',
    name: '$merge into another collection',
    refusedByEmbedded: true,
    docs: orders,
    run: async (c, db) => {
      const target = `${c.collectionName}_merged`;
      await agg(c, [{ $match: { _id: 1 } }, { $merge: { into: target } }]);
      return db.collection(target).countDocuments({});
    },
    expect: 1,
  },
  {
    area: 'numeric types',
    name: '$group by a Decimal128 key groups 1.0 with 1.00',
    refusedByEmbedded: true,
    docs: numbered('k', [D('1.0'), D('1.00')]),
    run: (c) => agg(c, [{ $group: { _id: '$k', n: { $sum: 1 } } }, { $project: { _id: 0, n: 1 } }]),
    expect: [{ n: 2 }],
  },
  {
    area: 'numeric types',
    name: '$mod on an Int64 beyond 2^53',
    refusedByEmbedded: true,
    docs: [{ _id: 1, n: L('9007199254740993') }],
    run: (c) => sortedIds(c, { n: { $mod: [2, 1] } }),
    expect: [1],
  },
  {
    area: 'validation',
    name: 'collMod adds a validator',
    refusedByEmbedded: true,
    docs: [{ _id: 1 }],
    run: async (c, db) => {
      await db.command({ collMod: c.collectionName, validator: { qty: { $exists: true } } });
      return insertOutcome(c, { _id: 2 as never });
    },
    expect: 121,
  },
  {
    area: 'validation',
    name: 'a $jsonSchema keyword mongod knows but the engine does not (uniqueItems)',
    refusedByEmbedded: true,
    run: async (c, db) => {
      const coll = await beside(c, db, 'v', {
        validator: { $jsonSchema: { properties: { tags: { uniqueItems: true } } } },
      });
      return insertOutcome(coll, { tags: ['a', 'a'] });
    },
    expect: 121,
  },
];
