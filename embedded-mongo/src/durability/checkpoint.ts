/**
 * Checkpoints: the whole store as one file, a plain concatenation of BSON documents:
 *
 *   { format, version, savedAt, lsn }                  header (lsn: last journal record included)
 *   { type: 'collection', db, name, options, uuid, indexes, count }
 *   <count documents>                                  as stored
 *   { type: 'order', index, ordinals,                  format 3, per ordered index (_id_ too), in
 *     keys, multikey }                                 parts of ≤ 1 M entries: see below
 *   ... more collections ...
 *   { type: 'end', collections, documents, crc32 }     trailer (detects truncation; crc32 of all
 *                                                      the bytes before it, format 4)
 *
 * One BSON document per stored document keeps every piece under the 16 MB BSON
 * limit however large the database grows. A checkpoint is captured in one
 * synchronous step (stored documents are immutable, so it holds references, not
 * copies) and then serialized a slice at a time, yielding to the event loop
 * between slices, into `<file>.tmp`: fsync, rename, fsync of the directory.
 * Version 1 files (before the journal) have no lsn and load as lsn 0.
 *
 * Format 3 adds each index's order, so that start-up need not sort millions of keys: `ordinals`
 * (int32 little-endian) gives, for each entry of the index in its order, the position of its
 * document among the collection's documents in this file. Loading puts each document's keys where
 * the order says and checks every key against its neighbour; an order that does not fit is not
 * used (the index is sorted as for formats 1 and 2), so it can cost time but never change an answer.
 *
 * Format 4 adds each index's keys beside their positions (`keys`, saved-keys.ts: the entries' values
 * in the index's order) and whether it is multikey, and a crc32 of the file in the trailer. A file
 * whose crc32 matches is the one this engine wrote, so start-up takes the keys and their order as
 * they are: no document is decoded, no key computed or compared (the documents stay bytes until
 * read, see stored.ts). Only the header's KEY_FORMAT must match too; otherwise the file loads as
 * format 3 does. A damaged file still refuses the start, by its crc32 instead of by decoding.
 */
import { crc32 } from 'node:zlib';
import { Binary, BSON } from 'bson';
import {
  entryId,
  normalizeIndexSpec,
  type IndexEntry,
  type SavedKeys,
  type SavedOrders,
  type SavedPart,
} from '../storage/indexes.js';
import { int32s, KeyWriter, SharedKeyValues } from '../storage/saved-keys.js';
import { errnoOf, realFs, type StorageFs } from '../storage/storage-fs.js';
import type { Store } from '../storage/store.js';
import {
  decodeAt,
  decodeFields,
  type CheckpointFile,
  type StoredDocuments,
  type StoredValue,
} from '../storage/stored.js';
import { CheckpointBytes } from './checkpoint-bytes.js';
import { bsonTypeOf, isPlainObject, type Doc } from '../values/values.js';
import { deserializeStored } from '../values/decode.js';

const FORMAT = 'kesh-embedded-mongo';
const VERSION = 4;
/** Entries per `order` part: 4 MB, well under BSON's 16 MB. */
const ORDER_PART = 1 << 20;
/** Bytes of saved keys per `order` part (format 4), for the same reason. */
const KEYS_PART = 4 << 20;
/**
 * What the saved keys of format 4 depend on besides the file: how keys are computed and compared
 * (bump the number when indexes.ts or values.ts change either) and ICU's collation of strings. A file
 * saved under another is loaded as format 3 (keys computed from the documents, the order checked)
 * and written again.
 */
export const KEY_FORMAT = `1 icu ${process.versions.icu ?? 'none'}`;
/** How long one slice of serialization may hold the event loop. */
const SLICE_MS = 8;
/**
 * Bytes of documents per slice, whatever the clock says: a document kept as bytes costs almost
 * nothing to take, so 8 ms of taking gathered ~60 MB, and the copy and crc32 of that slice after
 * the clock was read held the loop 40-180 ms at 100,000 orders (measured). 1 MB is ~1 ms of both.
 */
