/**
 * The documents of one collection: those loaded from the checkpoint stay as their BSON bytes in the
 * checkpoint file (or in the buffer an injected file system read it into), decoded when read; those
 * written since start-up are kept as the objects they were stored as (immutable, as before).
 *
 * Why (decision 0028): decoded, an order costs ~2.8 times its BSON size on V8's heap, and at 100,000
 * orders the heap of decoded documents (~470 MB) is what made start-up slow (decoding 180 MB of
 * BSON) and every full GC long (hundreds of ms marking millions of small objects). Kept as bytes in
 * one buffer outside the heap, a stored document costs its BSON size, no object and no GC work; a
 * reference to it is a number (its offset), and a checkpoint copies the bytes instead of
 * serializing them again. A read decodes a fresh object from a copy of the bytes, so nothing a
 * caller does to it (Binary values included, which bson decodes as views) reaches what is stored.
 */
import { closeSync, readSync } from 'node:fs';
import { BSON, ObjectId } from 'bson';
import type { Doc } from '../values/values.js';
import { DESERIALIZE_OPTIONS } from '../values/decode.js';

/** A stored document: its offset in the checkpoint (file or buffer), or the object written since start-up. */
export type StoredValue = number | Doc;

/** The BSON bytes of the document at `offset` of `source` (a view, not a copy). */
export function bytesAt(source: Buffer, offset: number): Buffer {
  return source.subarray(offset, offset + source.readInt32LE(offset));
}

/** Decodes the document at `offset` into objects that share nothing with `source`. */
export function decodeAt(source: Buffer, offset: number): Doc {
  const size = source.readInt32LE(offset);
  // allocUnsafe takes small sizes from Node's pool; the copy is what Binary views may point into.
  const own = Buffer.allocUnsafe(size);
  source.copy(own, 0, offset, offset + size);
  return BSON.deserialize(own, DESERIALIZE_OPTIONS);
}

/** Bytes read at once for a document kept on file: most orders and checkouts fit (≈ 1.1 kB, 0.7 kB). */
const FIRST_READ = 2048;

/**
 * The checkpoint file, open for reading, that documents kept as bytes are read from: start-up read
 * it a window at a time (checkpoint-bytes.ts) and keeps their offsets in it. The operating system's
 * page cache keeps what is read often, outside the process's own memory, as WiredTiger leaves it
 * to; no buffer of the whole file (225 MB at 100,000 orders) is held. A newer checkpoint
 * replaces the file by a rename: this descriptor keeps reading the one it opened (the old file's
 * space on disk is freed when the process ends). A failed or short read throws: that read fails,
 * nothing is answered from a wrong document.
 */
export class CheckpointFile {
  constructor(private readonly fd: number) {}

  /** The document at `offset`, in a buffer of its own. */
  read(offset: number): Buffer {
    const first = Buffer.allocUnsafe(FIRST_READ);
    const got = readSync(this.fd, first, 0, FIRST_READ, offset);
    const size = got >= 5 ? first.readInt32LE(0) : 0;
    if (size < 5) throw new MalformedBsonError(`the checkpoint file has no document at byte ${offset}`);
    if (size <= got) return first.subarray(0, size);
    const whole = Buffer.allocUnsafe(size);
    first.copy(whole, 0, 0, got);
    if (readSync(this.fd, whole, got, size - got, offset + got) !== size - got) {
      throw new MalformedBsonError(`the checkpoint file ends inside the document at byte ${offset}`);
    }
    return whole;
  }

