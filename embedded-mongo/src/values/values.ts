/**
 * Helpers for BSON values as they come out of `bson.deserialize`: cloning,
 * ordering, hashing for indexes and the numeric normalisation mingo needs.
 */
import { Binary, Decimal128, Long, ObjectId, Timestamp } from 'bson';
import type { Doc } from './doc.js';
import { compareNumeric, isExoticNumber, numericKey } from './numeric.js';

export type { Doc } from './doc.js';

/** bson classes tag themselves with `_bsontype`; reading it avoids instanceof across bson copies. */
export function bsonTypeOf(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const t = (v as { _bsontype?: unknown })._bsontype;
  return typeof t === 'string' ? t : undefined;
}

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** Numeric BSON values (int32/double arrive as JS numbers, int64 as Long). */
export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = bsonTypeOf(v);
  return t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double';
}

export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  switch (bsonTypeOf(v)) {
    case 'Long':
      return (v as Long).toNumber();
    case 'Decimal128':
      return Number((v as Decimal128).toString());
    case 'Int32':
    case 'Double':
      return (v as { value: number }).value;
    default:
      return Number.NaN;
  }
}

/**
 * Deep clone that keeps BSON classes. ObjectId, Long, Decimal128 and Timestamp
 * are immutable so they are shared; Date and Binary own mutable state and are copied.
 */
export function cloneDeep<T>(v: T): T {
  return cloneValue(v) as T;
}

function cloneValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneValue);
  if (v instanceof Date) return new Date(v.getTime());
  if (v instanceof RegExp) return new RegExp(v.source, v.flags);
  const t = bsonTypeOf(v);
  if (t === 'Binary') {
    const b = v as Binary;
    return new Binary(Buffer.from(b.buffer.subarray(0, b.position)), b.sub_type);
  }
  if (t !== undefined) return v;
  if (v instanceof Uint8Array) return Buffer.from(v);
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = cloneValue(v[k]);
    return out;
  }
  return v;
}

/**
 * mingo compares numbers with `<` and only understands JS numbers, so Long values
 * a double holds exactly are converted to numbers before queries, arithmetic updates
 * and aggregation; larger Longs and Decimal128 are kept (see `hasExoticNumber`). Returns the same reference when nothing needed converting, which
 * keeps the common case (no int64/decimal in the data) allocation free.
 */
export function normalize(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const t = bsonTypeOf(v);
  // A Long beyond 2^53 and every Decimal128 stay as they are: a double cannot hold them exactly.
  if (t === 'Long' || t === 'Decimal128' || t === 'Int32' || t === 'Double') return isExoticNumber(v) ? v : toNumber(v);
  if (Array.isArray(v)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const n = normalize(v[i]);
      if (n !== v[i]) {
        out ??= v.slice();
        out[i] = n;
      }
    }
    return out ?? v;
  }
  if (isPlainObject(v)) {
    let out: Doc | undefined;
    for (const k of Object.keys(v)) {
      const n = normalize(v[k]);
      if (n !== v[k]) {
        out ??= { ...v };
        out[k] = n;
      }
    }
    return out ?? v;
  }
  return v;
}

/**
 * After mingo worked on a normalized copy, put the original Long/Decimal128
 * types back where the value is unchanged, and keep int64/decimal types for
 * fields that arithmetic changed (as mongod does for $inc on a Long).
 */
export function retype(next: unknown, prev: unknown): unknown {
  if (typeof next === 'number') {
    const t = bsonTypeOf(prev);
    if (t === 'Long') {
      if (toNumber(prev) === next) return prev;
      return Number.isInteger(next) ? Long.fromNumber(next) : next;
    }
    if (t === 'Decimal128') {
      if (toNumber(prev) === next) return prev;
      return Decimal128.fromString(String(next));
    }
    return next;
  }
  if (Array.isArray(next) && Array.isArray(prev)) {
    if (next.length === prev.length) return next.map((item, i) => retype(item, prev[i]));
    // $pull/$push/$pop shifted positions: match numbers back to int64/decimal values by value instead.
    const exotic = new Map<number, unknown>();
    for (const item of prev) {
      const t = bsonTypeOf(item);
      if (t === 'Long' || t === 'Decimal128') exotic.set(toNumber(item), item);
    }
    return next.map((item) => (typeof item === 'number' && exotic.has(item) ? exotic.get(item) : item));
  }
  if (isPlainObject(next) && isPlainObject(prev)) {
    const out: Doc = {};
    for (const k of Object.keys(next)) out[k] = retype(next[k], prev[k]);
    return out;
  }
  return next;
}

