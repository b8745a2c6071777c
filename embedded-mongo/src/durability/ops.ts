/**
 * StoreOps as bytes, and back into the store at recovery. Replay goes through
 * the same Collection/Store methods as the original change, so indexes and
 * unique keys are rebuilt exactly as they were.
 */
import { BSON, type Binary } from 'bson';
import type { IndexSpec } from '../storage/indexes.js';
import type { Collection, Store, StoreOp } from '../storage/store.js';
import type { Doc } from '../values/values.js';
import { deserializeStored } from '../values/decode.js';

export function encodeOp(op: StoreOp): Buffer {
  const bytes = BSON.serialize(op);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Splits a record's payload into its ops (each a BSON document); `strings` as in compactDecoded. */
export function decodeOps(payload: Buffer, strings: Map<string, string>): StoreOp[] {
  const ops: StoreOp[] = [];
  let offset = 0;
  while (offset < payload.length) {
    const size = payload.readInt32LE(offset);
    if (size < 5 || offset + size > payload.length) throw new Error(`bad operation length at byte ${offset}`);
    ops.push(deserializeStored(payload.subarray(offset, offset + size), strings) as StoreOp);
    offset += size;
  }
  return ops;
}

function collectionOf(store: Store, op: { db: string; coll: string }): Collection {
  const coll = store.getCollection(op.db, op.coll);
  if (!coll) throw new Error(`operation on ${op.db}.${op.coll}, which does not exist at that point`);
  return coll;
}

function storedById(coll: Collection, id: unknown): Doc {
  const doc = coll.getById(id);
  if (!doc) throw new Error(`operation on a document of ${coll.ns} that does not exist at that point`);
  return doc;
}

/** Applies one recorded change to `store` (whose recorder must not record it again). */
export function applyOp(store: Store, op: StoreOp): void {
  switch (op.op) {
    case 'insert':
      collectionOf(store, op).insert(op.doc);
      return;
    case 'replace': {
      const coll = collectionOf(store, op);
      coll.replace(storedById(coll, op.doc._id), op.doc);
      return;
    }
    case 'remove': {
      const coll = collectionOf(store, op);
      coll.remove(storedById(coll, op.id));
      return;
    }
    case 'createCollection':
      store.createCollection(op.db, op.coll, op.options, op.uuid as Binary);
      return;
    case 'dropCollection':
      if (!store.dropCollection(op.db, op.coll)) throw new Error(`drop of ${op.db}.${op.coll}, which does not exist`);
      return;
    case 'dropDatabase':
      store.dropDatabase(op.db);
      return;
    case 'createIndex':
      collectionOf(store, op).createIndex(op.spec as IndexSpec);
      return;
    case 'dropIndex':
      collectionOf(store, op).dropIndex(op.name);
      return;
    case 'dropAllIndexes':
      collectionOf(store, op).dropAllIndexes();
      return;
    case 'setIndexExpiry':
      collectionOf(store, op).setIndexExpiry(op.name, op.seconds);
      return;
    default:
      throw new Error(`unknown operation ${JSON.stringify((op as { op: unknown }).op)}`);
  }
}