  /** The size of the document at `offset`. */
  sizeAt(offset: number): number {
    const head = Buffer.allocUnsafe(4);
    if (readSync(this.fd, head, 0, 4, offset) !== 4) {
      throw new MalformedBsonError(`the checkpoint file has no document at byte ${offset}`);
    }
    return head.readInt32LE(0);
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * BSON bytes of the decoded documents one generation of the recent reads keeps (two generations:
 * at most twice this, ≈ 7,000 orders, ≈ 20 MB of heap decoded). Counted in documents (16,384 a
 * generation), the two generations held up to ≈ 100 MB of decoded orders for two seconds.
 */
export const RECENT_BYTES = 4 * 1024 * 1024;
const ONE_SOURCE = 'stored documents come from one checkpoint';
const RECENT_MS = 2000;

export class StoredDocuments {
  /** canonical _id -> stored document; Map order is the natural (insertion) order. */
  private readonly map = new Map<string, StoredValue>();
  /** The checkpoint file that numeric values are offsets of (see CheckpointFile)... */
  private file: CheckpointFile | undefined;
  /** ...or the buffer holding it, when an injected file system read it (tests, a backup's check). */
  private source: Buffer | undefined;

  get size(): number {
    return this.map.size;
  }

  /** The checkpoint buffer the documents kept as bytes are in, while they are in one. */
  get buffer(): Buffer | undefined {
    return this.source;
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  /**
   * Recently decoded documents by offset, for plans that fetch the same documents again within
   * moments (read()): a blocking sort read page by page, a search through a multikey index whose
   * tab counts and page test the same orders. Two generations of at most RECENT_BYTES of BSON
   * each, all dropped RECENT_MS after the first was kept. The documents are shared for that moment
   * only, as stored objects are. What is kept outlives the engine's young generation and is
   * garbage in the old one once dropped, so reads that do not come back (decode()) keep nothing.
   */
  private young = new Map<number, Doc>();
  private old = new Map<number, Doc>();
  private youngBytes = 0;
  private oldBytes = 0;
  private dropping: NodeJS.Timeout | undefined;
  /**
   * The last document decoded and not kept: a write reads the document it changes again right
   * after the query that found it (Collection.replace, remove), one document, not a generation.
   */
  private lastOffset = -1;
  private lastDoc: Doc | undefined;

  /** The document stored under `id`, decoded and not kept for later reads (see decode()). */
  get(id: string): Doc | undefined {
    const v = this.map.get(id);
    return v === undefined ? undefined : this.decode(v);
  }

  /**
   * The document `v` (what raw() gave) holds, even if it is no longer the stored version, kept for
   * readers close in time: for plans that come back to the same documents (see young).
   */
  read(v: StoredValue): Doc {
    if (typeof v !== 'number') return v;
    let doc = this.young.get(v) ?? this.old.get(v);
    if (doc === undefined) {
      const bytes = this.storedBytes(v);
      doc = this.decodeOwn(v, bytes);
      if (this.youngBytes + bytes.byteLength > RECENT_BYTES) {
        this.old = this.young;
        this.oldBytes = this.youngBytes;
        this.young = new Map();
        this.youngBytes = 0;
      }
      this.young.set(v, doc);
      this.youngBytes += bytes.byteLength;
      this.dropping ??= setTimeout(() => this.dropRecent(), RECENT_MS).unref();
    }
    return doc;
  }

  /** How much read() keeps now: documents and their BSON bytes. */
  recentlyKept(): { documents: number; bytes: number } {
    return { documents: this.young.size + this.old.size, bytes: this.youngBytes + this.oldBytes };
  }

  private dropRecent(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngBytes = 0;
    this.oldBytes = 0;
    this.dropping = undefined;
  }

  /** The top-level fields `names` of the document kept at `offset` (see decodeFields). */
  fieldsOf(offset: number, names: readonly Buffer[]): Doc {
    return this.file ? decodeFields(this.file.read(offset), 0, names) : decodeFields(this.source!, offset, names);
  }

  /** The bytes of the document kept at `offset`: read from the file, or a view of the buffer. */
  private storedBytes(offset: number): Buffer {
    return this.file ? this.file.read(offset) : bytesAt(this.source!, offset);
  }

  /** Decodes `bytes` (what storedBytes gave for `offset`) into objects that share nothing with what is stored. */
  private decodeOwn(offset: number, bytes: Buffer): Doc {
    // A read from the file is a buffer of its own already; a view of the checkpoint buffer is copied.
    return this.file ? BSON.deserialize(bytes, DESERIALIZE_OPTIONS) : decodeAt(this.source!, offset);
  }

  /** What is stored under `id`, without decoding: equal (===) while that version is stored. */
  raw(id: string): StoredValue | undefined {
    return this.map.get(id);
  }

  set(id: string, doc: Doc): void {
    this.map.set(id, doc);
  }

  /**
   * Stores the document at `offset` of `source` (start-up: a checkpoint's documents, in its file or
   * in the buffer that holds it). False if `id` was already stored: a duplicate, which fails the load.
   */
  addBytes(id: string, source: Buffer | CheckpointFile, offset: number): boolean {
    if (source instanceof CheckpointFile) {
      if (this.source !== undefined || (this.file !== undefined && this.file !== source)) throw new Error(ONE_SOURCE);
      this.file = source;
    } else {
      if (this.file !== undefined || (this.source !== undefined && this.source !== source)) throw new Error(ONE_SOURCE);
      this.source = source;
    }
    const size = this.map.size;
    // One lookup, not has() then set(): ~240,000 documents at 100,000 orders.
    this.map.set(id, offset);
    return this.map.size > size;
  }

  delete(id: string): boolean {
    return this.map.delete(id);
  }

  keys(): IterableIterator<string> {
    return this.map.keys();
  }

  /**
   * As read(), but what it decodes is not kept for readers close in time: for reads that will not
   * come back to the same documents (a scan of a whole collection, a cursor's batches). Kept, they
   * outlive the young generation's collections and fill the old one with garbage: the peak of a
   * list of every order (engine-scale.md).
   */
  decode(v: StoredValue): Doc {
    if (typeof v !== 'number') return v;
    const kept = this.young.get(v) ?? this.old.get(v);
    if (kept !== undefined) return kept;
    if (v !== this.lastOffset) {
      this.lastDoc = this.decodeOwn(v, this.storedBytes(v));
      this.lastOffset = v;
    }
    return this.lastDoc!;
  }

  *values(): IterableIterator<Doc> {
    for (const v of this.map.values()) yield this.decode(v);
  }

  *[Symbol.iterator](): IterableIterator<[string, Doc]> {
    for (const [id, v] of this.map) yield [id, this.decode(v)];
  }

  rawEntries(): IterableIterator<[string, StoredValue]> {
    return this.map.entries();
  }

  /** The stored values in the order of keys(). */
  rawValues(): IterableIterator<StoredValue> {
    return this.map.values();
  }

  /** The stored bytes of `v` (a view or a read for a checkpoint document, serialized otherwise). */
  bytesOf(v: StoredValue): Buffer {
    if (typeof v === 'number') return this.storedBytes(v);
    const bytes = BSON.serialize(v);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** The BSON size of every document, without decoding those kept as bytes. */
  dataSize(): number {
    let size = 0;
    for (const v of this.map.values()) {
      if (typeof v !== 'number') size += BSON.calculateObjectSize(v);
      else size += this.file ? this.file.sizeAt(v) : this.source!.readInt32LE(v);
    }
    return size;
  }

  /** Takes over every document of `from` as stored (bytes stay bytes). */
  adopt(from: StoredDocuments): void {
    const source = from.file ?? from.source;
    for (const [id, v] of from.map) {
      if (typeof v === 'number' && source !== undefined) this.addBytes(id, source, v);
      else this.map.set(id, v);
    }
  }
}

/** A document's top-level BSON element that is not well formed: the caller says which file. */
export class MalformedBsonError extends Error {}

/**
 * Of the document at `offset`, only the top-level fields named in `names`, decoded as
 * BSON.deserialize would with DESERIALIZE_OPTIONS: enough for index keys, at a fraction of a full
 * decode. Checks the top level's framing on the way.
 */
export function decodeFields(source: Buffer, offset: number, names: readonly Buffer[]): Doc {
  const size = source.readInt32LE(offset);
  const end = offset + size - 1;
  const out: Doc = {};
  let p = offset + 4;
  while (p < end) {
    const type = source[p]!;
    // Byte loops, not Buffer.indexOf/compare: a call into C++ per field and per name was most of the cost.
    let nameEnd = p + 1;
    while (nameEnd < end && source[nameEnd] !== 0) nameEnd++;
    if (nameEnd >= end) throw new MalformedBsonError(`unterminated field name at byte ${p}`);
    const start = nameEnd + 1;
    const length = valueSize(source, type, start);
    if (length < 0 || start + length > end) throw new MalformedBsonError(`invalid value at byte ${start}`);
    const nameLength = nameEnd - p - 1;
    let decoded = false;
    for (const name of names) {
      if (name.length === nameLength && sameBytes(source, p + 1, name)) {
        out[source.toString('utf8', p + 1, nameEnd)] = decodeValue(source, type, p, start, length);
        decoded = true;
        break;
      }
    }
    if (!decoded) checkValue(source, type, start, length, 1);
    p = start + length;
  }
  if (p !== end) throw new MalformedBsonError('fields run past the end of the document');
  return out;
}

/**
 * Checks the framing of a value not decoded at load (lengths, terminators, nested documents), so a
 * damaged checkpoint still refuses the start, as when every document was decoded, instead of
 * failing the read that meets it.
 */
function checkValue(b: Buffer, type: number, start: number, length: number, depth: number): void {
  if ((type === 0x02 || type === 0x0d || type === 0x0e) && b[start + length - 1] !== 0) {
    throw new MalformedBsonError(`unterminated string at byte ${start}`);
  }
  if (type !== 0x03 && type !== 0x04) return;
  if (depth > 100) throw new MalformedBsonError(`documents nested too deep at byte ${start}`);
  const end = start + length - 1;
  if (b[end] !== 0) throw new MalformedBsonError(`unterminated document at byte ${start}`);
  let p = start + 4;
  while (p < end) {
    const inner = b[p]!;
    let nameEnd = p + 1;
    while (nameEnd < end && b[nameEnd] !== 0) nameEnd++;
    if (nameEnd >= end) throw new MalformedBsonError(`unterminated field name at byte ${p}`);
    const at = nameEnd + 1;
    const size = valueSize(b, inner, at);
    if (size < 0 || at + size > end) throw new MalformedBsonError(`invalid value at byte ${at}`);
    checkValue(b, inner, at, size, depth + 1);
    p = at + size;
  }
  if (p !== end) throw new MalformedBsonError(`fields run past the end of the document at byte ${start}`);
}

function sameBytes(source: Buffer, at: number, name: Buffer): boolean {
  for (let i = 0; i < name.length; i++) if (source[at + i] !== name[i]) return false;
  return true;
}

/**
 * The canonical key (values.ts canonicalKey) of the document's _id when it is, as usual, the first
 * field and an ObjectId; undefined otherwise.
 */
export function objectIdKeyAt(source: Buffer, offset: number): string | undefined {
  // type 0x07, "_id\0", 12 bytes
  const p = offset + 4;
  if (source[p] !== 0x07 || source[p + 1] !== 0x5f || source[p + 2] !== 0x69 || source[p + 3] !== 0x64) {
    return undefined;
  }
  if (source[p + 4] !== 0) return undefined;
  // Written into one buffer and read as one string: `o${hex}` is a concatenation, which V8 keeps as
  // a pair of strings (32 bytes more per document: 7 MB of heap for the 222,000 ids of the 100,000-order shop).
  const key = ID_KEY;
  for (let i = 0; i < 12; i++) {
    const byte = source[p + 5 + i]!;
    key[1 + 2 * i] = HEX_DIGITS[byte >> 4]!;
    key[2 + 2 * i] = HEX_DIGITS[byte & 15]!;
  }
  return key.toString('latin1', 0, 25);
}

/** 'o' and room for 24 hex digits: an ObjectId's canonical key (see objectIdKeyAt). */
const ID_KEY = Buffer.from('o'.padEnd(25, '0'), 'latin1');
const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1');

/** Bytes taken by a value of BSON type `type` starting at `at`, or -1 for an unknown type. */
function valueSize(b: Buffer, type: number, at: number): number {
  const n = at + 4 <= b.length ? b.readInt32LE(at) : -1;
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return n < 1 ? -1 : 4 + n;
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return n < 5 ? -1 : n;
    case 0x05: // binary: length, subtype, bytes
      return n < 0 ? -1 : 5 + n;
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // max key
    case 0xff: // min key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regular expression: two C strings
      const first = b.indexOf(0, at);
      const second = first < 0 ? -1 : b.indexOf(0, first + 1);
      return second < 0 ? -1 : second + 1 - at;
    }
    case 0x0c: // DBPointer: string, 12 bytes
      return n < 1 ? -1 : 4 + n + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      return -1;
  }
}

function decodeValue(b: Buffer, type: number, elementStart: number, valueStart: number, size: number): unknown {
  switch (type) {
    case 0x01:
      return b.readDoubleLE(valueStart);
    case 0x02:
      return b.toString('utf8', valueStart + 4, valueStart + size - 1);
    case 0x07:
      return new ObjectId(Uint8Array.prototype.slice.call(b, valueStart, valueStart + 12));
    case 0x08:
      return b[valueStart] === 1;
    case 0x09:
      return new Date(b.readInt32LE(valueStart + 4) * 0x1_0000_0000 + b.readUInt32LE(valueStart));
    case 0x0a:
      return null;
    case 0x10:
      return b.readInt32LE(valueStart);
    default: {
      // Anything else (sub-documents, arrays, int64, decimals...) through bson itself, from a copy
      // of the one element, so that nothing decoded is a view of the stored bytes.
      const element = valueStart + size - elementStart;
      const one = Buffer.allocUnsafe(4 + element + 1);
      one.writeInt32LE(one.length, 0);
      b.copy(one, 4, elementStart, valueStart + size);
      one[one.length - 1] = 0;
      const doc = BSON.deserialize(one, DESERIALIZE_OPTIONS);
      for (const key in doc) return doc[key];
      return undefined;
    }
  }
}
