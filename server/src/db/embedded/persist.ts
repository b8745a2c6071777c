/**
 * Snapshot persistence. The file is a plain concatenation of BSON documents:
 *
 *   { format, version, savedAt }                       header
 *   { type: 'collection', db, name, options, uuid, indexes, count }
 *   <count documents>                                  as stored
 *   ... more collections ...
 *   { type: 'end', collections, documents }            trailer (detects truncation)
 *
 * One BSON document per stored document keeps every piece under the 16 MB BSON
 * limit however large the database grows. Saves write `<file>.tmp`, fsync it
 * and rename it over the real file, so a crash leaves either the old or the new
 * snapshot, never a mix.
 */
import { readFileSync } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { BSON, type Binary } from 'bson';
import { normalizeIndexSpec } from './indexes.js';
import type { Store } from './store.js';
import { bsonTypeOf, isPlainObject, type Doc } from './values.js';
import { DESERIALIZE_OPTIONS } from './wire.js';

const FORMAT = 'kesh-embedded-mongo';
const VERSION = 1;

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

/** Serializes the whole store synchronously, so the snapshot is consistent. */
export function snapshot(store: Store): Buffer[] {
  const parts: Buffer[] = [toBuffer({ format: FORMAT, version: VERSION, savedAt: new Date() })];
  let collections = 0;
  let documents = 0;
  for (const coll of store.allCollections()) {
    parts.push(
      toBuffer({
        type: 'collection',
        db: coll.db,
        name: coll.name,
        options: coll.options,
        uuid: coll.uuid,
        indexes: coll.indexSpecs().slice(1),
        count: coll.size,
      }),
    );
    for (const doc of coll.docs.values()) parts.push(toBuffer(doc));
    collections++;
    documents += coll.size;
  }
  parts.push(toBuffer({ type: 'end', collections, documents }));
  return parts;
}

export async function writeSnapshot(file: string, parts: Buffer[]): Promise<void> {
  const tmp = `${file}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writev(parts);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

/** Loads a snapshot into an empty store. A missing file is an empty database. */
export function loadSnapshot(store: Store, file: string): void {
  let buf: Buffer;
  try {
    buf = readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
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
      const doc = BSON.deserialize(buf.subarray(offset, offset + size), DESERIALIZE_OPTIONS);
      offset += size;
      return doc;
    } catch (err) {
      throw new CorruptDataFileError(file, `unreadable ${what} at byte ${offset}: ${(err as Error).message}`);
    }
  };

  const header = next('header');
  if (header.format !== FORMAT) throw new CorruptDataFileError(file, 'not an embedded database file');
  if (header.version !== VERSION)
    throw new CorruptDataFileError(file, `unsupported format version ${String(header.version)}`);
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
}

/**
 * Debounced background saving. Saves never overlap: a change during a save
 * schedules another one after it.
 */
export class Persistence {
  private readonly store: Store;
  private readonly file: string;
  private readonly delayMs: number;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private saving: Promise<void> = Promise.resolve();
  private lastSaveMs = 0;

  constructor(store: Store, file: string, delayMs = 200) {
    this.store = store;
    this.file = file;
    this.delayMs = delayMs;
  }

  markDirty(): void {
    this.dirty = true;
    // Under a steady stream of writes, waiting twice as long as the last save took keeps
    // snapshotting below roughly a third of the CPU however large the data grows.
    const delay = Math.max(this.delayMs, this.lastSaveMs * 2);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.save().catch((err: unknown) => {
        // Keep serving: the data is still in memory and the next change retries the save.
        console.error(`[embedded-db] saving ${this.file} failed`, err);
        this.dirty = true;
      });
    }, delay);
  }

  /** Writes a snapshot now (after any save in progress) and waits for it. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    await this.save();
  }

  /** Saves only if something changed since the last save. */
  async flushIfDirty(): Promise<void> {
    if (this.dirty || this.timer) await this.flush();
    else await this.saving.catch(() => undefined);
  }

  private save(): Promise<void> {
    const run = async (): Promise<void> => {
      this.dirty = false;
      const started = Date.now();
      // The snapshot is taken synchronously here, so it reflects a single point in time.
      await writeSnapshot(this.file, snapshot(this.store));
      this.lastSaveMs = Date.now() - started;
    };
    const next = this.saving.catch(() => undefined).then(run);
    this.saving = next;
    return next;
  }
}
