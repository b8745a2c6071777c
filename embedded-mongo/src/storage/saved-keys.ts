/**
 * The keys of an ordered index as checkpoint format 4 saves them (checkpoint.ts), in the index's
 * order, so that start-up builds the index from them: no document decoded, no key computed, no sort.
 *
 * Each entry is its values, each a one-byte tag and its bytes. Keys in order repeat their leading
 * values (a status, a day, a search word), so "the same as the entry before" is one byte and the
 * loaded entries then share that string, as keys computed from decoded documents could not. Values
 * other than null, booleans, numbers, strings, dates and ObjectIds (rare in keys) are written as a
 * one-field BSON document.
 */
import { BSON, ObjectId } from 'bson';
import { bsonTypeOf } from '../values/values.js';
import { DESERIALIZE_OPTIONS } from '../values/decode.js';

const SAME = 0;
const NULL = 1;
const FALSE = 2;
const TRUE = 3;
const NUMBER = 4;
const STRING = 5;
const DATE = 6;
const OBJECT_ID = 7;
const UNDEFINED = 8;
const OTHER = 9;

function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true; // not ===: -0 is not 0 (a double key keeps its sign)
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return bsonTypeOf(a) === 'ObjectId' && bsonTypeOf(b) === 'ObjectId' && (a as ObjectId).equals(b as ObjectId);
}

/** Encodes entries' values one after another into a growing buffer. */
export class KeyWriter {
  private buf = Buffer.allocUnsafe(1 << 16);
  private at = 0;
  private prev: unknown[] | undefined;

  get length(): number {
    return this.at;
  }

  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.at + n));
    this.buf.copy(bigger, 0, 0, this.at);
    this.buf = bigger;
  }

  /** Writes the first `width` of `values` (an index entry's key values, without its _id). */
  write(values: readonly unknown[], width = values.length): void {
    const prev = this.prev;
    for (let i = 0; i < width; i++) {
      const v = values[i];
      this.room(9);
      if (prev !== undefined && sameValue(v, prev[i])) this.buf[this.at++] = SAME;
      else if (v === null) this.buf[this.at++] = NULL;
      else if (v === undefined) this.buf[this.at++] = UNDEFINED;
      else if (v === false) this.buf[this.at++] = FALSE;
      else if (v === true) this.buf[this.at++] = TRUE;
      else if (typeof v === 'number') {
        this.buf[this.at++] = NUMBER;
        this.at = this.buf.writeDoubleLE(v, this.at);
      } else if (v instanceof Date) {
        this.buf[this.at++] = DATE;
        this.at = this.buf.writeDoubleLE(v.getTime(), this.at);
      } else if (typeof v === 'string') {
        const size = Buffer.byteLength(v, 'utf8');
        this.room(5 + size);
        this.buf[this.at++] = STRING;
        this.at = this.buf.writeUInt32LE(size, this.at);
        this.at += this.buf.write(v, this.at, 'utf8');
      } else if (bsonTypeOf(v) === 'ObjectId') {
        this.room(13);
        this.buf[this.at++] = OBJECT_ID;
        this.buf.set((v as ObjectId).id, this.at);
        this.at += 12;
      } else {
        const bytes = BSON.serialize({ v });
        this.room(1 + bytes.length);
        this.buf[this.at++] = OTHER;
        this.buf.set(bytes, this.at);
        this.at += bytes.length;
      }
    }
    this.prev = values as unknown[];
  }

  /** The bytes written since the last take (a copy); the next entry starts a new run. */
  take(): Buffer {
    const out = Buffer.from(this.buf.subarray(0, this.at));
    this.at = 0;
    this.prev = undefined;
    return out;
  }
}

/**
 * An array of `size` empty slots, from an array literal where it can: V8 moves what a literal
 * allocates straight to the old generation once it sees nearly all of it survive, as every index
 * entry of a start-up does (1.9 M at 100,000 orders); `new Array(size)` is not tracked that way, so
 * each entry was copied by two young-generation GCs (a third of a start-up's load was GC).
 */
