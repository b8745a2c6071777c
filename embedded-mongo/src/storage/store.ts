/**
 * In-memory databases, collections and unique-index bookkeeping.
 *
 * Invariant: a document, once stored, is never modified. Updates build a new
 * object and swap it in. That makes cached normalized views, cursors and
 * checkpoints safe without copying the whole collection. Documents loaded from the
 * checkpoint are kept as its bytes and decoded when read (stored.ts).
 *
 * Every change is described to the durability layer as a StoreOp *after* it has
 * been validated and *before* it is applied: the layer may refuse it (by throwing,
 * when the journal cannot be written), and then nothing changes in memory either.
 */
import { UUID, type Binary } from 'bson';
import { CommandError, ErrorCode } from '../values/errors.js';
import {
  ID_INDEX,
  MAX_KEY,
  MIN_KEY,
  IndexRuntime,
  duplicateKeyError,
  entryId,
  sameIndexOptions,
  sameKeyPattern,
  type IndexKey,
  type IndexSpec,
  type SavedOrders,
} from './indexes.js';
import { parseCollation } from '../values/collation.js';
import type { SharedKeyValues } from './saved-keys.js';
import { decodeAt, decodeFields, objectIdKeyAt, StoredDocuments, type CheckpointFile } from './stored.js';
import { bsonTypeOf, canonicalKey, isPlainObject, type Doc } from '../values/values.js';

/** One primitive change, as the journal records it and recovery replays it. */
export type StoreOp =
  | { op: 'insert'; db: string; coll: string; doc: Doc }
  | { op: 'replace'; db: string; coll: string; doc: Doc }
  | { op: 'remove'; db: string; coll: string; id: unknown }
  | { op: 'createCollection'; db: string; coll: string; options: Doc; uuid: Binary }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { op: 'dropIndex'; db: string; coll: string; name: string }
  | { op: 'dropAllIndexes'; db: string; coll: string }
  | { op: 'setIndexExpiry'; db: string; coll: string; name: string; seconds: number };

/** Receives each change before it is applied; throwing refuses the change. */
export type ChangeRecorder = (op: StoreOp) => void;

const recordNothing: ChangeRecorder = () => undefined;

const ID_FIELD = [Buffer.from('_id')];

export function validateDbName(db: string): void {
  if (db === '' || db.length > 63 || /[/\\. "$*<>:|?\0]/.test(db)) {
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid database name: '${db}'`);
  }
}

export function validateCollectionName(db: string, name: string): void {
  if (typeof name !== 'string' || name === '' || name.startsWith('.') || name.includes('$') || name.includes('\0')) {
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid collection name: ${db}.${String(name)}`);
  }
}

export class Collection {
  readonly db: string;
  name: string;
  readonly uuid: Binary;
  readonly options: Doc;
  /** canonical _id -> stored document; insertion order is the natural order. */
  readonly docs = new StoredDocuments();
  private indexes: IndexRuntime[] = [];
  /** _id in order (the docs map answers equality; this serves ranges and sorts on _id). */
  readonly idIndex: IndexRuntime;
  private readonly record: ChangeRecorder;
  /**
   * While loading at start-up (checkpoint + journal replay) documents change without index upkeep;
   * finishBulkLoad then builds every index once, sorted. The changes being replayed were validated
   * when they were first made, so no check is skipped that could fail.
   */
  private bulk = false;
  /**
   * Set while loading a checkpoint: its documents' offsets and index fields (`saved.docs`, decoded
   * from the bytes: see keyFields) and the order of its indexes (format 3), so finishBulkLoad need
   * neither decode whole documents nor sort.
   */
  private saved: { orders: SavedOrders; offsets: number[]; fields: ReadonlySet<string> | undefined } | undefined;

  constructor(db: string, name: string, record: ChangeRecorder, options: Doc = {}, uuid?: Binary) {
    this.db = db;
    this.name = name;
    this.record = record;
    this.options = options;
    this.uuid = uuid ?? new UUID();
    this.idIndex = new IndexRuntime(
      isPlainObject(options.collation) ? { ...ID_INDEX, collation: options.collation } : ID_INDEX,
    );
  }

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get size(): number {
    return this.docs.size;
  }

  indexSpecs(): IndexSpec[] {
    return [ID_INDEX, ...this.indexes.map((i) => i.spec)];
  }

  getById(id: unknown): Doc | undefined {
    return this.docs.get(canonicalKey(id));
  }

