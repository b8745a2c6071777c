/**
 * Checkpoints: the whole store as one file, a plain concatenation of BSON documents:
 *
 *   { format, version, savedAt, lsn }                  header (lsn: last journal record included)
 *   { type: 'collection', db, name, options, uuid, indexes, count }
 *   <count documents>                                  as stored
 *   ... more collections ...
 *   { type: 'end', collections, documents }            trailer (detects truncation)
 *
 * One BSON document per stored document keeps every piece under the 16 MB BSON
 * limit however large the database grows. A checkpoint is captured in one
 * synchronous step (stored documents are immutable, so it holds references, not
 * copies) and then serialized a slice at a time, yielding to the event loop
 * between slices, into `<file>.tmp`: fsync, rename, fsync of the directory.
 * Version 1 files (before the journal) have no lsn and load as lsn 0.
 */
import { BSON, type Binary } from 'bson';
import { normalizeIndexSpec } from './indexes.js';
import { errnoOf, type StorageFs } from './storage-fs.js';
import type { Store } from './store.js';
import { bsonTypeOf, isPlainObject, type Doc } from './values.js';
import { deserializeStored } from './wire.js';

const FORMAT = 'kesh-embedded-mongo';
const VERSION = 2;
/** How long one slice of serialization may hold the event loop. */
const SLICE_MS = 8;

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

export interface CheckpointCapture {
  lsn: number;
  head: Buffer[];
  collections: Array<{ header: Buffer; docs: Doc[] }>;
  trailer: Buffer;
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
    collections.push({ header, docs: [...coll.docs.values()] });
    documents += coll.size;
  }
  return {
    lsn,
    head: [toBuffer({ format: FORMAT, version: VERSION, savedAt: new Date(), lsn })],
    collections,
    trailer: toBuffer({ type: 'end', collections: collections.length, documents }),
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The checkpoint's bytes, serialized in slices of at most ~SLICE_MS each. */
export async function* checkpointBytes(capture: CheckpointCapture): AsyncGenerator<Buffer> {
  yield Buffer.concat(capture.head);
  for (const { header, docs } of capture.collections) {
    yield header;
    let i = 0;
    while (i < docs.length) {
      const started = performance.now();
      const slice: Buffer[] = [];
      while (i < docs.length && performance.now() - started < SLICE_MS) {
        for (const end = Math.min(i + 64, docs.length); i < end; i++) slice.push(toBuffer(docs[i] as Doc));
      }
      yield Buffer.concat(slice);
      await nextTurn();
    }
  }
  yield capture.trailer;
}

/**
 * Loads a checkpoint into an empty store and returns the last journal LSN it includes.
 * A missing file is an empty database at LSN 0. `strings` shares repeated strings (see compactDecoded).
 */
export async function loadCheckpoint(
  fs: StorageFs,
  store: Store,
  file: string,
  strings = new Map<string, string>(),
): Promise<number> {
  let buf: Buffer;
  try {
    buf = await fs.readFile(file);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return 0;
    throw err;
  }
  let offset = 0;
  const next = (what: string): Doc => {
    if (offset + 5 > buf.length) throw new CorruptDataFileError(file, `unexpected end of file while reading ${what}`);
    const size = buf.readInt32LE(offset);
    if (size < 5 || offset + size > buf.length || buf[offset + size - 1] !== 0) {
      throw new CorruptDataFileError(file, `invalid document length at byte ${offset}`);
    }
    try {
      const doc = deserializeStored(buf.subarray(offset, offset + size), strings);
      offset += size;
      return doc;
    } catch (err) {
      throw new CorruptDataFileError(file, `unreadable ${what} at byte ${offset}: ${(err as Error).message}`);
    }
  };

  const header = next('header');
  if (header.format !== FORMAT) throw new CorruptDataFileError(file, 'not an embedded database file');
  if (header.version !== 1 && header.version !== VERSION)
    throw new CorruptDataFileError(file, `unsupported format version ${String(header.version)}`);
  const lsn = header.version === 1 ? 0 : Number(header.lsn);
  if (!Number.isSafeInteger(lsn) || lsn < 0) throw new CorruptDataFileError(file, 'malformed header');
  let collections = 0;
  let documents = 0;
  for (;;) {
    const entry = next('collection header');
    if (entry.type === 'end') {
      if (entry.collections !== collections || entry.documents !== documents) {
        throw new CorruptDataFileError(file, 'trailer counts do not match the contents');
      }
      break;
    }
    if (entry.type !== 'collection' || typeof entry.db !== 'string' || typeof entry.name !== 'string') {
      throw new CorruptDataFileError(file, `unexpected entry at byte ${offset}`);
    }
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
      for (let i = 0; i < count; i++) coll.insert(next(`document ${i + 1} of ${entry.db}.${entry.name}`));
    } catch (err) {
      if (err instanceof CorruptDataFileError) throw err;
      throw new CorruptDataFileError(file, `cannot restore ${entry.db}.${entry.name}: ${(err as Error).message}`);
    }
    collections++;
    documents += count;
  }
  if (offset !== buf.length) throw new CorruptDataFileError(file, 'trailing bytes after the end marker');
  return lsn;
}
