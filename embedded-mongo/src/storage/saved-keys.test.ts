import { Binary, BSON, Decimal128, Long, ObjectId, UUID } from 'bson';
import { describe, expect, it } from 'vitest';
import { KeyReader, KeyWriter, MalformedKeysError, SharedDates, SharedKeyValues } from './saved-keys.js';
import { DESERIALIZE_OPTIONS } from '../values/decode.js';

/** A value as a decoded document holds it (the form index keys are computed from). */
const decoded = (v: unknown): unknown => BSON.deserialize(BSON.serialize({ v }), DESERIALIZE_OPTIONS).v;

describe('saved index keys (checkpoint format 4)', () => {
  const id = new ObjectId();
  const entries: unknown[][] = [
    [null, 'Pending'],
    [undefined, 'Pending'],
    [false, 'Pending'],
    [true, 'Shipped'],
    [0, 'Shipped'],
    [-0, 'ताजा तेल'],
    [1.5, ''],
    [Number.NaN, ''],
    [2 ** 53 + 2, 'x'],
    [new Date(Date.UTC(1960, 1, 2, 3, 4, 5, 678)), 'x'],
    [new Date(Date.UTC(1960, 1, 2, 3, 4, 5, 678)), 'x'],
    [id, id],
    [decoded(Long.fromString('9007199254740993')), decoded(Decimal128.fromString('1.10'))],
    [decoded(new Binary(Buffer.from([1, 2, 3]), 0)), decoded(new UUID())],
    [decoded({ a: 1, b: { c: [1, 'x'] } }), decoded(['a', { c: null }])],
    [decoded(/^a.c$/i), 'last'],
  ];

  it('reads back every value as it was written, in order', () => {
    const writer = new KeyWriter();
    for (const values of entries) writer.write(values);
    const reader = new KeyReader(writer.take());
    const read = entries.map(() => reader.next(2));
    expect(reader.done).toBe(true);
    expect(read).toEqual(entries);
    expect(Object.is(read[5]![0], -0)).toBe(true);
    expect(read[1]![0]).toBeUndefined();
  });

  it("gives a document's date one Date across the indexes that hold it", () => {
    const placed = new Date(Date.UTC(2026, 0, 1));
    const changed = new Date(Date.UTC(2026, 0, 2));
    const byDay = new KeyWriter();
    byDay.write([placed]);
    const byStatus = new KeyWriter();
    byStatus.write(['Pending', changed]);
    byStatus.write(['Pending', placed]);
    const dates = new SharedDates(1);
    const placedByDay = new KeyReader(byDay.take(), dates).next(1, 1, 0)[0];
    const statuses = new KeyReader(byStatus.take(), dates);
    const changedByStatus = statuses.next(2, 2, 0)[1];
    const placedByStatus = statuses.next(2, 2, 0)[1];
    expect(placedByStatus).toBe(placedByDay);
    expect(placedByDay).toEqual(placed);
    expect(changedByStatus).toEqual(changed);
  });

  it('writes a value equal to the one before as one byte, and reads it back shared', () => {
    const writer = new KeyWriter();
    const day = new Date(Date.UTC(2026, 0, 1));
    for (let i = 0; i < 100; i++) writer.write(['Delivered', new Date(day), i]);
    const bytes = writer.take();
    expect(bytes.length).toBe(1 + 4 + 'Delivered'.length + 9 + 9 + 99 * (1 + 1 + 9));
    const reader = new KeyReader(bytes);
    const first = reader.next(3);
    const second = reader.next(3);
    expect(second[1]).toBe(first[1]);
    expect(second).toEqual(['Delivered', day, 1]);
  });

  it('gives Binary values their own bytes, not views of the saved ones', () => {
    const writer = new KeyWriter();
    writer.write([decoded(new Binary(Buffer.from([7, 8, 9]), 0))]);
    const bytes = writer.take();
    const copy = Buffer.from(bytes);
    const binary = new KeyReader(bytes).next(1)[0] as Binary;
    binary.buffer[0] = 0;
    expect(bytes).toEqual(copy);
  });

  it('starts each part afresh: a part never repeats a value of the one before', () => {
    const writer = new KeyWriter();
    writer.write(['a']);
    writer.take();
    writer.write(['a']);
    expect(new KeyReader(writer.take()).next(1)).toEqual(['a']);
  });

  it('refuses keys that do not parse', () => {
    const writer = new KeyWriter();
    writer.write(['abc', 1]);
    const bytes = writer.take();
    expect(() => new KeyReader(bytes.subarray(0, bytes.length - 3)).next(2)).toThrow(MalformedKeysError);
    expect(() => new KeyReader(Buffer.from([0])).next(1)).toThrow(MalformedKeysError);
    expect(() => new KeyReader(Buffer.from([42])).next(1)).toThrow(MalformedKeysError);
    expect(() => new KeyReader(Buffer.from([5, 200, 0, 0, 0, 65])).next(1)).toThrow(MalformedKeysError);
  });
  it("gives equal strings, Dates and ObjectIds one value across a load's indexes and documents", () => {
    // 5,000 of each, so the tables grow several times; every value is written twice, in two indexes.
    const n = 5000;
    const ids = Array.from({ length: n }, () => new ObjectId());
    const times = Array.from({ length: n }, (_, i) => Date.UTC(2026, 0, 1) + i * 1000 + (i % 3));
    const first = new KeyWriter();
    const second = new KeyWriter();
    for (let i = 0; i < n; i++) first.write([`user ${i}`, ids[i], new Date(times[i]!)]);
    for (let i = n - 1; i >= 0; i--) second.write([new Date(times[i]!), ids[i], `user ${i}`]);
    const shared = new SharedKeyValues();
    // Each entry another document (SharedDates shares only within a document).
    const dates = new SharedDates(2 * n);
    const a = new KeyReader(first.take(), dates, shared);
    const b = new KeyReader(second.take(), dates, shared);
    const fromA = Array.from({ length: n }, (_, i) => a.next(3, 3, i));
    const fromB = Array.from({ length: n }, (_, i) => b.next(3, 3, n + i)).reverse();
    for (let i = 0; i < n; i++) {
      const [name, id, date] = fromA[i]!;
      expect(fromB[i]![1]).toBe(id);
      expect(fromB[i]![0]).toBe(date);
      expect(fromB[i]![2]).toBe(name);
      expect(name).toBe(`user ${i}`);
      expect((id as ObjectId).equals(ids[i]!)).toBe(true);
      expect((date as Date).getTime()).toBe(times[i]);
    }
    expect(new Set(fromA.map((e) => e[1])).size).toBe(n);
    expect(new Set(fromA.map((e) => e[2])).size).toBe(n);
    // Released, it starts over: a Date read again is a new one, and as exact.
    shared.release();
    const again = new KeyWriter();
    again.write([new Date(times[0]!), ids[0]]);
    const [date, id] = new KeyReader(again.take(), undefined, shared).next(2);
    expect(date).not.toBe(fromA[0]![2]);
    expect(date).toEqual(fromA[0]![2]);
    expect(id).not.toBe(fromA[0]![1]);
    expect((id as ObjectId).equals(ids[0]!)).toBe(true);
  });

  it('reads back every string exactly through the shared strings, ASCII or not, however often repeated', () => {
    const words = ['é', 'Ã©', 'ताजा', 'a', '', 'Delivered', 'x'.repeat(64), 'y'.repeat(65), 'Ａ', '\u0000', 'ab', 'ba'];
    const written = Array.from({ length: 3000 }, (_, i) => [
      words[(i * 7) % words.length]!,
      `${words[i % 5]!}${i % 50}`,
    ]);
    const writer = new KeyWriter();
    for (const entry of written) writer.write(entry);
    const reader = new KeyReader(writer.take(), undefined, new SharedKeyValues());
    expect(written.map(() => reader.next(2))).toEqual(written);
  });

  it('tells ObjectIds and instants apart that differ in one byte or one millisecond', () => {
    const shared = new SharedKeyValues();
    const hex = '65a1b2c3d4e5f60718293a4b';
    const ids = Array.from({ length: 12 }, (_, i) => {
      const bytes = Buffer.from(hex, 'hex');
      bytes[i] = bytes[i]! ^ 1;
      return new ObjectId(bytes);
    });
    const writer = new KeyWriter();
    for (const id of [new ObjectId(hex), ...ids]) writer.write([id, new Date(Date.UTC(2026, 0, 1) + ids.indexOf(id))]);
    const reader = new KeyReader(writer.take(), undefined, shared);
    const read = Array.from({ length: 13 }, () => reader.next(2));
    expect(read.map((e) => (e[0] as ObjectId).toHexString())).toEqual([hex, ...ids.map((id) => id.toHexString())]);
    expect(new Set(read.map((e) => e[0])).size).toBe(13);
    expect(new Set(read.map((e) => e[1])).size).toBe(13);
    expect(read.map((e) => (e[1] as Date).getTime() - Date.UTC(2026, 0, 1))).toEqual([-1, ...ids.map((_, i) => i)]);
  });
});