function slots(size: number): unknown[] {
  switch (size) {
    case 2:
      return [undefined, undefined];
    case 3:
      return [undefined, undefined, undefined];
    case 4:
      return [undefined, undefined, undefined, undefined];
    case 5:
      return [undefined, undefined, undefined, undefined, undefined];
    default:
      return new Array<unknown>(size);
  }
}

/** A malformed run of saved keys: the checkpoint is damaged. */
export class MalformedKeysError extends Error {}

/**
 * The Dates of a collection's saved keys, shared by its readers: a document's date is in several of
 * its indexes (an order's createdAt in five), and at 100,000 orders a Date per entry was ~50 MB more
 * heap than keys computed from documents. Kept by document, two instants each (createdAt and
 * updatedAt, say; a third gets a Date of its own): a Map by instant held ~300,000 entries at
 * 100,000 orders, boxed a number per lookup, and was ~10 % of a start-up's load.
 */
export class SharedDates {
  private readonly slots: Array<Date | undefined>;

  constructor(documents: number) {
    this.slots = new Array<Date | undefined>(documents * 2);
  }

  /**
   * The Date at `time` of the document at position `doc` of the checkpoint; one of other documents
   * too through `shared` (see SharedKeyValues).
   */
  of(doc: number, time: number, shared?: SharedKeyValues): Date {
    const at = doc * 2;
    for (let slot = at; slot < at + 2; slot++) {
      const date = this.slots[slot];
      if (date === undefined) return (this.slots[slot] = shared ? shared.date(time) : new Date(time));
      if (date.getTime() === time) return date;
    }
    return shared ? shared.date(time) : new Date(time);
  }
}

/**
 * The values of one load's saved keys, one object for all equal ones: "the same as the entry
 * before" shares a value only with its neighbour, and SharedDates only within one document, so a
 * status, an e-mail address, a customer's id or an instant was read again in every other index and
 * collection that holds it (an order's customer is in its search keys, its user's id in three
 * collections' indexes). At 100,000 orders: 310,000 Dates for 236,000 instants, 307,000 ObjectIds
 * for 218,000 ids. Kept only while the load runs. Strings, Dates and ObjectIds taken from index
 * entries are never changed (keys are values: see IndexEntry), so sharing them is invisible.
 */
export class SharedKeyValues {
  /** Dates by instant: an open-addressing table (a Map boxed a number per lookup). */
  private times = new Float64Array(1 << 12);
  private dates = new Array<Date | undefined>(1 << 12);
  private dateCount = 0;
  /** ObjectIds by their 12 bytes, as three int32s. */
  private words = new Int32Array(3 << 12);
  private objectIds = new Array<ObjectId | undefined>(1 << 12);
  private objectIdCount = 0;

  /** Strings by a hash of their bytes: the last one read of each slot (see string). */
  private readonly strings = new Array<string | undefined>(STRING_SLOTS).fill(undefined);

