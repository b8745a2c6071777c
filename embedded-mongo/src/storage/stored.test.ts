import {
  Binary,
  BSON,
  BSONRegExp,
  BSONSymbol,
  Code,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  UUID,
} from 'bson';
import { describe, expect, it, vi } from 'vitest';
import { decodeAt, decodeFields, MalformedBsonError, objectIdKeyAt, RECENT_BYTES, StoredDocuments } from './stored.js';
import { canonicalKey, type Doc } from '../values/values.js';
import { DESERIALIZE_OPTIONS } from '../values/decode.js';

/** Documents laid one after another in one buffer, as in a checkpoint; returns each one's offset. */
function laidOut(docs: Doc[]): { source: Buffer; offsets: number[] } {
  const parts = docs.map((d) => Buffer.from(BSON.serialize(d)));
  const offsets: number[] = [];
  let at = 7; // not at the start of the buffer, as in a file
  for (const p of parts) {
    offsets.push(at);
    at += p.length;
  }
  return { source: Buffer.concat([Buffer.alloc(7), ...parts, Buffer.alloc(3)]), offsets };
}

const everyType: Doc = {
  _id: new ObjectId(),
  double: new Double(1.5),
  whole: 3,
  big: Long.fromString('9007199254740993'),
  decimal: Decimal128.fromString('1.10'),
  string: 'Ayurvedic oil — ताजा',
  empty: '',
  object: { a: 1, b: { c: [1, 'x'] } },
  array: ['a', 'b', { c: null }],
  binary: new Binary(Buffer.from([1, 2, 3]), 0),
  uuid: new UUID(),
  bool: true,
  no: false,
  date: new Date(Date.UTC(1960, 1, 2, 3, 4, 5, 678)),
  late: new Date(8.64e15),
  nothing: null,
  regex: new BSONRegExp('^a.c$', 'i'),
  code: new Code('x => x'),
  symbol: new BSONSymbol('sym'),
  int32: new Int32(-7),
  timestamp: new Timestamp({ t: 5, i: 9 }),
  min: new MinKey(),
  max: new MaxKey(),
};

describe('stored documents (BSON bytes decoded when read)', () => {
  it('decodes any chosen top-level fields exactly as bson decodes the whole document', () => {
    const { source, offsets } = laidOut([{ skipped: 'first' }, everyType]);
    const whole = BSON.deserialize(BSON.serialize(everyType), DESERIALIZE_OPTIONS);
    const names = Object.keys(everyType);
    const picked = decodeFields(
      source,
      offsets[1]!,
      names.map((n) => Buffer.from(n)),
    );
    expect(picked).toEqual(whole);
    expect(Object.keys(picked)).toEqual(names);
    const some = decodeFields(source, offsets[1]!, [Buffer.from('date'), Buffer.from('array'), Buffer.from('absent')]);
    expect(some).toEqual({ array: whole.array, date: whole.date });
    expect(decodeAt(source, offsets[1]!)).toEqual(whole);
  });

  it('refuses a document whose top level is not well formed', () => {
    const bytes = Buffer.from(BSON.serialize({ a: 'text', b: 2 }));
    bytes.writeInt32LE(900, 7); // the string's length runs past the document
    expect(() => decodeFields(bytes, 0, [Buffer.from('b')])).toThrow(MalformedBsonError);
    // Damage inside a sub-document that start-up does not decode is found too.
    const nested = Buffer.from(BSON.serialize({ a: 1, deep: { list: ['x', { y: 'z' }] } }));
    const length = nested.indexOf('z') - 4; // the length of the string "z"
    expect(() => decodeFields(nested, 0, [Buffer.from('a')])).not.toThrow();
    nested.writeInt32LE(7, length);
    expect(() => decodeFields(nested, 0, [Buffer.from('a')])).toThrow(MalformedBsonError);
  });

  it("reads an ObjectId _id's canonical key from the bytes, and only that kind of _id", () => {
    const id = new ObjectId();
    const { source, offsets } = laidOut([{ _id: id, a: 1 }, { _id: 'text' }, { a: 1, _id: id }]);
    expect(objectIdKeyAt(source, offsets[0]!)).toBe(canonicalKey(id));
    expect(objectIdKeyAt(source, offsets[1]!)).toBeUndefined();
    expect(objectIdKeyAt(source, offsets[2]!)).toBeUndefined();
  });

  it('keeps at most twice RECENT_BYTES of recent reads, and nothing for reads that do not come back', () => {
    const orders = Array.from({ length: 6000 }, (_, n) => ({ _id: n, note: 'x'.repeat(2000 + (n % 500)) }));
    const { source, offsets } = laidOut(orders);
    const docs = new StoredDocuments();
    offsets.forEach((offset, n) => docs.addBytes(canonicalKey(n), source, offset));
    // Read once (a scan, a cursor's batches, a write's lookup): nothing kept.
    for (const [id] of docs) docs.get(id);
    expect(docs.recentlyKept()).toEqual({ documents: 0, bytes: 0 });
    // Read to be read again (a sort page by page): kept up to the bound, ≈ 13.5 MB of BSON here.
    let bytes = 0;
    for (const [n, offset] of offsets.entries()) {
      docs.read(offset);
      bytes += source.readInt32LE(offset);
      const kept = docs.recentlyKept();
      expect(kept.bytes).toBeLessThanOrEqual(2 * RECENT_BYTES);
      if (bytes <= RECENT_BYTES) expect(kept.documents).toBe(n + 1);
    }
    expect(docs.recentlyKept().bytes).toBeGreaterThan(RECENT_BYTES);
    expect(docs.read(offsets.at(-1)!)).toBe(docs.read(offsets.at(-1)!));
  });

  it('decodes from a copy of the bytes: changing what was read never changes what is stored', () => {
    vi.useFakeTimers();
    try {
      const { source, offsets } = laidOut([everyType]);
      const docs = new StoredDocuments();
      docs.addBytes('k', source, offsets[0]!);
      const [first] = [...docs.values()];
      (first!.binary as Binary).buffer[0] = 99;
      (first!.object as { b: { c: unknown[] } }).b.c.push(3);
      first!.string = 'changed';
      const expected = BSON.deserialize(BSON.serialize(everyType), DESERIALIZE_OPTIONS);
      const fetched = docs.read(docs.raw('k')!);
      expect(fetched).toEqual(expected);
      expect(fetched).not.toBe(first);
      // Fetched again soon (a plan that fetches page by page), the same decoded document...
      expect(docs.read(docs.raw('k')!)).toBe(fetched);
      (fetched.binary as Binary).buffer[0] = 98;
      // ...which holds no view of the stored bytes, and is dropped a moment later.
      vi.advanceTimersByTime(5000);
      expect(docs.recentlyKept()).toEqual({ documents: 0, bytes: 0 });
      expect(docs.read(docs.raw('k')!)).not.toBe(fetched);
      expect(docs.get('k')).toEqual(expected);
      expect(docs.bytesOf(docs.raw('k')!)).toEqual(Buffer.from(BSON.serialize(everyType)));
      expect(docs.dataSize()).toBe(BSON.calculateObjectSize(everyType));
    } finally {
      vi.useRealTimers();
    }
  });
});
