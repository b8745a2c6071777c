import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { Binary, BSON, MongoClient, ObjectId, UUID } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEY_FORMAT, loadCheckpoint } from './checkpoint.js';
import { CHECKPOINT_FILE, JOURNAL_DIR, replayJournal } from './durability.js';
import { buildDeferredIndexes, CorruptDataFileError, startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { IndexRuntime, entryId, type SavedOrders } from '../storage/indexes.js';
import { realFs } from '../storage/storage-fs.js';
import { KeyReader } from '../storage/saved-keys.js';
import { StoredDocuments } from '../storage/stored.js';
import { Store } from '../storage/store.js';
import { externalUri } from '../../test/testing.js';
import type { Doc } from '../values/values.js';

const DB = 'saved_order_test';

/**
 * Loads a data directory as start-up does, saying which indexes were sorted, which were loaded from
 * saved keys (format 4), and how many checkpoint documents were decoded (whole or index fields).
 */
async function loadAsStartUp(
  dataDir: string,
  deferSavedKeys = false,
): Promise<{ store: Store; sorted: string[]; fromKeys: string[]; decoded: number }> {
  const names = (spy: { mock: { contexts: unknown[] } }) => spy.mock.contexts.map((i) => (i as IndexRuntime).spec.name);
  const fields = vi.spyOn(StoredDocuments.prototype, 'fieldsOf');
  const whole = vi.spyOn(StoredDocuments.prototype, 'get');
  const rebuild = vi.spyOn(IndexRuntime.prototype, 'rebuild');
  const fromKeys = vi.spyOn(IndexRuntime.prototype, 'rebuildFromSavedKeys');
  try {
    const store = new Store();
    store.beginBulkLoad();
    const { lsn } = await loadCheckpoint(realFs, store, path.join(dataDir, CHECKPOINT_FILE));
    await replayJournal(realFs, store, path.join(dataDir, JOURNAL_DIR), lsn, false);
    store.finishBulkLoad(deferSavedKeys);
    const loaded = fromKeys.mock.contexts.filter((_, i) => fromKeys.mock.results[i]?.value === true);
    return {
      store,
      sorted: names(rebuild),
      fromKeys: names({ mock: { contexts: loaded } }),
      decoded: fields.mock.calls.length + whole.mock.calls.length,
    };
  } finally {
    for (const spy of [fields, whole, rebuild, fromKeys]) spy.mockRestore();
  }
}

/**
 * Rewrites a checkpoint file document by document (`edit` returns the document to write, several,
 * or undefined to drop it).
 */
async function rewriteCheckpoint(file: string, edit: (doc: Doc) => Doc | Doc[] | undefined): Promise<void> {
  const bytes = await readFile(file);
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += bytes.readInt32LE(at)) {
    const edited = edit(BSON.deserialize(bytes.subarray(at, at + bytes.readInt32LE(at)), { promoteValues: false }));
    for (const doc of Array.isArray(edited) ? edited : edited ? [edited] : []) {
      if (doc.type === 'end' && doc.crc32 !== undefined) doc.crc32 = crc32(Buffer.concat(out));
      out.push(Buffer.from(BSON.serialize(doc)));
    }
  }
  await writeFile(file, Buffer.concat(out));
}

/** A format-4 checkpoint file turned into the format-3 file main wrote before. */
const asFormat3 = (doc: Doc): Doc => {
  if (doc.format !== undefined) return { format: doc.format, version: 3, savedAt: doc.savedAt, lsn: doc.lsn };
  if (doc.type === 'order') return { type: 'order', index: doc.index, ordinals: doc.ordinals };
  if (doc.type === 'end') return { type: 'end', collections: doc.collections, documents: doc.documents };
  return doc;
};

/** Every index of the store against one built from scratch by sorting: same entries, same multikey flag. */
function expectSameAsSorted(store: Store): number {
  let compared = 0;
  for (const coll of store.allCollections()) {
    for (const idx of [coll.idIndex, ...coll.secondaryIndexes()]) {
      const fresh = new IndexRuntime(idx.spec);
      expect(fresh.rebuild(coll.docs)).toBeUndefined();
      expect({ name: idx.spec.name, entries: [...(idx.tree?.keys() ?? [])], multikey: idx.multikey }).toEqual({
        name: idx.spec.name,
        entries: [...(fresh.tree?.keys() ?? [])],
        multikey: fresh.multikey,
      });
      compared += 1;
    }
  }
  return compared;
}