export const SLICE_BYTES = 1 << 20;
/** Ids entered into the id -> position table between two turns of the event loop. */
export const POSITION_SLICE = 16_384;

export class CorruptDataFileError extends Error {
  readonly file: string;
  constructor(file: string, reason: string) {
    super(
      `Embedded database file "${file}" is corrupt (${reason}). Refusing to start so the data is not overwritten; ` +
        'move the file away or restore a backup.',
    );
    this.name = 'CorruptDataFileError';
    this.file = file;
  }
}

function toBuffer(doc: Doc): Buffer {
  const bytes = BSON.serialize(doc);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** sorted-btree's copy-on-write clone of an index: O(1) to take, unchanged by later writes. */
interface OrderedKeys {
  keys(): IterableIterator<IndexEntry>;
  readonly size: number;
}

export interface CheckpointCapture {
  lsn: number;
  head: Buffer[];
  collections: Array<{
    header: Buffer;
    ids: string[];
    docs: StoredValue[];
    stored: StoredDocuments;
    orders: Array<{ name: string; tree: OrderedKeys; multikey: boolean }>;
  }>;
  documents: number;
}

/** Takes the store's state at this instant (cheap: references to immutable documents). */
export function captureCheckpoint(store: Store, lsn: number): CheckpointCapture {
  const collections: CheckpointCapture['collections'] = [];
  let documents = 0;
  for (const coll of store.allCollections()) {
    const header = toBuffer({
      type: 'collection',
      db: coll.db,
      name: coll.name,
      options: coll.options,
      uuid: coll.uuid,
      indexes: coll.indexSpecs().slice(1),
      count: coll.size,
    });
    const orders: CheckpointCapture['collections'][number]['orders'] = [];
    for (const idx of [coll.idIndex, ...coll.secondaryIndexes()]) {
      if (idx.tree) orders.push({ name: idx.spec.name, tree: idx.tree.clone(), multikey: idx.multikey });
    }
    // Two array copies are ~5 ms at 250,000 documents; an [id, value] pair per document was 15-110 ms.
    const ids = Array.from(coll.docs.keys());
    const docs = Array.from(coll.docs.rawValues());
    collections.push({ header, ids, docs, stored: coll.docs, orders });
    documents += coll.size;
  }
  return {
    lsn,
    head: [toBuffer({ format: FORMAT, version: VERSION, savedAt: new Date(), lsn, keys: KEY_FORMAT })],
    collections,
    documents,
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The checkpoint's bytes in slices of at most ~SLICE_MS each: documents kept as bytes since the
 * last start are copied, the others serialized.
 */
export async function* checkpointBytes(capture: CheckpointCapture): AsyncGenerator<Buffer> {
  let crc = 0;
  for await (const bytes of checkpointBody(capture)) {
    crc = crc32(bytes, crc);
    yield bytes;
  }
  yield toBuffer({ type: 'end', collections: capture.collections.length, documents: capture.documents, crc32: crc });
}

async function* checkpointBody(capture: CheckpointCapture): AsyncGenerator<Buffer> {
  yield Buffer.concat(capture.head);
  for (const { header, ids, docs, stored, orders } of capture.collections) {
    yield header;
    let i = 0;
    while (i < docs.length) {
      const started = performance.now();
      const slice: Buffer[] = [];
      let bytes = 0;
      while (i < docs.length && bytes < SLICE_BYTES && performance.now() - started < SLICE_MS) {
        for (const end = Math.min(i + 64, docs.length); i < end && bytes < SLICE_BYTES; i++) {
          const doc = stored.bytesOf(docs[i]!);
          slice.push(doc);
          bytes += doc.length;
        }
      }
      yield Buffer.concat(slice, bytes);
      await nextTurn();
    }
    if (orders.length > 0) yield* orderParts(ids, orders);
  }
}

/** The `order` entries of one collection, a slice of ~SLICE_MS at a time. */
async function* orderParts(
  ids: string[],
  orders: CheckpointCapture['collections'][number]['orders'],
): AsyncGenerator<Buffer> {
  const position = new Map<string, number>();
  for (let i = 0; i < ids.length;) {
    for (const end = Math.min(i + POSITION_SLICE, ids.length); i < end; i++) position.set(ids[i]!, i);
    await nextTurn();
  }
  const keys = new KeyWriter();
  for (const { name, tree, multikey } of orders) {
    const entries = tree.keys();
    // An empty index writes one empty part: "saved, no keys" (not "created after the checkpoint").
    for (let done = 0, first = true; first || done < tree.size; first = false) {
      const ordinals = Buffer.allocUnsafe(4 * Math.min(ORDER_PART, tree.size - done));
      let at = 0;
      while (at < ordinals.length && keys.length < KEYS_PART) {
        const started = performance.now();
        while (at < ordinals.length && keys.length < KEYS_PART && performance.now() - started < SLICE_MS) {
          for (const end = Math.min(at + 4096, ordinals.length); at < end && keys.length < KEYS_PART; at += 4) {
            const entry = entries.next();
            const found = entry.done ? undefined : position.get(entryId(entry.value));
            // The clone was taken with the documents, so this cannot happen; a checkpoint that did would be wrong.
            if (found === undefined) throw new Error(`index ${name} does not match the documents it indexes`);
            ordinals.writeInt32LE(found, at);
            keys.write(entry.value, entry.value.length - 1);
          }
        }
        await nextTurn();
      }
      done += at / 4;
      yield toBuffer({
        type: 'order',
        index: name,
        ordinals: new Binary(ordinals.subarray(0, at)),
        keys: new Binary(keys.take()),
        multikey,
      });
    }
  }
}

/** The last journal LSN a checkpoint includes, and its format (0: no file). */
export interface LoadedCheckpoint {
  lsn: number;
  version: number;
  /** Format 4 saved under today's KEY_FORMAT: its keys are used as they are. */
  keysTrusted: boolean;
  /**
   * The file the loaded documents are read from (the caller closes it), when it was read from the
   * real file system; otherwise they stay in the buffer the injected one gave.
   */
  documentsFile?: CheckpointFile;
}

/** Whether a checkpoint of this format should be written again in today's. */
export function isOutdated(loaded: LoadedCheckpoint): boolean {
  return loaded.version !== 0 && (loaded.version < VERSION || !loaded.keysTrusted);
}

/**
 * Loads a checkpoint into an empty store (collections in bulk-load mode: see Store.beginBulkLoad).
 * A missing file is an empty database at LSN 0. The documents stay bytes (stored.ts): in the file,
 * read a window at a time (checkpoint-bytes.ts), or in the buffer an injected file system gave;
 * only their index fields are decoded, which checks each one's top level. `strings` shares
 * repeated strings of the headers (see compactDecoded).
 */
export async function loadCheckpoint(
  fs: StorageFs,
  store: Store,
  file: string,
  strings = new Map<string, string>(),
  window?: number,
): Promise<LoadedCheckpoint> {
  let bytes: CheckpointBytes;
  try {
    bytes = fs === realFs ? CheckpointBytes.open(file, window) : CheckpointBytes.of(await fs.readFile(file));
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return { lsn: 0, version: 0, keysTrusted: false };
    throw err;
  }
  try {
    const loaded = readCheckpoint(bytes, store, file, strings);
    bytes.release();
    return loaded;
  } catch (err) {
    bytes.close();
    throw err;
  }
}

function readCheckpoint(
  bytes: CheckpointBytes,
  store: Store,
  file: string,
  strings: Map<string, string>,
): LoadedCheckpoint {
  let offset = 0;
  // Shared by every index's saved keys, wherever they are read (see Store.loadedKeyValues).
  const keyValues = (store.loadedKeyValues ??= new SharedKeyValues());
  /** The size of the BSON document at `offset`, checked against the file, and the whole of it readable. */
  const sizeAt = (what: string): number => {
    if (!bytes.has(offset, 5)) throw new CorruptDataFileError(file, `unexpected end of file while reading ${what}`);
    const size = bytes.buf.readInt32LE(offset - bytes.base);
    if (size < 5 || !bytes.has(offset, size) || bytes.buf[offset - bytes.base + size - 1] !== 0) {
      throw new CorruptDataFileError(file, `invalid document length at byte ${offset}`);
    }
    return size;
  };
  const next = (what: string): Doc => {
    const size = sizeAt(what);
    try {
      const at = offset - bytes.base;
      const doc = deserializeStored(bytes.buf.subarray(at, at + size), strings);
      offset += size;
      return doc;
    } catch (err) {
      throw new CorruptDataFileError(file, `unreadable ${what} at byte ${offset}: ${(err as Error).message}`);
    }
  };
  const header = next('header');
  if (header.format !== FORMAT) throw new CorruptDataFileError(file, 'not an embedded database file');
  const version = header.version;
  if (version !== 1 && version !== 2 && version !== 3 && version !== VERSION)
    throw new CorruptDataFileError(file, `unsupported format version ${String(version)}`);
  const lsn = version === 1 ? 0 : Number(header.lsn);
  if (!Number.isSafeInteger(lsn) || lsn < 0) throw new CorruptDataFileError(file, 'malformed header');
  // Format 4's crc32 (checked at the trailer, before any index is built) stands for decoding each
  // document to check it: its documents stay undecoded until read.
  const checksummed = version === VERSION;
  const keysTrusted = checksummed && header.keys === KEY_FORMAT;
  const documentsFile = bytes.documents;
  let collections = 0;
  let documents = 0;
  let trailerAt = offset;
  let entry = next('collection header');
  for (;;) {
    if (entry.type === 'end') {
      if (entry.collections !== collections || entry.documents !== documents) {
        throw new CorruptDataFileError(file, 'trailer counts do not match the contents');
      }
      if (checksummed && entry.crc32 !== bytes.crcBefore(trailerAt)) {
        throw new CorruptDataFileError(file, 'its checksum does not match its contents');
      }
      break;
    }
    if (entry.type !== 'collection' || typeof entry.db !== 'string' || typeof entry.name !== 'string') {
      throw new CorruptDataFileError(file, `unexpected entry at byte ${offset}`);
    }
    const ns = `${entry.db}.${entry.name}`;
    const count = typeof entry.count === 'number' ? entry.count : -1;
    if (count < 0 || !Array.isArray(entry.indexes)) throw new CorruptDataFileError(file, 'malformed collection header');
    try {
      const uuid = bsonTypeOf(entry.uuid) === 'Binary' ? (entry.uuid as Binary) : undefined;
      const coll = store.createCollection(
        entry.db,
        entry.name,
        isPlainObject(entry.options) ? entry.options : {},
        uuid,
      );
      for (const spec of entry.indexes) coll.createIndex(normalizeIndexSpec(spec));
      const saved: SavedOrders = {
        docs: new Array<Doc | undefined>(count),
        ids: new Array<string>(count),
        orders: new Map(),
        keys: new Map(),
        keysTrusted,
        shared: keyValues,
      };
      const offsets = new Array<number>(count);
      const fields = checksummed ? undefined : coll.keyFields();
      const names = fields && [...fields].map((f) => Buffer.from(f, 'utf8'));
      for (let i = 0; i < count; i++) {
        const at = offset;
        offset += sizeAt(`document ${i + 1} of ${ns}`);
        const within = at - bytes.base;
        let keyed: Doc | undefined;
        try {
          if (!checksummed) keyed = names ? decodeFields(bytes.buf, within, names) : decodeAt(bytes.buf, within);
        } catch (err) {
          throw new CorruptDataFileError(
            file,
            `unreadable document ${i + 1} of ${ns} at byte ${at}: ${(err as Error).message}`,
          );
        }
        saved.ids[i] = coll.insertStored(bytes.buf, within, keyed, documentsFile ?? bytes.buf, at);
        saved.docs[i] = keyed;
        offsets[i] = at;
      }
      trailerAt = offset;
      entry = next('collection header');
      const parts = new Map<string, Buffer[]>();
      for (; entry.type === 'order'; trailerAt = offset, entry = next('collection header')) {
        const name = entry.index;
        if (typeof name !== 'string') throw new CorruptDataFileError(file, `malformed index order at byte ${offset}`);
        const ordinals = binaryOf(entry.ordinals);
        if (ordinals === undefined || ordinals.length % 4 !== 0) {
          throw new CorruptDataFileError(file, `malformed index order at byte ${offset}`);
        }
        if (!keysTrusted) {
          // Copied out of a window that will be read over.
          parts.set(name, [...(parts.get(name) ?? []), bytes.reused ? Buffer.from(ordinals) : ordinals]);
          continue;
        }
        const keys = binaryOf(entry.keys);
        if (keys === undefined) throw new CorruptDataFileError(file, `malformed index keys at byte ${offset}`);
        const savedKeys: SavedKeys = saved.keys.get(name) ?? {
          parts: [],
          multikey: entry.multikey === true,
          index: [coll.idIndex, ...coll.secondaryIndexes()].find((i) => i.spec.name === name),
        };
        // Not decoded here: finishBulkLoad reads them, or has the index read them when first used
        // (IndexRuntime.deferSavedKeys). From the file read over, the part is found again at its
        // offset; from a buffer, its bytes are views of it.
        savedKeys.parts.push(
          savedPart(ordinals.length / 4, file, documentsFile, trailerAt, bytes.reused ? undefined : { ordinals, keys }),
        );
        saved.keys.set(name, savedKeys);
      }
      for (const [name, chunks] of parts) saved.orders.set(name, int32s(Buffer.concat(chunks)));
      coll.restoreSavedOrders(saved, offsets, fields);
    } catch (err) {
      if (err instanceof CorruptDataFileError) throw err;
      throw new CorruptDataFileError(file, `cannot restore ${ns}: ${(err as Error).message}`);
    }
    collections++;
    documents += count;
  }
  if (offset !== bytes.size) throw new CorruptDataFileError(file, 'trailing bytes after the end marker');
  return { lsn, version, keysTrusted, documentsFile };
}

/**
 * One `order` entry's positions and keys, found again: `held` when the load's bytes stay in memory,
 * otherwise the entry at `offset` of the checkpoint file, read and decoded again (the file is the one
 * whose crc32 the load checked; a later checkpoint is written to another file and renamed over it).
 */
function savedPart(
  count: number,
  path: string,
  file: CheckpointFile | undefined,
  offset: number,
  held: { ordinals: Buffer; keys: Buffer } | undefined,
): SavedPart {
  if (held) return { count, read: () => held };
  if (!file) throw new Error('saved keys read over with no file to read them again from');
  return {
    count,
    read: () => {
      const entry = BSON.deserialize(file.read(offset), { promoteBuffers: false });
      const ordinals = binaryOf(entry.ordinals);
      const keys = binaryOf(entry.keys);
      if (ordinals === undefined || keys === undefined || ordinals.length !== count * 4) {
        throw new CorruptDataFileError(path, `index keys at byte ${offset} are not as loaded`);
      }
      return { ordinals, keys };
    },
  };
}

/** The bytes of a Binary value, as a Buffer (no copy), or undefined for anything else. */
function binaryOf(value: unknown): Buffer | undefined {
  if (bsonTypeOf(value) !== 'Binary') return undefined;
  const bytes = (value as Binary).buffer.subarray(0, (value as Binary).position);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}