/** BSON canonical type order used by mongod when comparing values of different types. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
    case 'symbol':
      return 4;
    case 'boolean':
      return 9;
    default:
      break;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsonTypeOf(v)) {
    case 'MinKey':
      return 1;
    case 'Long':
    case 'Decimal128':
    case 'Int32':
    case 'Double':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MaxKey':
      return 13;
    default:
      break;
  }
  if (v instanceof Uint8Array) return 7;
  return 5;
}

function cmp<T extends number | string | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareNumbers(a: unknown, b: unknown): number {
  return compareNumeric(a, b);
}

function bytesOf(v: unknown): Uint8Array {
  if (bsonTypeOf(v) === 'Binary') {
    const b = v as Binary;
    return b.buffer.subarray(0, b.position);
  }
  return v as Uint8Array;
}

/** Compares two strings; a collation supplies one, otherwise binary (code unit) order. */
export type StringCompare = (a: string, b: string) => number;

/**
 * Total order over BSON values following mongod's comparison rules; `strCmp`
 * is the collation's string order (simple binary order when absent).
 */
export function compareValues(a: unknown, b: unknown, strCmp?: StringCompare): number {
  // Same-type pairs are nearly every comparison of an index build or scan: answered without ranking.
  if (typeof a === 'string' && typeof b === 'string') return strCmp ? strCmp(a, b) : cmp(a, b);
  if (typeof a === 'number' && typeof b === 'number' && !Number.isNaN(a) && !Number.isNaN(b)) return cmp(a, b);
  if (a instanceof Date && b instanceof Date) return cmp(a.getTime(), b.getTime());
  if (bsonTypeOf(a) === 'ObjectId' && bsonTypeOf(b) === 'ObjectId')
    return compareObjectIds(a as ObjectId, b as ObjectId);
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return cmp(ra, rb);
  switch (ra) {
    case 1:
    case 2:
    case 13:
      return 0;
    case 3:
      return compareNumbers(a, b);
    case 4:
      return strCmp ? strCmp(String(a), String(b)) : cmp(String(a), String(b));
    case 5: {
      const ea = Object.entries(a as Doc);
      const eb = Object.entries(b as Doc);
      for (let i = 0; i < Math.min(ea.length, eb.length); i++) {
        const [ka, va] = ea[i] as [string, unknown];
        const [kb, vb] = eb[i] as [string, unknown];
        const byType = cmp(typeRank(va), typeRank(vb));
        if (byType) return byType;
        const byName = cmp(ka, kb);
        if (byName) return byName;
        const byValue = compareValues(va, vb, strCmp);
        if (byValue) return byValue;
      }
      return cmp(ea.length, eb.length);
    }
    case 6: {
      const xa = a as unknown[];
      const xb = b as unknown[];
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) {
        const c = compareValues(xa[i], xb[i], strCmp);
        if (c) return c;
      }
      return cmp(xa.length, xb.length);
    }
    case 7: {
      const ba = bytesOf(a);
      const bb = bytesOf(b);
      if (ba.length !== bb.length) return cmp(ba.length, bb.length);
      const sa = bsonTypeOf(a) === 'Binary' ? (a as Binary).sub_type : 0;
      const sb = bsonTypeOf(b) === 'Binary' ? (b as Binary).sub_type : 0;
      if (sa !== sb) return cmp(sa, sb);
      return Buffer.compare(ba, bb);
    }
    case 8:
      return compareObjectIds(a as ObjectId, b as ObjectId);
    case 9:
      return cmp(Number(a), Number(b));
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11:
      return cmp((a as Timestamp).toBigInt(), (b as Timestamp).toBigInt());
    case 12: {
      const pa = regexParts(a);
      const pb = regexParts(b);
      return cmp(pa[0], pb[0]) || cmp(pa[1], pb[1]);
    }
    default:
      return 0;
  }
}

function regexParts(v: unknown): [string, string] {
  if (v instanceof RegExp) return [v.source, v.flags];
  const r = v as { pattern: string; options: string };
  return [r.pattern, r.options];
}

/**
 * A string that is equal for two values exactly when mongod would treat them
 * as the same index key (1, 1.0 and Long(1) collide; key order in
 * sub-documents matters). Used as the hash-map key for _id and unique indexes.
 */