  /**
   * The string of the UTF-8 bytes of `b` from `start`, `size` long: the one read last with the
   * same hash if it is the same ASCII text (compared byte by byte, no string made), else a new one,
   * which takes the slot. A slot per hash, not a Map of every string: a Map lookup of each string
   * read cost ~1 s of a 5 s start-up at 100,000 orders. Longer strings are rarely repeated.
   */
  string(b: Buffer, start: number, size: number): string {
    if (size > 64) return b.toString('utf8', start, start + size);
    let h = 0x811c9dc5 ^ size;
    for (let k = start; k < start + size; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
    const slot = (h ^ (h >>> 15)) & (STRING_SLOTS - 1);
    const known = this.strings[slot];
    if (known !== undefined && known.length === size) {
      let same = true;
      for (let k = 0; k < size; k++) {
        const c = b[start + k]!;
        if (c > 0x7f || known.charCodeAt(k) !== c) {
          same = false;
          break;
        }
      }
      if (same) return known;
    }
    const read = b.toString('utf8', start, start + size);
    this.strings[slot] = read;
    return read;
  }

  /** The Date at `time` this load read first. */
  date(time: number): Date {
    const mask = this.dates.length - 1;
    for (let i = mix(time >>> 0, (time / 4294967296) | 0, 0) & mask; ; i = (i + 1) & mask) {
      const date = this.dates[i];
      if (date === undefined) {
        const made = new Date(time);
        this.dates[i] = made;
        this.times[i] = time;
        if (++this.dateCount * 2 > this.dates.length) this.growDates();
        return made;
      }
      if (this.times[i] === time) return date;
    }
  }

  /** The ObjectId of the 12 bytes of `b` at `at` this load read first. */
  objectId(b: Buffer, at: number): ObjectId {
    const w0 = b.readInt32LE(at);
    const w1 = b.readInt32LE(at + 4);
    const w2 = b.readInt32LE(at + 8);
    const mask = this.objectIds.length - 1;
    const words = this.words;
    for (let i = mix(w0, w1, w2) & mask; ; i = (i + 1) & mask) {
      const id = this.objectIds[i];
      if (id === undefined) {
        // bson 7 keeps an ObjectId's 12 bytes as numbers, copied from the view: no Buffer per key
        // (the view is garbage at once; the part's bytes are read over once the load moves on).
        const made = new ObjectId(b.subarray(at, at + 12));
        this.objectIds[i] = made;
        words[3 * i] = w0;
        words[3 * i + 1] = w1;
        words[3 * i + 2] = w2;
        if (++this.objectIdCount * 2 > this.objectIds.length) this.growObjectIds();
        return made;
      }
      if (words[3 * i] === w0 && words[3 * i + 1] === w1 && words[3 * i + 2] === w2) return id;
    }
  }

  /**
   * Lets the tables go once the load is done: their typed arrays' memory (≈ 10 MB at 100,000
   * orders) is detached and so freed at the next young-generation GC, not left for a full one.
   * The object can still be used (it starts over).
   */
  release(): void {
    letGo(this.times);
    letGo(this.words);
    this.times = new Float64Array(1 << 12);
    this.dates = new Array<Date | undefined>(1 << 12);
    this.dateCount = 0;
    this.words = new Int32Array(3 << 12);
    this.objectIds = new Array<ObjectId | undefined>(1 << 12);
    this.objectIdCount = 0;
    this.strings.fill(undefined);
  }

  private growDates(): void {
    const { times, dates } = this;
    this.times = new Float64Array(times.length * 2);
    this.dates = new Array<Date | undefined>(dates.length * 2);
    const mask = this.dates.length - 1;
    for (let j = 0; j < dates.length; j++) {
      const date = dates[j];
      if (date === undefined) continue;
      const time = times[j]!;
      let i = mix(time >>> 0, (time / 4294967296) | 0, 0) & mask;
      while (this.dates[i] !== undefined) i = (i + 1) & mask;
      this.dates[i] = date;
      this.times[i] = time;
    }
    letGo(times);
  }

  private growObjectIds(): void {
    const { words, objectIds } = this;
    this.words = new Int32Array(words.length * 2);
    this.objectIds = new Array<ObjectId | undefined>(objectIds.length * 2);
    const mask = this.objectIds.length - 1;
    for (let j = 0; j < objectIds.length; j++) {
      const id = objectIds[j];
      if (id === undefined) continue;
      const w0 = words[3 * j]!;
      const w1 = words[3 * j + 1]!;
      const w2 = words[3 * j + 2]!;
      let i = mix(w0, w1, w2) & mask;
      while (this.objectIds[i] !== undefined) i = (i + 1) & mask;
      this.objectIds[i] = id;
      this.words.set([w0, w1, w2], 3 * i);
    }
    letGo(words);
  }
}

/** Slots of SharedKeyValues' strings: 2 MB while a load runs; ~400,000 distinct strings at 100,000 orders. */
const STRING_SLOTS = 1 << 18;

/**
 * Detaches a typed array's memory (transferred to a clone that is garbage at once), so that it goes
 * at the next young-generation GC even if the array itself has reached the old generation.
 */
function letGo(table: Float64Array | Int32Array): void {
  structuredClone(table.buffer, { transfer: [table.buffer as ArrayBuffer] });
}

/** A 32-bit hash of three 32-bit words (murmur3's finaliser over a multiply-xor chain). */
function mix(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1) ^ Math.imul(c, 0x85ebca6b), 0xcc9e2d51);
  h ^= h >>> 15;
  h = Math.imul(h, 0x1b873593);
  return (h ^ (h >>> 13)) >>> 0;
}

