import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BSON, ObjectId } from 'bson';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureCheckpoint, checkpointBytes, loadCheckpoint, SLICE_BYTES } from './checkpoint.js';
import { entryId, normalizeIndexSpec } from '../storage/indexes.js';
import { realFs } from '../storage/storage-fs.js';
import { Store } from '../storage/store.js';

const ORDERS = 5000;
/** ~650 bytes per order: 3.2 MB of documents, more than three slices' worth. */
const NOTE = 'x'.repeat(600);

function shop(): Store {
  const store = new Store();
  const orders = store.createCollection('shop', 'orders');
  orders.createIndex(normalizeIndexSpec({ key: { placed: -1 }, name: 'placed_-1' }));
  for (let i = 0; i < ORDERS; i++)
    orders.insert({ _id: new ObjectId(), placed: new Date(1_700_000_000_000 + i), n: i, note: NOTE });
  return store;
}

/** The checkpoint's parts, and how many turns the event loop made while they were produced. */
async function writeInParts(store: Store): Promise<{ parts: Buffer[]; turns: number }> {
  let turns = 0;
  let done = false;
  const tick = () => {
    turns += 1;
    if (!done) setImmediate(tick);
  };
  setImmediate(tick);
  const parts: Buffer[] = [];
  for await (const part of checkpointBytes(captureCheckpoint(store, 7))) parts.push(part);
  done = true;
  return { parts, turns };
}

/** The documents a part holds (a part is whole BSON documents end to end). */
function documentsOf(part: Buffer): Array<Record<string, unknown>> {
  const docs = [];
  for (let at = 0; at < part.length; at += part.readInt32LE(at)) {
    docs.push(BSON.deserialize(part.subarray(at, at + part.readInt32LE(at))));
  }
  return docs;
}

describe('a checkpoint written in slices', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'checkpoint-slices-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('copies at most SLICE_BYTES of documents per slice and lets the event loop turn between slices', async () => {
    const { parts, turns } = await writeInParts(shop());
    const documentParts = parts.filter((part) => documentsOf(part).every((doc) => 'note' in doc));
    const documentBytes = documentParts.reduce((sum, part) => sum + part.length, 0);
    expect(documentParts.map((part) => documentsOf(part).length).reduce((a, b) => a + b, 0)).toBe(ORDERS);
    for (const part of documentParts) expect(part.length).toBeLessThanOrEqual(SLICE_BYTES + 1024);
    expect(documentParts.length).toBeGreaterThanOrEqual(Math.ceil(documentBytes / (SLICE_BYTES + 1024)));
    expect(turns).toBeGreaterThanOrEqual(documentParts.length);
  });

  it('restores the same documents and index order as the store it was taken from', async () => {
    const store = shop();
    const { parts } = await writeInParts(store);
    const file = path.join(dir, 'checkpoint.bson');
    await writeFile(file, Buffer.concat(parts));
    const restored = new Store();
    restored.beginBulkLoad();
    expect((await loadCheckpoint(realFs, restored, file)).lsn).toBe(7);
    restored.finishBulkLoad();
    const before = store.getCollection('shop', 'orders')!;
    const after = restored.getCollection('shop', 'orders')!;
    expect([...after.docs]).toEqual([...before.docs]);
    const order = (coll: typeof before) => [...coll.secondaryIndexes()[0]!.tree!.keys()].map(entryId);
    expect(order(after)).toEqual(order(before));
  });
});