/** The 12 bytes of bson 7's ObjectId, kept as four big-endian 24-bit integers (not in its public types). */
interface ObjectIdWords {
  i0: number;
  i1: number;
  i2: number;
  i3: number;
}

const hasWords = (id: ObjectId): boolean => typeof (id as unknown as Partial<ObjectIdWords>).i3 === 'number';

/**
 * ObjectIds in byte order. Index builds and scans compare ids millions of times, and the public
 * `id` getter allocates a new Buffer per call; comparing bson 7's four integers word by word gives
 * the same order without allocating. Any other shape falls back to the bytes.
 */
export function compareObjectIds(a: ObjectId, b: ObjectId): number {
  if (hasWords(a) && hasWords(b)) {
    const x = a as unknown as ObjectIdWords;
    const y = b as unknown as ObjectIdWords;
    if (x.i0 !== y.i0) return x.i0 < y.i0 ? -1 : 1;
    if (x.i1 !== y.i1) return x.i1 < y.i1 ? -1 : 1;
    if (x.i2 !== y.i2) return x.i2 < y.i2 ? -1 : 1;
    if (x.i3 !== y.i3) return x.i3 < y.i3 ? -1 : 1;
    return 0;
  }
  return Buffer.compare(a.id, b.id);
}

export function canonicalKey(v: unknown): string {
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'number':
      return `n${Number.isSafeInteger(v) && !Object.is(v, -0) ? String(v) : numericKey(v)}`;
    case 'string':
      return `s${v}`;
    case 'boolean':
      return v ? 'bt' : 'bf';
    case 'bigint':
      return `n${v.toString()}`;
    default:
      break;
  }
  if (Array.isArray(v)) return `a[${v.map(canonicalKey).join(',')}]`;
  if (v instanceof Date) return `d${v.getTime()}`;
  if (v instanceof RegExp) return `r/${v.source}/${v.flags}`;
  switch (bsonTypeOf(v)) {
    case 'ObjectId':
      return `o${(v as ObjectId).toHexString()}`;
    case 'Long':
    case 'Decimal128':
    case 'Int32':
    case 'Double':
      return `n${numericKey(v)}`;
    case 'Binary': {
      const b = v as Binary;
      return `x${b.sub_type}:${Buffer.from(bytesOf(b)).toString('base64')}`;
    }
    case 'Timestamp':
      return `t${(v as Timestamp).toBigInt().toString()}`;
    case 'MinKey':
      return 'min';
    case 'MaxKey':
      return 'max';
    default:
      break;
  }
  if (v instanceof Uint8Array) return `x0:${Buffer.from(v).toString('base64')}`;
  if (isPlainObject(v)) {
    // JSON.stringify of the key keeps field names with commas or colons unambiguous.
    return `{${Object.keys(v)
      .map((k) => `${JSON.stringify(k)}:${canonicalKey(v[k])}`)
      .join(',')}}`;
  }
  return `?${String(v)}`;
}

/** Renders a value the way mongod prints it inside E11000 messages. */
export function formatValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return `[ ${v.map(formatValue).join(', ')} ]`;
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  switch (bsonTypeOf(v)) {
    case 'ObjectId':
      return `ObjectId('${(v as ObjectId).toHexString()}')`;
    case 'Long':
    case 'Decimal128':
      return String(v);
    default:
      break;
  }
  if (isPlainObject(v)) {
    const parts = Object.keys(v).map((k) => `${k}: ${formatValue(v[k])}`);
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return String(v);
}

/**
 * All values a dotted path reaches, expanding arrays on the way like mongod
 * does for multikey indexes and sort keys. An array at the end of the path
 * contributes its elements; a missing path yields an empty list.
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collect(doc, path.split('.'), 0, out);
  return out;
}

function collect(value: unknown, parts: string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else for (const item of value) out.push(item);
    } else if (value !== undefined) {
      out.push(value);
    }
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(part)) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    for (const item of value) {
      if (isPlainObject(item)) collect(item[part], parts, i + 1, out);
    }
    return;
  }
  if (isPlainObject(value) && Object.prototype.hasOwnProperty.call(value, part)) {
    collect(value[part], parts, i + 1, out);
  }
}

/** Reads a dotted path without array expansion (undefined when absent). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (isPlainObject(cur) && Object.prototype.hasOwnProperty.call(cur, part)) cur = cur[part];
    else return undefined;
  }
  return cur;
}

/** Sets a dotted path, creating intermediate objects. Returns false on a conflict. */
export function setPath(doc: Doc, path: string, value: unknown): boolean {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] as string;
    const next = cur[part];
    if (next === undefined) {
      const created: Doc = {};
      cur[part] = created;
      cur = created;
    } else if (isPlainObject(next)) {
      cur = next;
    } else {
      return false;
    }
  }
  cur[parts[parts.length - 1] as string] = value;
  return true;
}

