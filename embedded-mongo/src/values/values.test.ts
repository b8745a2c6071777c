import { Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { canonicalKey, cloneDeep, compareObjectIds, compareValues, normalize, pathValues, retype } from './values.js';

describe('values', () => {
  it('orders values like mongod across types', () => {
    const values = [
      true,
      new Date(5),
      new ObjectId('ffffffffffffffffffffffff'),
      [1],
      { a: 1 },
      'b',
      'a',
      Long.fromNumber(3),
      2.5,
      null,
    ];
    const sorted = values.slice().sort(compareValues);
    expect(sorted).toEqual([null, 2.5, Long.fromNumber(3), 'a', 'b', { a: 1 }, [1], values[2], true, new Date(5)]);
  });

  it('orders ObjectIds by their 12 bytes, as mongod does', () => {
    // Ids that differ in one byte each (high bits included) and random ones, checked against the bytes.
    const ids = [new ObjectId('000000000000000000000000'), new ObjectId('ffffffffffffffffffffffff')];
    for (let byte = 0; byte < 12; byte++) {
      for (const value of [0x01, 0x7f, 0x80, 0xff]) {
        const bytes = Buffer.alloc(12, 0x40);
        bytes[byte] = value;
        ids.push(new ObjectId(bytes));
      }
    }
    for (let i = 0; i < 200; i++) ids.push(new ObjectId(randomBytes(12)));
    for (const a of ids) {
      for (const b of ids.slice(0, 60)) {
        expect(compareObjectIds(a, b)).toBe(Buffer.compare(a.id, b.id));
        expect(Math.sign(compareValues(a, b))).toBe(Buffer.compare(a.id, b.id));
      }
    }
  });

  it('gives equal index keys to numerically equal numbers and keeps key order significant', () => {
    expect(canonicalKey(1)).toBe(canonicalKey(Long.fromNumber(1)));
    expect(canonicalKey(1)).toBe(canonicalKey(Decimal128.fromString('1.0')));
    expect(canonicalKey('1')).not.toBe(canonicalKey(1));
    expect(canonicalKey({ a: 1, b: 2 })).not.toBe(canonicalKey({ b: 2, a: 1 }));
    const id = new ObjectId();
    expect(canonicalKey(id)).toBe(canonicalKey(new ObjectId(id.toHexString())));
  });

  it('expands arrays along a path', () => {
    const doc = { items: [{ sku: 'a', tags: ['x', 'y'] }, { sku: 'b' }], empty: [] };
    expect(pathValues(doc, 'items.sku')).toEqual(['a', 'b']);
    expect(pathValues(doc, 'items.tags')).toEqual(['x', 'y']);
    expect(pathValues(doc, 'items.1.sku')).toEqual(['b']);
    expect(pathValues(doc, 'missing')).toEqual([]);
    expect(pathValues(doc, 'empty')).toEqual([undefined]);
  });

  it('normalizes without copying untouched documents and restores types', () => {
    const plain = { a: 1, b: { c: 'x' } };
    expect(normalize(plain)).toBe(plain);
    const wide = { n: Long.fromNumber(4), list: [Long.fromNumber(1), 2] };
    const norm = normalize(wide) as typeof wide;
    expect(norm).toEqual({ n: 4, list: [1, 2] });
    expect(retype(norm, wide)).toEqual(wide);
    expect(retype({ n: 5, list: [2] }, wide)).toEqual({ n: Long.fromNumber(5), list: [2] });
  });

  it('clones deeply but shares immutable BSON values', () => {
    const id = new ObjectId();
    const src = { id, when: new Date(1), nested: { list: [1, { x: 2 }] } };
    const copy = cloneDeep(src);
    expect(copy).toEqual(src);
    expect(copy.when).not.toBe(src.when);
    expect(copy.nested.list).not.toBe(src.nested.list);
    expect(copy.id).toBe(id);
  });
});
