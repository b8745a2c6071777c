import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptDataFileError, loadCheckpoint } from './checkpoint.js';
import { CHECKPOINT_FILE } from './durability.js';
import { startEmbeddedEngine } from '../index.js';
import { realFs } from '../storage/storage-fs.js';
import { Store } from '../storage/store.js';
import type { CheckpointFile } from '../storage/stored.js';
import { externalUri } from '../../test/testing.js';

const DB = 'checkpoint_bytes_test';
/** Smaller than some documents (they make the window grow) and than the keys' parts. */
const WINDOW = 4096;

const openFiles = () => readdirSync('/proc/self/fd').length;

/** Every collection's documents in their stored order, and every index's entries. */
function contents(store: Store): unknown {
  return store.allCollections().map((coll) => ({
    ns: coll.ns,
    docs: [...coll.docs],
    indexes: [coll.idIndex, ...coll.secondaryIndexes()].map((idx) => ({
      name: idx.spec.name,
      entries: [...(idx.tree?.keys() ?? [])],
      multikey: idx.multikey,
    })),
  }));
}

async function load(file: string, fromFile: boolean): Promise<{ store: Store; documents?: CheckpointFile }> {
  const store = new Store();
  store.beginBulkLoad();
  // Any file system but the real one gives the whole file as one buffer, as a backup's check does.
  const fs = fromFile ? realFs : { ...realFs, readFile: (f: string) => readFile(f) };
  const loaded = await loadCheckpoint(fs, store, file, new Map(), WINDOW);
  store.finishBulkLoad();
  return { store, documents: loaded.documentsFile };
}

// Start-up reads the checkpoint file a window at a time: the same store as from the whole file in memory.
describe.skipIf(externalUri !== undefined)('a checkpoint read a window at a time', () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'checkpoint-bytes-'));
    file = path.join(dir, CHECKPOINT_FILE);
    const engine = await startEmbeddedEngine({ dataDir: dir });
    const client = new MongoClient(`${engine.uri}/${DB}?directConnection=true`);
    try {
      const orders = client.db(DB).collection<{ _id: string | ObjectId }>('orders');
      await orders.createIndex({ status: 1, createdAt: -1 });
      await orders.createIndex({ tags: 1 });
      await orders.insertMany(
        Array.from({ length: 600 }, (_, n) => ({
          _id: n % 5 === 0 ? `text-${n}` : new ObjectId(),
          status: ['paid', 'shipped', 'delivered'][n % 3],
          createdAt: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000),
          tags: [`t${n % 7}`, `u${n % 11}`],
          // Some documents larger than the window, most smaller, none aligned with it.
          note: 'x'.repeat(n % 50 === 0 ? 3 * WINDOW : (n * 37) % 900),
        })),
      );
      await client
        .db(DB)
        .collection('users')
        .insertMany(Array.from({ length: 50 }, (_, n) => ({ n })));
    } finally {
      await client.close();
      await engine.stop();
    }
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the same documents and indexes as from the whole file, and keeps reading them from the file', async () => {
    const before = openFiles();
    const windowed = await load(file, true);
    const whole = await load(file, false);
    expect(whole.documents).toBeUndefined();
    expect(contents(windowed.store)).toEqual(contents(whole.store));
    // The file stays open for the documents' reads (the durability layer closes it with the engine).
    expect(openFiles()).toBe(before + 1);
    windowed.documents!.close();
  });

  it('refuses a file with one damaged byte, and leaves no file open', async () => {
    const bytes = await readFile(file);
    // A byte inside a document's string: only the crc32 can tell.
    const at = bytes.indexOf('x'.repeat(100), bytes.length / 2);
    bytes[at] = 'y'.charCodeAt(0);
    await writeFile(file, bytes);
    const before = openFiles();
    const failed = await load(file, true).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(CorruptDataFileError);
    expect((failed as Error).message).toContain('its checksum does not match its contents');
    expect(openFiles()).toBe(before);
  });

  it('refuses a file cut short', async () => {
    const bytes = await readFile(file);
    await writeFile(file, bytes.subarray(0, bytes.length - 3 * WINDOW));
    const failed = await load(file, true).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(CorruptDataFileError);
  });
});