async function headerVersion(file: string): Promise<unknown> {
  const bytes = await readFile(file);
  return BSON.deserialize(bytes.subarray(0, bytes.readInt32LE(0))).version;
}

describe.skipIf(externalUri !== undefined)('checkpoints that save each index (formats 3 and 4)', () => {
  let dir: string;
  const engines: EmbeddedEngine[] = [];
  const clients: MongoClient[] = [];
  /** Crash images of the test, removed after it. */
  const copies: string[] = [];

  async function open(dataDir: string) {
    const engine = await startEmbeddedEngine({ dataDir });
    engines.push(engine);
    const client = new MongoClient(`${engine.uri}/${DB}?directConnection=true&retryWrites=false`);
    clients.push(client);
    await client.connect();
    return { engine, orders: client.db(DB).collection('orders') };
  }

  /** What a kill -9 leaves: a copy of the directory without the lock, removed after the test. */
  async function crashImage(of = dir): Promise<string> {
    const copy = await mkdtemp(path.join(tmpdir(), 'saved-order-crash-'));
    copies.push(copy);
    await cp(of, copy, { recursive: true, filter: (src) => !src.endsWith('.lock') });
    return copy;
  }

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'saved-order-'));
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    for (const e of engines.splice(0)) await e.stop().catch(() => undefined);
    for (const copy of [dir, ...copies.splice(0)]) await rm(copy, { recursive: true, force: true });
  });

  const users = Array.from({ length: 9 }, () => new ObjectId());
  const order = (i: number) => ({
    ref: `R${i}`,
    userId: users[i % 9],
    status: ['Pending', 'Shipped', 'Delivered'][i % 3],
    createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 50))),
    searchKeys: i % 4 === 0 ? [] : [`k${i % 7}`, `k${i % 5}`, `k${i % 7}`],
    name: ['asha', 'Asha', 'BHAVIN', 'bhavin', 'chirag'][i % 5],
    ...(i % 6 === 0 ? { coupon: `C${i % 4}` } : {}),
    amount: (i % 13) * 100,
    lines: i % 5 === 0 ? [{ sku: 'oil' }, { sku: `s${i % 3}` }] : [{ sku: 'oil' }],
  });

  async function shopWithIndexes() {
    const first = await open(dir);
    const { orders } = first;
    await orders.createIndex({ ref: 1 }, { unique: true });
    await orders.createIndex({ userId: 1, createdAt: -1 });
    await orders.createIndex({ searchKeys: 1, status: 1, createdAt: -1 });
    await orders.createIndex({ name: 1 }, { collation: { locale: 'en', strength: 2 } });
    await orders.createIndex({ coupon: 1 }, { sparse: true });
    await orders.createIndex({ amount: -1 }, { partialFilterExpression: { amount: { $gt: 500 } } });
    await orders.createIndex({ 'lines.sku': 1 });
    await orders.insertMany(Array.from({ length: 400 }, (_, i) => order(i)));
    return first;
  }

  it('loads every index from its saved keys without decoding a document, exactly as sorting would build it', async () => {
    const { engine, orders } = await shopWithIndexes();
    await orders.insertOne({ ref: 'S', amount: -0, createdAt: new Date(0), name: 'ताजा', lines: [{ sku: 9n }] });
    await engine.flush();
    expect(await headerVersion(path.join(dir, CHECKPOINT_FILE))).toBe(4);
    const copy = await crashImage();
    const { store, sorted, fromKeys, decoded } = await loadAsStartUp(copy);
    expect({ sorted, decoded }).toEqual({ sorted: [], decoded: 0 });
    expect(fromKeys).toHaveLength(8); // _id_ and every ordered index (the sparse and partial ones too)
    expect(expectSameAsSorted(store)).toBe(8);
  });

  it("shares each Date and ObjectId of the saved keys across a load's indexes and collections, and answers as before", async () => {
    const { engine, orders } = await shopWithIndexes();
    const people = orders.db.collection('users');
    await people.createIndex({ createdAt: 1 });
    await people.insertMany(users.map((_id, i) => ({ _id, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })));
    const query = { status: 'Shipped', createdAt: { $gte: new Date(Date.UTC(2026, 0, 10)) } };
    const before = await orders.find(query).sort({ createdAt: -1, ref: 1 }).toArray();
    const byUser = await orders.find({ userId: users[4] }).sort({ createdAt: -1 }).toArray();
    await engine.flush();
    const copy = await crashImage();
    const { store, fromKeys } = await loadAsStartUp(copy);
    expect(fromKeys).toContain('createdAt_1');
    expect(expectSameAsSorted(store)).toBe(10);
    // An order's day is in three of its indexes and other orders' and users' keys (50 days for
    // 400 orders); a customer's id in the orders' index and the users' _id index.
    const seen = new Map<string, unknown>();
    let shared = 0;
    for (const coll of store.allCollections()) {
      for (const idx of [coll.idIndex, ...coll.secondaryIndexes()]) {
        for (const entry of idx.tree?.keys() ?? []) {
          for (const value of entry.slice(0, -1)) {
            if (!(value instanceof Date || value instanceof ObjectId)) continue;
            const key = value instanceof Date ? `d${value.getTime()}` : `o${value.toHexString()}`;
            const first = seen.get(key);
            if (first === undefined) seen.set(key, value);
            else {
              expect(value).toBe(first);
              shared += 1;
            }
          }
        }
      }
    }
    expect(shared).toBeGreaterThan(1000);
    await engine.stop();
    const again = await open(dir);
    expect(await again.orders.find(query).sort({ createdAt: -1, ref: 1 }).toArray()).toEqual(before);
    expect(await again.orders.find({ userId: users[4] }).sort({ createdAt: -1 }).toArray()).toEqual(byUser);
    expect(before.length).toBeGreaterThan(50);
  });

  it('reads saved keys of several parts as one index, and no part after one that does not parse', async () => {
    const { engine } = await shopWithIndexes();
    await engine.flush();
    const bytesOf = (b: Binary): Buffer => Buffer.from(b.buffer.subarray(0, b.position));
    /** An index's one `order` entry split in two parts after its 150th key (`damage`: the first part's keys unreadable). */
    const split =
      (index: string, damage: boolean) =>
      (doc: Doc): Doc | Doc[] => {
        if (doc.type !== 'order' || doc.index !== index) return doc;
        const keys = bytesOf(doc.keys as Binary);
        const reader = new KeyReader(keys);
        for (let i = 0; i < 150; i++) reader.next(1);
        const cut = (reader as unknown as { at: number }).at;
        const ordinals = bytesOf(doc.ordinals as Binary);
        const part = (from: number, to: number | undefined, bytes: Buffer): Doc => ({
          ...doc,
          ordinals: new Binary(ordinals.subarray(from * 4, to === undefined ? undefined : to * 4)),
          keys: new Binary(bytes),
        });
        return [
          part(0, 150, damage ? Buffer.from([42]) : keys.subarray(0, cut)),
          part(150, undefined, keys.subarray(cut)),
        ];
      };
    // Keys decoded by the load: with the first part damaged, one (its first), none of the second.
    const decoded: Record<string, number> = {};
    let refEntries = 0;
    for (const damage of [false, true]) {
      const copy = await crashImage();
      await rewriteCheckpoint(path.join(copy, CHECKPOINT_FILE), split('ref_1', damage));
      const read = vi.spyOn(KeyReader.prototype, 'next');
      const { store, sorted, fromKeys } = await loadAsStartUp(copy);
      decoded[String(damage)] = read.mock.calls.length;
      read.mockRestore();
      expect({ sorted, refFromKeys: fromKeys.includes('ref_1') }).toEqual(
        damage ? { sorted: ['ref_1'], refFromKeys: false } : { sorted: [], refFromKeys: true },
      );
      if (!damage)
        refEntries = store
          .getCollection(DB, 'orders')!
          .secondaryIndexes()
          .find((i) => i.spec.name === 'ref_1')!.size;
      expect(expectSameAsSorted(store)).toBe(8);
    }
    expect(refEntries).toBeGreaterThan(150);
    expect(decoded.true).toBe(decoded.false! - refEntries + 1);
  });

  it('opens a format-3 checkpoint (the saved order checked against keys from the documents) and writes format 4', async () => {
    const { engine, orders } = await shopWithIndexes();
    await engine.flush();
    const copy = await crashImage();
    await rewriteCheckpoint(path.join(copy, CHECKPOINT_FILE), asFormat3);
    const order3 = vi.spyOn(IndexRuntime.prototype, 'rebuildInSavedOrder');
    const { store, sorted, fromKeys } = await loadAsStartUp(copy);
    expect({ sorted, fromKeys, inOrder: order3.mock.calls.length }).toEqual({
      sorted: [],
      fromKeys: [],
      inOrder: 8,
    });
    order3.mockRestore();
    expect(expectSameAsSorted(store)).toBe(8);
    await orders.countDocuments(); // the first engine is still open on `dir`; the copy is opened now
    const reopened = await open(copy);
    expect(await reopened.orders.countDocuments()).toBe(400);
    await reopened.engine.flush();
    expect(await headerVersion(path.join(copy, CHECKPOINT_FILE))).toBe(4);
  });

  it('does not take saved keys computed under another key format (an engine or ICU upgrade), and saves them again', async () => {
    const { engine } = await shopWithIndexes();
    await engine.flush();
    const copy = await crashImage();
    await rewriteCheckpoint(path.join(copy, CHECKPOINT_FILE), (doc) =>
      doc.format !== undefined ? { ...doc, keys: `0 ${KEY_FORMAT}` } : doc,
    );
    const { store, sorted, fromKeys } = await loadAsStartUp(copy);
    expect({ sorted, fromKeys }).toEqual({ sorted: [], fromKeys: [] });
    expect(expectSameAsSorted(store)).toBe(8);
    const reopened = await open(copy);
    await reopened.engine.flush();
    const header = await readFile(path.join(copy, CHECKPOINT_FILE));
    expect(BSON.deserialize(header.subarray(0, header.readInt32LE(0))).keys).toBe(KEY_FORMAT);
  });

  it('refuses to start from a format-4 checkpoint with a damaged byte, in a document or in the saved keys', async () => {
    const { engine } = await shopWithIndexes();
    await engine.flush();
    const bytes = await readFile(path.join(dir, CHECKPOINT_FILE));
    const inDocument = bytes.indexOf('R123');
    const inKeys = bytes.lastIndexOf('k3');
    expect(inDocument).toBeGreaterThan(0);
    expect(inKeys).toBeGreaterThan(inDocument);
    for (const at of [inDocument + 1, inKeys + 1]) {
      const copy = await crashImage();
      const damaged = Buffer.from(bytes);
      damaged[at] = 0x39; // one character of a string: every framing still holds
      await writeFile(path.join(copy, CHECKPOINT_FILE), damaged);
      await expect(startEmbeddedEngine({ dataDir: copy })).rejects.toThrow(CorruptDataFileError);
      await expect(startEmbeddedEngine({ dataDir: copy })).rejects.toThrow(/checksum/);
    }
  });

  it('builds every index from the saved order, exactly as sorting would, also under a replayed journal', async () => {
    const { engine, orders } = await shopWithIndexes();
    await engine.flush(); // a format-4 checkpoint; what follows is only in the journal
    expect(await headerVersion(path.join(dir, CHECKPOINT_FILE))).toBe(4);
    await orders.insertMany(Array.from({ length: 120 }, (_, i) => order(400 + i)));
    await orders.updateMany(
      { ref: { $in: ['R3', 'R8', 'R401', 'R77'] } },
      { $set: { searchKeys: ['moved', 'k1'], status: 'Cancelled', name: 'ASHA' } },
    );
    await orders.deleteMany({ ref: { $in: ['R5', 'R402', 'R200'] } });
    await orders.createIndex({ status: 1, amount: 1 }); // after the checkpoint: no saved order
    await orders.dropIndex('coupon_1'); // and again under its name over another field: saved keys not its own
    await orders.createIndex({ amount: 1 }, { name: 'coupon_1' });
    const copy = await crashImage();
    const { store, sorted, fromKeys } = await loadAsStartUp(copy);
    expect(sorted).toEqual(['status_1_amount_1', 'coupon_1']);
    expect(fromKeys).toHaveLength(7);
    expect(store.getCollection(DB, 'orders')?.size).toBe(517);
    expect(expectSameAsSorted(store)).toBe(9);
  });

  /** The names of a store's indexes whose saved keys are still to be read, by collection. */
  const deferredNames = (store: Store) =>
    store.deferredIndexes().map((i) => {
      const coll = store.allCollections().find((c) => c.idIndex === i || c.secondaryIndexes().includes(i))!;
      return `${coll.name}.${i.spec.name}`;
    });

  describe('saved keys deferred to their first use (how the engine starts)', () => {
    it('reads no key at load, and builds each index at its first use exactly as sorting would', async () => {
      const { engine } = await shopWithIndexes();
      await engine.flush();
      const copy = await crashImage();
      const decoded = vi.spyOn(KeyReader.prototype, 'next');
      try {
        const { store, sorted, fromKeys } = await loadAsStartUp(copy, true);
        expect({ sorted, fromKeys, keysDecoded: decoded.mock.calls.length }).toEqual({
          sorted: [],
          fromKeys: [],
          keysDecoded: 0,
        });
        expect(deferredNames(store)).toHaveLength(8);
        const ref = store
          .getCollection(DB, 'orders')!
          .secondaryIndexes()
          .find((i) => i.spec.name === 'ref_1')!;
        expect({ size: ref.size, multikey: ref.multikey, deferred: ref.isDeferred }).toEqual({
          size: 400,
          multikey: false,
          deferred: true,
        });
        const search = store
          .getCollection(DB, 'orders')!
          .secondaryIndexes()
          .find((i) => i.spec.name.startsWith('search'))!;
        expect(search.multikey).toBe(true); // known before its keys are read: the planner asks
        expect(expectSameAsSorted(store)).toBe(8);
        expect(deferredNames(store)).toEqual([]);
        expect(store.loadedKeyValues).toBeDefined(); // only the background build lets them go
      } finally {
        decoded.mockRestore();
      }
    });

    it('reads the saved keys before any write to the collection, so writes leave every index right', async () => {
      const { engine } = await shopWithIndexes();
      await engine.flush();
      const copy = await crashImage();
      const { store } = await loadAsStartUp(copy, true);
      const orders = store.getCollection(DB, 'orders')!;
      // A unique index's saved keys refuse a duplicate before anything is read otherwise.
      expect(() => orders.insert({ _id: new ObjectId(), ...order(7) })).toThrow(/E11000.*ref_1.*R7/);
      // Refused at ref_1, before any other index of the collection was touched: those wait still.
      expect(deferredNames(store).filter((n) => n.startsWith('orders.'))).toHaveLength(7);
      expect(deferredNames(store)).not.toContain('orders.ref_1');
      const again = await loadAsStartUp(await crashImage(), true);
      const coll = again.store.getCollection(DB, 'orders')!;
      // The first write: a one-element array makes name_1 multikey as its saved keys (not
      // multikey) are read.
      coll.insert({ _id: new ObjectId(), ...order(901), name: ['solo'] });
      const old = coll.docs.get([...coll.docs.keys()][10]!)!;
      coll.replace(old, { ...old, status: 'Cancelled', searchKeys: ['moved'], name: 'ASHA' });
      coll.insert({ _id: new ObjectId(), ...order(900) });
      coll.remove(coll.docs.get([...coll.docs.keys()][20]!)!);
      expect(expectSameAsSorted(again.store)).toBe(8);
    });

    it('builds at load the indexes of a collection the journal changed, and defers the others', async () => {
      const { engine, orders } = await shopWithIndexes();
      const notes = orders.db.collection('notes');
      await notes.createIndex({ at: 1 });
      await notes.insertMany(
        Array.from({ length: 30 }, (_, i) => ({ at: new Date(Date.UTC(2026, 1, i + 1)), user: users[i % 9] })),
      );
      await engine.flush();
      await orders.updateOne({ ref: 'R3' }, { $set: { status: 'Cancelled' } }); // only in the journal
      const copy = await crashImage();
      const { store, fromKeys } = await loadAsStartUp(copy, true);
      expect(fromKeys).toHaveLength(8); // the orders' indexes, from their saved keys at once
      expect(deferredNames(store).sort()).toEqual(['notes._id_', 'notes.at_1']);
      expect(expectSameAsSorted(store)).toBe(10);
    });

    it('answers reads and writes fired at once right after a clean restart as it did before it', async () => {
      const { engine, orders } = await shopWithIndexes();
      type Orders = typeof orders;
      const reads = [
        (o: Orders) => o.find({ ref: { $in: ['R7', 'R300', 'R399'] } }, { projection: { _id: 0, ref: 1 } }).toArray(),
        (o: Orders) => o.find({ userId: users[2] }).sort({ createdAt: -1 }).limit(7).toArray(),
        (o: Orders) => o.find({ searchKeys: 'k3', status: 'Shipped' }).sort({ createdAt: -1 }).toArray(),
        (o: Orders) => o.find({ name: 'ASHA' }).collation({ locale: 'en', strength: 2 }).toArray(),
        (o: Orders) => o.find({ coupon: 'C2' }).toArray(),
        (o: Orders) =>
          o
            .find({ amount: { $gt: 1000 } })
            .sort({ amount: -1 })
            .toArray(),
        (o: Orders) => o.find({ 'lines.sku': 's1' }).toArray(),
        (o: Orders) => o.countDocuments({ status: 'Delivered' }),
      ];
      const before = await Promise.all(reads.map((read) => read(orders)));
      await engine.stop(); // a clean stop: the journal is empty, so every index is deferred at the start
      const again = await open(dir);
      const answered = await Promise.all([...reads, ...reads].map((read) => read(again.orders)));
      expect(answered).toEqual([...before, ...before]);
      const results = await Promise.allSettled([
        ...Array.from({ length: 10 }, (_, i) => again.orders.insertOne(order(1000 + i))),
        again.orders.insertOne(order(5)), // a duplicate ref: refused by the unique index read from saved keys
        again.orders.updateMany({ ref: { $in: ['R10', 'R11', 'R12', 'R13'] } }, { $set: { status: 'Cancelled' } }),
        again.orders.deleteMany({ ref: { $in: ['R1', 'R2'] } }),
      ]);
      expect(results.map((r) => r.status)).toEqual([
        ...Array<string>(10).fill('fulfilled'),
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect(await again.orders.countDocuments()).toBe(408);
      expect(await again.orders.countDocuments({ status: 'Cancelled' })).toBe(4);
      expect(await again.orders.find({ ref: 'R1003' }, { projection: { _id: 0, ref: 1 } }).toArray()).toEqual([
        { ref: 'R1003' },
      ]);
      await again.engine.stop();
      const copy = await crashImage();
      expect(expectSameAsSorted((await loadAsStartUp(copy)).store)).toBe(8);
    });

    it('reads a deferred index a slice at a time, and the background build reads them all and lets the shared values go', async () => {
      const { engine } = await shopWithIndexes();
      await engine.flush();
      const copy = await crashImage();
      const { store } = await loadAsStartUp(copy, true);
      const ref = store
        .getCollection(DB, 'orders')!
        .secondaryIndexes()
        .find((i) => i.spec.name === 'ref_1')!;
      expect([ref.buildSome(150), ref.buildSome(150), ref.isDeferred, ref.buildSome(150), ref.isDeferred]).toEqual([
        false,
        false,
        true,
        true,
        false,
      ]);
      expect(ref.size).toBe(400);
      let stop = false;
      buildDeferredIndexes(
        store,
        () => 0,
        () => stop,
      );
      for (let waited = 0; store.deferredIndexes().length > 0 && waited < 5000; waited += 5) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      stop = true;
      expect({ deferred: deferredNames(store), shared: store.loadedKeyValues }).toEqual({
        deferred: [],
        shared: undefined,
      });
      expect(expectSameAsSorted(store)).toBe(8);
    });

    it('sorts a deferred index whose saved keys do not parse at its first use, and refuses every use of a unique one that holds a duplicate', async () => {
      const { engine } = await shopWithIndexes();
      await engine.flush();
      const bytesOf = (b: Binary): Buffer => Buffer.from(b.buffer.subarray(0, b.position));
      const damageRef = (doc: Doc): Doc =>
        doc.type === 'order' && doc.index === 'ref_1'
          ? { ...doc, keys: new Binary(Buffer.concat([Buffer.from([42]), bytesOf(doc.keys as Binary).subarray(1)])) }
          : doc;
      for (const duplicate of [false, true]) {
        const copy = await crashImage();
        await rewriteCheckpoint(path.join(copy, CHECKPOINT_FILE), (doc) =>
          duplicate && doc.ref === 'R1' ? damageRef({ ...doc, ref: 'R2' }) : damageRef(doc),
        );
        const { store, sorted } = await loadAsStartUp(copy, true);
        expect(sorted).toEqual([]);
        const rebuild = vi.spyOn(IndexRuntime.prototype, 'rebuild');
        const orders = store.getCollection(DB, 'orders')!;
        const ref = orders.secondaryIndexes().find((i) => i.spec.name === 'ref_1')!;
        if (!duplicate) {
          expect(ref.tree?.size).toBe(400);
          expect(rebuild.mock.contexts).toEqual([ref]); // sorted, at its first use
          expect(expectSameAsSorted(store)).toBe(8);
        } else {
          const refused = /the index cannot be built from the saved data: E11000 .*ref_1 dup key: \{ ref: "R2" \}/;
          expect(() => ref.tree).toThrow(refused);
          expect(() => ref.tree).toThrow(refused); // every use, not only the first
          expect(() => orders.insert({ _id: new ObjectId(), ...order(999) })).toThrow(refused);
        }
        rebuild.mockRestore();
      }
    });
  });

  it('keys the checkpoint documents from their index fields alone, also for an index the journal created since', async () => {
    const { engine, orders } = await open(dir);
    await orders.createIndex({ ref: 1 }, { unique: true });
    await orders.createIndex({ searchKeys: 1, status: 1, createdAt: -1 });
    await orders.createIndex({ 'lines.sku': 1 });
    await orders.insertMany(Array.from({ length: 300 }, (_, i) => order(i)));
    await engine.flush();
    await orders.updateMany({ ref: { $in: ['R3', 'R9'] } }, { $set: { amount: 4242 } });
    await orders.createIndex({ amount: 1, name: 1 }); // fields the checkpoint's load did not decode
    const copy = await crashImage();
    const { store, sorted } = await loadAsStartUp(copy);
    expect(sorted).toEqual(['amount_1_name_1']);
    expect(expectSameAsSorted(store)).toBe(5);
    const amounts = store.getCollection(DB, 'orders')!.secondaryIndexes()[3]!;
    expect([...amounts.tree!.keys()].slice(-2).map((e) => e.slice(0, -1))).toEqual([
      [4242, 'bhavin'],
      [4242, 'chirag'],
    ]);
  });

  it('sorts instead when a saved order does not fit the documents, and the index is still right', () => {
    const docs: Doc[] = Array.from({ length: 50 }, (_, i) => ({
      _id: i,
      tags: [`t${i % 4}`, `u${i % 3}`],
      n: i % 7,
    }));
    const ids = docs.map((d) => `n:${String(d._id)}`);
    const current = new Map(ids.map((id, o) => [id, docs[o]!]));
    const alive = new Uint8Array(docs.length).fill(1);
    for (const key of [{ tags: 1, n: -1 }, { n: 1 }]) {
      const spec = { v: 2, key, name: Object.keys(key).join('_') };
      const sorted = new IndexRuntime(spec);
      sorted.rebuild(current);
      const position = new Map(ids.map((id, o) => [id, o]));
      const right = Int32Array.from([...sorted.tree!.keys()].map((e) => position.get(entryId(e))!));
      const saved: SavedOrders = { docs, ids, orders: new Map(), keys: new Map(), keysTrusted: false };
      const entries = [...sorted.tree!.keys()];

      const fromOrder = new IndexRuntime(spec);
      expect(fromOrder.rebuildInSavedOrder(saved, right, alive, [])).toBe(true);
      expect([...fromOrder.tree!.keys()]).toEqual(entries);

      for (const wrong of [right.slice().reverse(), right.slice(1), Int32Array.from(right, (o) => (o === 3 ? 4 : o))]) {
        const idx = new IndexRuntime(spec);
        expect(idx.rebuildInSavedOrder(saved, wrong, alive, [])).toBe(false);
        expect(idx.size).toBe(0);
      }
    }
  });

  it('keys an array of strings once per distinct string, beside the other fields', () => {
    const idx = new IndexRuntime({ v: 2, key: { searchKeys: 1, status: 1, createdAt: -1 }, name: 's' });
    expect(idx.keysFor({ searchKeys: ['a', 'b', 'a'], status: 'P' }).map((k) => k.values)).toEqual([
      ['a', 'P', null],
      ['b', 'P', null],
    ]);
    expect(idx.multikey).toBe(true);
    const single = new IndexRuntime({ v: 2, key: { searchKeys: 1 }, name: 'one' });
    expect(single.keysFor({ searchKeys: ['a'] }).map((k) => k.values)).toEqual([['a']]);
    expect(single.multikey).toBe(true);
    expect(single.keysFor({ searchKeys: [] }).map((k) => k.values)).toEqual([[null]]);
    expect(single.keysFor({ searchKeys: ['a', 1, 'a'] }).map((k) => k.values)).toEqual([['a'], [1]]);
    const parallel = new IndexRuntime({ v: 2, key: { a: 1, b: 1 }, name: 'ab' });
    expect(() => parallel.keysFor({ a: ['x', 'y'], b: ['z', 'w'] })).toThrow(/parallel arrays/);
  });

  it('leaves a duplicate in a unique index to the sort, which reports it', () => {
    const docs: Doc[] = [
      { _id: 1, ref: 'A' },
      { _id: 2, ref: 'A' },
    ];
    const saved: SavedOrders = { docs, ids: ['n:1', 'n:2'], orders: new Map(), keys: new Map(), keysTrusted: false };
    const idx = new IndexRuntime({ v: 2, key: { ref: 1 }, name: 'ref_1', unique: true });
    expect(idx.rebuildInSavedOrder(saved, Int32Array.of(0, 1), new Uint8Array([1, 1]), [])).toBe(false);
  });

  it('opens a format-2 and a format-1 checkpoint, and writes it again as format 4 at once', async () => {
    for (const version of [1, 2]) {
      const docs = Array.from({ length: 30 }, (_, i) => ({ _id: new ObjectId(), ref: `R${i}`, tags: [`t${i % 3}`] }));
      const parts = [
        { format: 'kesh-embedded-mongo', version, savedAt: new Date(), ...(version === 2 ? { lsn: 0 } : {}) },
        {
          type: 'collection',
          db: DB,
          name: 'orders',
          options: {},
          uuid: new UUID(),
          indexes: [
            { v: 2, key: { ref: 1 }, name: 'ref_1', unique: true },
            { v: 2, key: { tags: 1 }, name: 'tags_1' },
          ],
          count: docs.length,
        },
        ...docs,
        { type: 'end', collections: 1, documents: docs.length },
      ];
      const old = await mkdtemp(path.join(tmpdir(), `saved-order-v${version}-`));
      try {
        await writeFile(path.join(old, CHECKPOINT_FILE), Buffer.concat(parts.map((p) => BSON.serialize(p))));
        const { engine, orders } = await open(old);
        expect(await orders.countDocuments()).toBe(30);
        expect(await orders.find({ tags: 't1' }).sort({ ref: 1 }).hint('tags_1').toArray()).toEqual(
          docs.filter((d) => d.tags[0] === 't1').sort((a, b) => (a.ref < b.ref ? -1 : 1)),
        );
        await expect(orders.insertOne({ ref: 'R4' })).rejects.toMatchObject({ code: 11000 });
        await engine.flush();
        expect(await headerVersion(path.join(old, CHECKPOINT_FILE))).toBe(4);
        const copy = await crashImage(old);
        const { store, sorted } = await loadAsStartUp(copy);
        expect(sorted).toEqual([]);
        expectSameAsSorted(store);
      } finally {
        for (const c of clients.splice(0)) await c.close().catch(() => undefined);
        for (const e of engines.splice(0)) await e.stop().catch(() => undefined);
        await rm(old, { recursive: true, force: true });
      }
    }
  });
});