/**
 * Decodes what KeyWriter wrote, one entry of `width` values at a time; with `dates`, its Dates are
 * those of the other indexes' entries of the same document (see SharedDates); with `shared`, its
 * strings, Dates and ObjectIds are the equal ones read before (see SharedKeyValues).
 */
export class KeyReader {
  private at = 0;
  private prev: unknown[] | undefined;

  constructor(
    private readonly b: Buffer,
    private readonly dates?: SharedDates,
    private readonly shared?: SharedKeyValues,
  ) {}

  get done(): boolean {
    return this.at >= this.b.length;
  }

  /** Checks that `n` more bytes are there. */
  private need(n: number): void {
    if (this.at + n > this.b.length) throw new MalformedKeysError('saved keys end inside a value');
  }

  /**
   * The next entry's `width` values, in an array of `size` slots (room for what the caller adds);
   * `doc` is the position of its document in the checkpoint, for `dates`.
   */
  next(width: number, size = width, doc = -1): unknown[] {
    const b = this.b;
    const values = slots(size);
    for (let i = 0; i < width; i++) {
      if (this.at >= b.length) throw new MalformedKeysError('saved keys end inside an entry');
      const tag = b[this.at++]!;
      switch (tag) {
        case SAME:
          if (this.prev === undefined) throw new MalformedKeysError('a first saved key repeats nothing');
          values[i] = this.prev[i];
          break;
        case NULL:
          values[i] = null;
          break;
        case UNDEFINED:
          values[i] = undefined;
          break;
        case FALSE:
          values[i] = false;
          break;
        case TRUE:
          values[i] = true;
          break;
        case NUMBER:
          this.need(8);
          values[i] = b.readDoubleLE(this.at);
          this.at += 8;
          break;
        case DATE: {
          this.need(8);
          const time = b.readDoubleLE(this.at);
          values[i] =
            this.dates && doc >= 0
              ? this.dates.of(doc, time, this.shared)
              : this.shared
                ? this.shared.date(time)
                : new Date(time);
          this.at += 8;
          break;
        }
        case STRING: {
          this.need(4);
          const size = b.readUInt32LE(this.at);
          const start = this.at + 4;
          if (start + size > b.length) throw new MalformedKeysError('a saved string runs past its part');
          values[i] = this.shared ? this.shared.string(b, start, size) : b.toString('utf8', start, start + size);
          this.at = start + size;
          break;
        }
        case OBJECT_ID:
          this.need(12);
          // bson 7 keeps an ObjectId's 12 bytes as numbers, copied from the view: no Buffer per key
          // (the view is garbage at once; the part's bytes are read over once the load moves on).
          values[i] = this.shared ? this.shared.objectId(b, this.at) : new ObjectId(b.subarray(this.at, this.at + 12));
          this.at += 12;
          break;
        case OTHER: {
          this.need(4);
          const size = b.readInt32LE(this.at);
          if (size < 5 || this.at + size > b.length) throw new MalformedKeysError('a saved value runs past its part');
          // From a copy: bson's Binary values are views of what they were decoded from.
          const own = Buffer.from(b.subarray(this.at, this.at + size));
          values[i] = BSON.deserialize(own, DESERIALIZE_OPTIONS).v;
          this.at += size;
          break;
        }
        default:
          throw new MalformedKeysError(`unknown saved key tag ${tag}`);
      }
    }
    this.prev = values;
    return values;
  }
}

/** Little-endian int32s (an `order` part's positions, see checkpoint.ts) as numbers. */
export function int32s(bytes: Buffer): Int32Array {
  const values = new Int32Array(bytes.length / 4);
  for (let i = 0; i < values.length; i++) values[i] = bytes.readInt32LE(4 * i);
  return values;
}