  /** Secondary indexes (not _id), for the planner. */
  secondaryIndexes(): readonly IndexRuntime[] {
    return this.indexes;
  }

  /** Stores `doc` (which must already carry a valid _id and not be shared with anyone); returns its canonical _id. */
  insert(doc: Doc): string {
    const id = doc._id;
    if (id === undefined) throw new CommandError(ErrorCode.InvalidIdField, 'document is missing _id');
    if (Array.isArray(id) || id instanceof RegExp || bsonTypeOf(id) === 'BSONRegExp') {
      throw new CommandError(
        ErrorCode.InvalidIdField,
        `The '_id' value cannot be of type ${Array.isArray(id) ? 'array' : 'regex'}`,
      );
    }
    const idKey = canonicalKey(id);
    if (this.docs.has(idKey)) throw duplicateKeyError(this.ns, ID_INDEX, { _id: id });
    if (this.bulk) {
      this.record({ op: 'insert', db: this.db, coll: this.name, doc });
      this.docs.set(idKey, doc);
      return idKey;
    }
    const planned = this.planKeys(doc, idKey);
    this.record({ op: 'insert', db: this.db, coll: this.name, doc });
    this.docs.set(idKey, doc);
    this.idIndex.add(this.idIndex.keysFor(doc), idKey);
    for (const [idx, keys] of planned) idx.add(keys, idKey);
    return idKey;
  }