/** mongod always stores _id as the first field. */
export function withIdFirst(doc: Doc): Doc {
  if (Object.keys(doc)[0] === '_id' || !('_id' in doc)) return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

/** Accepts the integer encodings drivers use for counts and sizes (int32, int64, double). */
export function toInt(v: unknown, fallback: number): number {
  if (v === undefined || v === null) return fallback;
  const n = toNumber(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * Stored documents are never mutated in place (every update stores a new
 * object), so the normalized view of a stored document can be cached by
 * identity and is dropped automatically together with the old version.
 */
const viewCache = new WeakMap<Doc, Doc>();

export function view(doc: Doc): Doc {
  let v = viewCache.get(doc);
  if (v === undefined) {
    v = normalize(doc) as Doc;
    viewCache.set(doc, v);
  }
  return v;
}

/** Whether a value holds a string anywhere (collation only matters for those). */
export function containsString(v: unknown): boolean {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.some(containsString);
  if (isPlainObject(v)) return Object.values(v).some(containsString);
  return false;
}

const exoticCache = new WeakMap<object, boolean>();

/**
 * Whether a value holds a Long beyond 2^53 or a Decimal128 anywhere, cached per object asked about
 * (a stored document): a cache entry per nested object and array too left one WeakMap entry per
 * sub-object of every order once the orders had been read, millions at 100,000 orders, kept and
 * walked by every GC for as long as the documents lived.
 */
export function hasExoticNumber(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (isExoticNumber(v)) return true;
  if (!Array.isArray(v) && !isPlainObject(v)) return false;
  const cached = exoticCache.get(v);
  if (cached !== undefined) return cached;
  const found = holdsExoticNumber(v);
  exoticCache.set(v, found);
  return found;
}

function holdsExoticNumber(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (isExoticNumber(v)) return true;
  if (Array.isArray(v)) return v.some(holdsExoticNumber);
  return isPlainObject(v) && Object.values(v).some(holdsExoticNumber);
}

/** Strings longer than this are rarely repeated (addresses, descriptions): not worth a lookup. */
const INTERNED_MAX_LENGTH = 64;

/**
 * Makes a freshly decoded document (from a checkpoint or the journal) cheaper to keep, in place:
 * - each Binary gets its own bytes: bson decodes one as a view into the buffer it read, so a
 *   collection UUID would keep a whole 100+ MB file in memory for as long as the engine runs;
 * - a short string equal to one seen before is replaced by that one (`strings`, shared by one
 *   load): order statuses, product titles, courier names and the like repeat in most documents,
 *   and each decoded copy costs 30-80 bytes of heap.
 */
export function compactDecoded(v: Doc | unknown[], strings: Map<string, string>): void {
  if (Array.isArray(v)) {
    // By index: for-in over an array makes a string of every index.
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      const y = compactValue(x, strings);
      if (y !== x) v[i] = y;
    }
    return;
  }
  for (const k in v) {
    const x = v[k];
    const y = compactValue(x, strings);
    if (y !== x) v[k] = y;
  }
}

function compactValue(x: unknown, strings: Map<string, string>): unknown {
  if (typeof x === 'string') {
    if (x.length > INTERNED_MAX_LENGTH) return x;
    const seen = strings.get(x);
    if (seen !== undefined) return seen;
    strings.set(x, x);
    return x;
  }
  if (x === null || typeof x !== 'object') return x;
  if (Array.isArray(x)) {
    compactDecoded(x, strings);
    return x;
  }
  const type = (x as { _bsontype?: unknown })._bsontype;
  if (type === undefined) {
    if (isPlainObject(x)) compactDecoded(x, strings);
    return x;
  }
  if (type !== 'Binary') return x;
  const b = x as Binary;
  return new Binary(Uint8Array.prototype.slice.call(b.buffer, 0, b.position), b.sub_type);
}