  /** Swaps a stored document for its updated version, enforcing unique indexes first. */
  replace(oldDoc: Doc, newDoc: Doc): void {
    const idKey = canonicalKey(oldDoc._id);
    if (canonicalKey(newDoc._id) !== idKey) {
      throw new CommandError(
        ErrorCode.ImmutableField,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    if (this.bulk) {
      this.record({ op: 'replace', db: this.db, coll: this.name, doc: newDoc });
      this.docs.set(idKey, newDoc);
      return;
    }
    const stored = this.docs.get(idKey) ?? oldDoc;
    const planned = this.planKeys(newDoc, idKey);
    this.record({ op: 'replace', db: this.db, coll: this.name, doc: newDoc });
    for (const idx of this.indexes) idx.delete(idx.keysFor(stored), idKey);
    for (const [idx, keys] of planned) idx.add(keys, idKey);
    this.docs.set(idKey, newDoc);
  }

  remove(doc: Doc): void {
    const idKey = canonicalKey(doc._id);
    if (this.bulk) {
      if (!this.docs.has(idKey)) return;
      this.record({ op: 'remove', db: this.db, coll: this.name, id: doc._id });
      this.docs.delete(idKey);
      return;
    }
    const stored = this.docs.get(idKey);
    if (stored === undefined) return;
    this.record({ op: 'remove', db: this.db, coll: this.name, id: stored._id });
    this.docs.delete(idKey);
    for (const idx of this.indexes) idx.delete(idx.keysFor(stored), idKey);
    this.idIndex.delete(this.idIndex.keysFor(stored), idKey);
  }

  /** Computes every index's keys for `doc` and throws E11000 if another document owns a unique one. */
  private planKeys(doc: Doc, idKey: string): Array<[IndexRuntime, IndexKey[]]> {
    const planned: Array<[IndexRuntime, IndexKey[]]> = [];
    for (const idx of this.indexes) {
      const keys = idx.keysFor(doc);
      if (idx.unique) {
        for (const k of keys) {
          const owner = idx.ownerOf(k.values);
          if (owner !== undefined && owner !== idKey)
            throw duplicateKeyError(this.ns, idx.spec, idx.keyValue(k.values));
        }
      }
      planned.push([idx, keys]);
    }
    return planned;
  }

  /** @returns false when an identical index already exists. */
  createIndex(spec: IndexSpec): boolean {
    if (spec.name === '_id_' || sameKeyPattern(spec.key, ID_INDEX.key)) {
      if (spec.name !== '_id_' || !sameKeyPattern(spec.key, ID_INDEX.key)) {
        throw new CommandError(
          ErrorCode.IndexKeySpecsConflict,
          `An index on _id must be named '_id_' and use key { _id: 1 }`,
        );
      }
      return false;
    }
    for (const existing of this.indexes) {
      const sameName = existing.spec.name === spec.name;
      const sameKey = sameKeyPattern(existing.spec.key, spec.key);
      if (sameName && sameKey && sameIndexOptions(existing.spec, spec)) return false;
      if (sameName && sameKey) {
        throw new CommandError(
          ErrorCode.IndexOptionsConflict,
          `An existing index has the same name as the requested index but different options. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
        );
      }
      if (sameName) {
        throw new CommandError(
          ErrorCode.IndexKeySpecsConflict,
          `An existing index has the same name as the requested index but a different key. Requested index: ${JSON.stringify(spec)}, existing index: ${JSON.stringify(existing.spec)}`,
        );
      }
      const samePartial =
        canonicalKey(existing.spec.partialFilterExpression ?? null) ===
        canonicalKey(spec.partialFilterExpression ?? null);
      if (sameKey && samePartial) {
        throw new CommandError(
          ErrorCode.IndexOptionsConflict,
          `Index already exists with a different name: ${existing.spec.name}`,
        );
      }
    }
    if (spec.collation === undefined && isPlainObject(this.options.collation)) {
      // An index without its own collation takes the collection's default, as in mongod.
      const inherited = parseCollation(this.options.collation);
      if (inherited && inherited.id !== 'simple') spec.collation = inherited.spec;
    }
    const runtime = new IndexRuntime(spec);
    // Build over existing data first so a failed build changes nothing.
    for (const [idKey, doc] of this.bulk ? [] : this.docs) {
      const keys = runtime.keysFor(doc);
      if (runtime.unique) {
        for (const k of keys) {
          if (runtime.ownerOf(k.values) !== undefined) {
            throw duplicateKeyError(
              this.ns,
              spec,
              runtime.keyValue(k.values),
              `Index build failed: ${this.uuid.toString('hex')}: Collection ${this.ns} ( ${this.uuid.toString('hex')} ) :: caused by :: `,
            );
          }
        }
      }
      runtime.add(keys, idKey);
    }
    this.record({ op: 'createIndex', db: this.db, coll: this.name, spec });
    this.indexes.push(runtime);
    return true;
  }

  /** Drops by name or key pattern; returns the dropped spec. */
  dropIndex(which: string | Doc): IndexSpec {
    const found = this.indexes.find((i) =>
      typeof which === 'string' ? i.spec.name === which : sameKeyPattern(i.spec.key, which),
    );
    if (!found) {
      if (which === '_id_' || (typeof which !== 'string' && sameKeyPattern(which, ID_INDEX.key))) {
        throw new CommandError(ErrorCode.InvalidOptions, 'cannot drop _id index');
      }
      const label = typeof which === 'string' ? which : JSON.stringify(which);
      throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${label}]`);
    }
    this.record({ op: 'dropIndex', db: this.db, coll: this.name, name: found.spec.name });
    this.indexes = this.indexes.filter((i) => i !== found);
    return found.spec;
  }

  dropAllIndexes(): void {
    this.record({ op: 'dropAllIndexes', db: this.db, coll: this.name });
    this.indexes = [];
  }

  beginBulkLoad(): void {
    this.bulk = true;
  }

  /**
   * The top-level fields this collection's indexes read (`_id` too), or undefined when an index
   * needs whole documents (a partial filter, a wildcard).
   */
  keyFields(): Set<string> | undefined {
    const names = new Set<string>(['_id']);
    for (const idx of this.indexes) {
      if (idx.spec.partialFilterExpression !== undefined) return undefined;
      for (const field of idx.fields) {
        if (field.includes('$**')) return undefined;
        names.add(field.split('.')[0]!);
      }
    }
    return names;
  }

  /**
   * Start-up: the checkpoint's document at `at` of `bytes` (the load's view of it), kept as its bytes
   * at `offset` of `source` (the checkpoint file, or the buffer that holds it), with `keyed` its
   * index fields (see keyFields) when they were decoded. Returns its canonical _id. Not recorded:
   * it is on disk.
   */
  insertStored(
    bytes: Buffer,
    at: number,
    keyed: Doc | undefined,
    source: Buffer | CheckpointFile,
    offset: number,
  ): string {
    if (!this.bulk) return this.insert(decodeAt(bytes, at));
    const idOf = (): unknown => (keyed ?? decodeFields(bytes, at, ID_FIELD))._id;
    let idKey = objectIdKeyAt(bytes, at);
    if (idKey === undefined) {
      const id = idOf();
      if (id === undefined) throw new CommandError(ErrorCode.InvalidIdField, 'document is missing _id');
      idKey = canonicalKey(id);
    }
    if (!this.docs.addBytes(idKey, source, offset)) throw duplicateKeyError(this.ns, ID_INDEX, { _id: idOf() });
    return idKey;
  }

  /** While bulk loading: the checkpoint's documents (see `saved`) and the order of its indexes. */
  restoreSavedOrders(orders: SavedOrders, offsets: number[], fields: ReadonlySet<string> | undefined): void {
    if (this.bulk) this.saved = { orders, offsets, fields };
  }

  /**
   * Builds every index from the documents loaded since beginBulkLoad; E11000 if a unique one cannot
   * hold them. An index whose keys a format-4 checkpoint saved is loaded from them (see
   * IndexRuntime.rebuildFromSavedKeys); one whose order it saved is built in that order and checked
   * (see IndexRuntime.rebuildInSavedOrder); either is sorted only if that fails. The checkpoint's
   * documents are read, if at all, through their index fields, never whole.
   */
  finishBulkLoad(deferSavedKeys = false): void {
    if (!this.bulk) return;
    const saved = this.saved;
    this.saved = undefined;
    const current = saved ? this.stillStored(saved) : undefined;
    // The journal replayed since the checkpoint changed nothing here: its saved keys are the indexes.
    const unchanged = current !== undefined && current.stillStored === undefined && current.fresh.length === 0;
    let entries: Array<[string, Doc]> | undefined;
    for (const idx of [this.idIndex, ...this.indexes]) {
      if (saved && current) {
        const keys = saved.orders.keysTrusted ? saved.orders.keys.get(idx.spec.name) : undefined;
        if (keys?.index === idx && deferSavedKeys && unchanged) {
          idx.deferSavedKeys(
            keys,
            saved.orders,
            () => [...this.docs],
            (keyValue) =>
              duplicateKeyError(this.ns, idx.spec, keyValue, 'the index cannot be built from the saved data: '),
          );
          continue;
        }
        if (keys?.index === idx && idx.rebuildFromSavedKeys(keys, saved.orders, current.stillStored, current.fresh))
          continue;
      }
      entries ??= saved && current ? this.keyedEntries(saved, current.alive, current.fresh) : [...this.docs];
      const order = saved?.orders.orders.get(idx.spec.name);
      if (order && saved && current) {
        if (idx.rebuildInSavedOrder(saved.orders, order, current.alive, current.fresh)) continue;
      }
      const duplicate = idx.rebuild(entries);
      if (duplicate) throw duplicateKeyError(this.ns, idx.spec, duplicate);
    }
    this.bulk = false;
  }

  /**
   * Which of the checkpoint's documents are still stored after the journal's replay (`alive`, and as
   * `stillStored` by canonical _id, undefined when all are), and which stored ones are new (`fresh`).
   */
  private stillStored(saved: NonNullable<Collection['saved']>): {
    alive: Uint8Array;
    stillStored: ((id: string) => boolean) | undefined;
    fresh: Array<[string, Doc]>;
  } {
    const { orders, offsets } = saved;
    const alive = new Uint8Array(offsets.length);
    let kept = 0;
    for (let o = 0; o < offsets.length; o++) {
      if (this.docs.raw(orders.ids[o]!) !== offsets[o]) continue;
      alive[o] = 1;
      kept++;
    }
    const fresh: Array<[string, Doc]> = [];
    if (kept < this.docs.size) {
      for (const [id, v] of this.docs.rawEntries()) if (typeof v !== 'number') fresh.push([id, v]);
    }
    // Only the checkpoint's documents are stored as numbers (their offsets), one offset per _id.
    const stillStored = kept === offsets.length ? undefined : (id: string) => typeof this.docs.raw(id) === 'number';
    return { alive, stillStored, fresh };
  }

  /**
   * Every stored document as [canonical _id, its index fields], the checkpoint's ones decoded from
   * their bytes here if the load did not (format 4) or did not decode every field the indexes read
   * now (an index the journal created after the checkpoint).
   */
  private keyedEntries(
    saved: NonNullable<Collection['saved']>,
    alive: Uint8Array,
    fresh: Array<[string, Doc]>,
  ): Array<[string, Doc]> {
    const { orders, offsets } = saved;
    const wanted = this.keyFields();
    const refresh =
      wanted === undefined || saved.fields === undefined || [...wanted].some((f) => !saved.fields!.has(f));
    const names = wanted && [...wanted].map((f) => Buffer.from(f, 'utf8'));
    const entries: Array<[string, Doc]> = [];
    for (let o = 0; o < offsets.length; o++) {
      if (alive[o] === 0) continue;
      const id = orders.ids[o]!;
      if (refresh || orders.docs[o] === undefined) {
        orders.docs[o] = names ? this.docs.fieldsOf(offsets[o]!, names) : this.docs.get(id)!;
      }
      entries.push([id, orders.docs[o]!]);
    }
    return fresh.length === 0 ? entries : entries.concat(fresh);
  }

  /** Takes over the documents and indexes of a detached collection (see Store.installCollection). */
  adopt(from: Collection): void {
    this.docs.adopt(from.docs);
    if (!this.bulk) for (const [idKey, doc] of from.docs) this.idIndex.add(this.idIndex.keysFor(doc), idKey);
    this.indexes = from.indexes;
  }

  setIndexExpiry(name: string, seconds: number): void {
    const idx = this.indexes.find((i) => i.spec.name === name);
    if (!idx) throw new CommandError(ErrorCode.IndexNotFound, `cannot find index ${name} for ns ${this.ns}`);
    this.record({ op: 'setIndexExpiry', db: this.db, coll: this.name, name, seconds });
    idx.spec.expireAfterSeconds = seconds;
  }

  /**
   * Removes up to `limit` documents whose TTL date has passed, found through each TTL index's range
   * of dates up to its cutoff (never by reading the collection). `examined` counts the index entries
   * read, so a caller can bound a slice of work; `more` says whether expired documents may remain.
   */
  sweepExpiredBatch(now: number, limit: number): { removed: number; examined: number; more: boolean } {
    let examined = 0;
    const ids = new Set<string>();
    for (const idx of this.indexes) {
      if (idx.spec.expireAfterSeconds === undefined || idx.fields.length !== 1 || !idx.tree) continue;
      const cutoff = new Date(now - Number(idx.spec.expireAfterSeconds) * 1000);
      // The earliest representable date: every Date key sorts between it and the cutoff.
      const first = new Date(-8.64e15);
      const [lo, hi] = idx.directions[0] === 1 ? [first, cutoff] : [cutoff, first];
      const last = [hi, MAX_KEY];
      for (const entry of idx.tree.keys([lo, MIN_KEY])) {
        if (ids.size >= limit) break;
        if (idx.compareEntries(entry, last) > 0) break;
        examined += 1;
        ids.add(entryId(entry));
      }
    }
    for (const idKey of ids) {
      const doc = this.docs.get(idKey);
      if (doc) this.remove(doc);
    }
    return { removed: ids.size, examined, more: ids.size >= limit };
  }
}

export class Store {
  private readonly dbs = new Map<string, Map<string, Collection>>();
  /** Sees every change to data or metadata before it is applied; the durability layer hooks in here. */
  recorder: ChangeRecorder = recordNothing;
  private bulkLoading = false;
  /**
   * The values read from the checkpoint's saved keys, shared by every index (see SharedKeyValues):
   * kept while some index's saved keys are still to be read.
   */
  loadedKeyValues: SharedKeyValues | undefined;

  private readonly record: ChangeRecorder = (op) => this.recorder(op);

  databaseNames(): string[] {
    return [...this.dbs.keys()].filter((db) => (this.dbs.get(db)?.size ?? 0) > 0);
  }

  collections(db: string): Collection[] {
    return [...(this.dbs.get(db)?.values() ?? [])];
  }

  /** The buffer the checkpoint's documents are kept in, if they are still kept in one. */
  allCollections(): Collection[] {
    return [...this.dbs.values()].flatMap((m) => [...m.values()]);
  }

  getCollection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  createCollection(db: string, name: string, options: Doc = {}, uuid?: Binary): Collection {
    validateDbName(db);
    validateCollectionName(db, name);
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    if (colls.has(name)) throw new CommandError(ErrorCode.NamespaceExists, `Collection ${db}.${name} already exists.`);
    const coll = new Collection(db, name, this.record, options, uuid);
    if (this.bulkLoading) coll.beginBulkLoad();
    this.record({ op: 'createCollection', db, coll: name, options, uuid: coll.uuid });
    colls.set(name, coll);
    return coll;
  }

  /**
   * A collection not yet visible to queries; fill it, then swap it in with installCollection.
   * Its own changes are not recorded: installCollection records the result as one change.
   */
  detachedCollection(db: string, name: string, options: Doc = {}): Collection {
    validateDbName(db);
    validateCollectionName(db, name);
    return new Collection(db, name, recordNothing, options);
  }

  installCollection(coll: Collection): void {
    const target = { db: coll.db, coll: coll.name };
    if (this.getCollection(coll.db, coll.name)) this.record({ op: 'dropCollection', ...target });
    this.record({ op: 'createCollection', ...target, options: coll.options, uuid: coll.uuid });
    for (const spec of coll.indexSpecs().slice(1)) this.record({ op: 'createIndex', ...target, spec });
    for (const doc of coll.docs.values()) this.record({ op: 'insert', ...target, doc });
    const installed = new Collection(coll.db, coll.name, this.record, coll.options, coll.uuid);
    installed.adopt(coll);
    let colls = this.dbs.get(coll.db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(coll.db, colls);
    }
    colls.set(coll.name, installed);
  }

  /** Collections are created implicitly by the first write, as in mongod. */
  ensureCollection(db: string, name: string): Collection {
    return this.getCollection(db, name) ?? this.createCollection(db, name);
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const colls = this.dbs.get(db);
    const coll = colls?.get(name);
    if (!colls || !coll) return undefined;
    this.record({ op: 'dropCollection', db, coll: name });
    colls.delete(name);
    if (colls.size === 0) this.dbs.delete(db);
    return coll;
  }

  dropDatabase(db: string): void {
    if (!this.dbs.has(db)) return;
    this.record({ op: 'dropDatabase', db });
    this.dbs.delete(db);
  }

  renameCollection(fromDb: string, from: string, toDb: string, to: string, dropTarget: boolean): void {
    const source = this.getCollection(fromDb, from);
    if (!source)
      throw new CommandError(ErrorCode.NamespaceNotFound, `Source collection ${fromDb}.${from} does not exist`);
    validateDbName(toDb);
    validateCollectionName(toDb, to);
    if (fromDb === toDb && from === to) {
      throw new CommandError(ErrorCode.IllegalOperation, "Can't rename a collection to itself");
    }
    if (this.getCollection(toDb, to)) {
      if (!dropTarget) throw new CommandError(ErrorCode.NamespaceExists, `target namespace exists`);
      this.dropCollection(toDb, to);
    }
    this.dropCollection(fromDb, from);
    const target = this.createCollection(toDb, to, source.options, source.uuid);
    for (const spec of source.indexSpecs().slice(1)) target.createIndex(spec);
    for (const doc of source.docs.values()) target.insert(doc);
  }

  /**
   * Start-up: collections created until finishBulkLoad load their documents without index upkeep
   * (see Collection.beginBulkLoad); finishBulkLoad builds every index once.
   */
  beginBulkLoad(): void {
    this.bulkLoading = true;
  }

  /**
   * Builds the indexes; with `deferSavedKeys`, those whose keys the checkpoint saved for a
   * collection the journal did not change are read when first used, or by buildDeferred.
   */
  finishBulkLoad(deferSavedKeys = false): void {
    this.bulkLoading = false;
    for (const coll of this.allCollections()) coll.finishBulkLoad(deferSavedKeys);
    if (this.deferredIndexes().length === 0) this.releaseLoadedKeyValues();
  }

  /** The indexes whose saved keys are still to be read (see IndexRuntime.deferSavedKeys). */
  deferredIndexes(): IndexRuntime[] {
    const deferred: IndexRuntime[] = [];
    for (const coll of this.allCollections()) {
      for (const idx of [coll.idIndex, ...coll.secondaryIndexes()]) if (idx.isDeferred) deferred.push(idx);
    }
    return deferred;
  }

  /**
   * Reads up to `budget` entries of deferred saved keys (see IndexRuntime.buildSome), building each
   * index once its keys are read; true once none is left.
   */
  buildDeferred(budget: number): boolean {
    const next = this.deferredIndexes()[0];
    if (next !== undefined && !next.buildSome(budget)) return false;
    return this.deferredIndexes().length === 0 && this.releaseLoadedKeyValues();
  }

  private releaseLoadedKeyValues(): true {
    this.loadedKeyValues?.release();
    this.loadedKeyValues = undefined;
    return true;
  }

  /**
   * Removes at most `limit` expired TTL documents over all collections; `more` says whether to call
   * again. Callers that must not hold the event loop yield between calls.
   */
  sweepExpired(
    now = Date.now(),
    limit = Number.POSITIVE_INFINITY,
  ): { removed: number; examined: number; more: boolean } {
    const total = { removed: 0, examined: 0, more: false };
    for (const coll of this.allCollections()) {
      const left = limit - total.removed;
      if (left <= 0) return { ...total, more: true };
      const slice = coll.sweepExpiredBatch(now, left);
      total.removed += slice.removed;
      total.examined += slice.examined;
      total.more ||= slice.more;
    }
    return total;
  }
}
