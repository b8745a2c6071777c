/**
 * Index definitions and their runtime: every ascending/descending index is a
 * B+ tree (sorted-btree) of its keys, used by the query planner (planner.ts)
 * and, for unique indexes, to refuse duplicates.
 */
import sortedBtree from 'sorted-btree';
import * as bulkLoading from 'sorted-btree/extended/bulkLoad.js';
import { effectiveCollation, parseCollation, type Collation } from '../values/collation.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import { compileFilter, type Matcher } from '../query/filter.js';
import { KeyReader, SharedDates, type SharedKeyValues } from './saved-keys.js';
import {
  canonicalKey,
  compareValues,
  formatValue,
  getPath,
  isPlainObject,
  normalize,
  pathValues,
  type Doc,
} from '../values/values.js';

export interface IndexSpec {
  v: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Options mongod echoes back from listIndexes; anything else in the request is dropped. */
const KEPT_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
  'hidden',
  'wildcardProjection',
] as const;

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${String(dir)}`)
    .join('_');
}

/** Validates a createIndexes entry and returns the spec as it will be stored. */
export function normalizeIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw)) throw new CommandError(ErrorCode.BadValue, 'index specification must be an object');
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new CommandError(ErrorCode.BadValue, "Index specification is missing the 'key' field or it is empty");
  }
  for (const [field, dir] of Object.entries(key)) {
    if (field === '' || (field.startsWith('$') && field !== '$**')) {
      throw new CommandError(ErrorCode.BadValue, `Index key contains an illegal field name: '${field}'`);
    }
    if (typeof dir === 'number' && dir === 0) {
      throw new CommandError(ErrorCode.BadValue, `Values in the index key pattern can't be 0: ${field}`);
    }
  }
  const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : defaultIndexName(key);
  const spec: IndexSpec = { v: 2, key, name };
  for (const option of KEPT_OPTIONS) {
    if (raw[option] !== undefined && raw[option] !== null) (spec as Doc)[option] = raw[option];
  }
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  if (spec.partialFilterExpression !== undefined && !isPlainObject(spec.partialFilterExpression)) {
    throw new CommandError(ErrorCode.BadValue, 'partialFilterExpression must be an object');
  }
  if (spec.collation !== undefined) {
    const collation = parseCollation(spec.collation);
    if (collation && collation.id !== 'simple') spec.collation = collation.spec;
    else delete spec.collation;
  }
  if (spec.expireAfterSeconds !== undefined) {
    const secs = Number(spec.expireAfterSeconds);
    if (!Number.isFinite(secs) || secs < 0) {
      throw new CommandError(ErrorCode.InvalidOptions, 'TTL index expireAfterSeconds must be a non-negative number');
    }
    spec.expireAfterSeconds = secs;
  }
  return spec;
}

/** Two specs describe the same index when key pattern and behaviour-changing options match. */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  const pick = (s: IndexSpec): string =>
    canonicalKey({
      unique: Boolean(s.unique),
      sparse: Boolean(s.sparse),
      partial: s.partialFilterExpression ?? null,
      collation: parseCollation(s.collation)?.id ?? 'simple',
    });
  return pick(a) === pick(b);
}

export function sameKeyPattern(a: Doc, b: Doc): boolean {
  return canonicalKey(normalize(a)) === canonicalKey(normalize(b));
}

export interface IndexKey {
  /** Distinct per key within one document (multikey dedupe). */
  hash: string;
  /**
   * The key's values in index field order. (IndexRuntime.keyValue gives what mongod reports for a
   * duplicate, when needed: an object per key made start-up's index build allocate millions.)
   */
  values: unknown[];
}

/** sorted-btree is CommonJS with its class on `default` (Node) or as the module itself (bundlers, vitest). */
const BTree: typeof sortedBtree.default =
  (sortedBtree as unknown as { default?: typeof sortedBtree.default }).default ??
  (sortedBtree as unknown as typeof sortedBtree.default);
type BTree<K, V> = InstanceType<typeof sortedBtree.default<K, V>>;

const { bulkLoad } = bulkLoading;
/** bulkLoad's own first step (exported, not declared): the tree's root from entries in order. */
const { bulkLoadRoot } = bulkLoading as unknown as {
  bulkLoadRoot: <K, V>(keys: K[], values: V[], maxNodeSize: number, compare: (a: K, b: K) => number) => unknown;
};

/**
 * Keys per B-tree node at most (sorted-btree's default is 32): a bulk-loaded leaf holds 80 % of it,
 * and each leaf costs ~100 bytes besides its keys (node, keys array and its header), so 64 halves
 * that (at 100,000 orders 77,000 leaves, ~4 MB less heap) for a few more comparisons per lookup.
 */
const NODE_SIZE = 64;

/** Sentinels that sort below / above every BSON value, for open-ended scan bounds. */
export const MIN_KEY = Symbol('MinKeyBound');
export const MAX_KEY = Symbol('MaxKeyBound');

/**
 * One entry of an ordered index, as one exact-size array: the key values in index field order, then
 * the owning document's canonical _id (MIN_KEY or MAX_KEY in a scan bound). An object holding a
 * values array and the id cost ~40 bytes more per key: at 100,000 orders (~2 M keys) ~80 MB of heap.
 */
export type IndexEntry = unknown[];

/** The entry of `values` (the key's values, as keysFor gives them) for the document `id`. */
export function entryOf(values: readonly unknown[], id: string | typeof MIN_KEY | typeof MAX_KEY): IndexEntry {
  const entry: IndexEntry = new Array(values.length + 1);
  for (let i = 0; i < values.length; i++) entry[i] = values[i];
  entry[values.length] = id;
  return entry;
}

/** The canonical _id of the document an entry (not a bound) belongs to. */
export function entryId(entry: IndexEntry): string {
  return entry[entry.length - 1] as string;
}

/**
 * What a checkpoint of format 3 holds besides the documents (see checkpoint.ts): for each ordered
 * index, by name, its entries in order as the position of their document among the checkpoint's
 * documents of that collection (a document with several keys is named once per key).
 */
export interface SavedOrders {
  /**
   * The checkpoint's documents of the collection, in its order (their index fields, decoded at
   * load for formats 1-3, when first needed for format 4), and their canonical _ids.
   */
  docs: Array<Doc | undefined>;
  ids: string[];
  orders: Map<string, Int32Array>;
  /** Format 4: each ordered index's keys, by name. */
  keys: Map<string, SavedKeys>;
  /** Whether `keys` may be used as they are (see checkpoint.ts KEY_FORMAT). */
  keysTrusted: boolean;
  /** The dates read from `keys`, shared by the collection's indexes (see SharedDates). */
  dates?: SharedDates;
  /** The values read from any saved keys of the load, shared across collections (see SharedKeyValues). */
  shared?: SharedKeyValues;
}

/**
 * One part of an index's keys as a format-4 checkpoint saved them (an `order` entry: the positions
 * of the entries' documents, int32 little-endian, and their keys, see saved-keys.ts), found again
 * when they are read: the load does not decode them (see IndexRuntime.deferSavedKeys).
 */
export interface SavedPart {
  /** Its entries (its positions' bytes / 4). */
  readonly count: number;
  /** Its bytes: read again from the checkpoint file, or views of the buffer that holds it. */
  read(): { ordinals: Buffer; keys: Buffer };
}

/** One index's keys as a format-4 checkpoint saved them, in parts (see SavedPart). */
export interface SavedKeys {
  parts: SavedPart[];
  multikey: boolean;
  /**
   * The index they were saved for, as the checkpoint's collection header made it: one the journal
   * dropped and created again (perhaps under the same name over other fields) is another object.
   */
  index: IndexRuntime | undefined;
}

/**
 * Reads an index's saved parts into entries, as many at a time as asked (see IndexRuntime.buildSome):
 * each entry one array with its _id in the last slot. `failed` once a part did not parse (then the
 * index is sorted instead, and the parts after it are not read).
 */
class SavedKeysReading {
  failed = false;
  /** The entries of each part read. */
  readonly read: IndexEntry[][] = [];
  private next = 0;
  private part: { ordinals: Buffer; reader: KeyReader; entries: IndexEntry[]; at: number } | undefined;

  constructor(
    private readonly width: number,
    private readonly parts: readonly SavedPart[],
    private readonly ids: readonly string[],
    private readonly dates: SharedDates,
    private readonly shared: SharedKeyValues | undefined,
  ) {}

  get total(): number {
    let n = 0;
    for (const part of this.parts) n += part.count;
    return n;
  }

  /**
   * Reads up to `budget` more entries; true once every part is read or one failed. A part that
   * cannot be read from the file throws, and leaves the reading where it was.
   */
  step(budget: number): boolean {
    const { width, ids } = this;
    while (budget > 0 && !this.failed) {
      if (this.part === undefined) {
        if (this.next === this.parts.length) return true;
        const { ordinals, keys } = this.parts[this.next]!.read();
        this.part = {
          ordinals,
          reader: new KeyReader(keys, this.dates, this.shared),
          entries: new Array<IndexEntry>(ordinals.length / 4),
          at: 0,
        };
      }
      const part = this.part;
      const end = Math.min(part.ordinals.length, part.at + 4 * budget);
      budget -= (end - part.at) / 4;
      try {
        for (let at = part.at; at < end; at += 4) {
          const o = part.ordinals.readInt32LE(at);
          if (!(o >= 0 && o < ids.length)) throw new RangeError('a saved position past the documents');
          // Read with a slot for the _id: the array read is the entry, not copied into one.
          const entry = part.reader.next(width, width + 1, o);
          entry[width] = ids[o]!;
          part.entries[at / 4] = entry;
        }
      } catch {
        this.failed = true;
        break;
      }
      part.at = end;
      if (end < part.ordinals.length) continue;
      if (!part.reader.done) {
        this.failed = true;
        break;
      }
      this.read.push(part.entries);
      this.part = undefined;
      this.next++;
    }
    return this.failed || (this.part === undefined && this.next === this.parts.length);
  }
}

/**
 * An index whose saved keys are read when first used, or a slice at a time in the background (see
 * IndexRuntime.deferSavedKeys).
 */
interface DeferredKeys {
  reading: SavedKeysReading;
  /** The collection's documents now, for a sort when the saved keys do not parse. */
  documents: () => Iterable<[string, Doc]>;
  /** Its E11000 if that sort finds two documents with equal keys in a unique index. */
  duplicate: (keyValue: Doc) => Error;
  /** Set once the index could not be built: every use of it throws this. */
  error?: Error;
}

/** Only ascending/descending fields are kept in order; text, 2dsphere and hashed keys are metadata. */
export function isOrderedKeyPattern(key: Doc): boolean {
  return Object.values(key).every(
    (d) => d === 1 || d === -1 || (typeof d === 'number' && d !== 0 && Number.isFinite(d)),
  );
}

/**
 * Runtime state of one secondary index: a B+ tree of (key values, _id) in the
 * index's order (each field's direction, strings by the index's collation).
 * Unique indexes check for an entry with equal values before a write.
 */
export class IndexRuntime {
  readonly spec: IndexSpec;
  readonly fields: string[];
  readonly directions: number[];
  readonly collation: Collation;
  /** Whether its entries are kept in order (ascending/descending fields; see `tree`). */
  readonly ordered: boolean;
  private built: BTree<IndexEntry, undefined> | undefined;
  /** Saved keys not read yet (see deferSavedKeys). */
  private deferred: DeferredKeys | undefined;
  /** True once any document produced more than one key or an array value (mongod's isMultiKey). */
  multikey = false;
  private readonly partial: Matcher | undefined;
  readonly compareEntries: (a: IndexEntry, b: IndexEntry) => number;
  /**
   * The index's order of key values alone (entries with equal values are then ordered by _id); an
   * entry may stand for its values (only the first `fields.length` items are compared).
   */
  readonly compareKeys: (a: readonly unknown[], b: readonly unknown[]) => number;
  /** Every field is a top-level one (no dotted path). */
  private readonly topLevel: boolean;

  constructor(spec: IndexSpec, collectionCollation?: Doc) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.directions = this.fields.map((f) => (Number(spec.key[f]) < 0 ? -1 : 1));
    this.topLevel = this.fields.every((f) => !f.includes('.'));
    this.collation = effectiveCollation(spec.collation, collectionCollation);
    this.partial = spec.partialFilterExpression ? compileFilter(spec.partialFilterExpression) : undefined;
    const strCmp = this.collation.compare;
    const dirs = this.directions;
    this.compareKeys = (a, b) => {
      for (let i = 0; i < dirs.length; i++) {
        const x = a[i];
        const y = b[i];
        if (x === y) continue;
        if (x === MIN_KEY || y === MAX_KEY) return -1;
        if (x === MAX_KEY || y === MIN_KEY) return 1;
        const c = compareValues(x, y, strCmp);
        if (c !== 0) return c * (dirs[i] as number);
      }
      return 0;
    };
    const width = dirs.length;
    this.compareEntries = (a, b) => this.compareKeys(a, b) || compareIds(a[width], b[width]);
    this.ordered = isOrderedKeyPattern(spec.key);
    this.built = this.ordered ? new BTree<IndexEntry, undefined>(undefined, this.compareEntries, NODE_SIZE) : undefined;
  }

  /**
   * Ordered entries; undefined for text/2dsphere/hashed indexes, which are kept as metadata only.
   * An index whose saved keys were deferred reads them all first (every read and every write of
   * its entries comes here, so none sees it half built).
   */
  get tree(): BTree<IndexEntry, undefined> | undefined {
    if (this.deferred !== undefined) this.finishDeferred();
    return this.built;
  }

  /**
   * How many entries lie between `low` and `high` (both included), from the subtree sizes the
   * B+ tree keeps in its inner nodes: a descent on each side, whatever the count (a tab count of
   * 90,000 orders reads a few hundred keys, not 90,000 entries).
   */
  countBetween(low: IndexEntry, high: IndexEntry): number {
    const tree = this.tree;
    if (!tree || this.compareEntries(low, high) > 0) return 0;
    const root = asTreeNodes(tree)._root;
    return rankOf(root, high, true, this.compareEntries) - rankOf(root, low, false, this.compareEntries);
  }

  /** Whether its saved keys are still to be read (see deferSavedKeys). */
  get isDeferred(): boolean {
    return this.deferred !== undefined;
  }

  /**
   * Start-up, for a collection the journal did not change since the checkpoint: the index is the
   * keys the checkpoint saved (as rebuildFromSavedKeys takes them), read when the index is first
   * used, or a slice at a time by buildSome, not before the engine answers. Until then its
   * entries are the saved ones exactly: any write to the collection changes every index's entries,
   * and so reads them first. `documents` serves a sort should the saved keys not parse.
   */
  deferSavedKeys(
    keys: SavedKeys,
    saved: SavedOrders,
    documents: () => Iterable<[string, Doc]>,
    duplicate: (keyValue: Doc) => Error,
  ): void {
    this.deferred = {
      reading: this.readingOf(keys, saved),
      documents,
      duplicate,
    };
    this.multikey = keys.multikey;
  }

  /** A reading of the index's saved keys, sharing the checkpoint's ids, dates and values. */
  private readingOf(keys: SavedKeys, saved: SavedOrders): SavedKeysReading {
    return new SavedKeysReading(
      this.fields.length,
      keys.parts,
      saved.ids,
      (saved.dates ??= new SharedDates(saved.ids.length)),
      saved.shared,
    );
  }

  /**
   * Reads up to `budget` entries of deferred saved keys, and builds the index once all are read;
   * true when it is built (or never was deferred).
   */
  buildSome(budget: number): boolean {
    const deferred = this.deferred;
    if (deferred === undefined) return true;
    if (deferred.error === undefined && !deferred.reading.step(budget)) return false;
    this.finishDeferred();
    return true;
  }

  private finishDeferred(): void {
    const deferred = this.deferred!;
    if (deferred.error) throw deferred.error;
    deferred.reading.step(Infinity);
    this.deferred = undefined;
    const { reading } = deferred;
    if (!reading.failed) {
      const entries = keptEntries(reading.read, undefined);
      if (!(this.unique && this.hasDuplicate(entries))) {
        // multikey stays as it is: the saved flag, set at deferral, or true since (keysFor sets it).
        this.load(entries, true);
        return;
      }
    }
    const duplicate = this.rebuild(deferred.documents());
    if (duplicate) {
      deferred.error = deferred.duplicate(duplicate);
      this.deferred = deferred;
      throw deferred.error;
    }
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /** Whether a query may use this index for bounds: sparse/partial/hidden ones do not cover every document. */
  get plannable(): boolean {
    return this.ordered && !this.spec.sparse && !this.partial && this.spec.hidden !== true;
  }

  /**
   * A sparse index leaves out only documents that have none of its fields, so it may serve a query
   * that bounds one of them (an equality, `$in` or range over non-null values: a missing field
   * meets none of those), as mongod's planner allows.
   */
  get plannableWhenBounded(): boolean {
    return this.ordered && this.spec.sparse === true && !this.partial && this.spec.hidden !== true;
  }

  /** The _id key of a document already holding `values` (for unique indexes), if any. */
  ownerOf(values: unknown[]): string | undefined {
    if (!this.tree) return undefined;
    const next = this.tree.nextHigherKey(entryOf(values, MIN_KEY));
    if (next === undefined) return undefined;
    return this.compareKeys(values, next) === 0 ? entryId(next) : undefined;
  }

  add(keys: IndexKey[], id: string): void {
    if (keys.length > 1) this.multikey = true;
    if (!this.tree) return;
    for (const k of keys) this.tree.set(entryOf(k.values, id), undefined);
  }

  delete(keys: IndexKey[], id: string): void {
    if (!this.tree) return;
    for (const k of keys) this.tree.delete(entryOf(k.values, id));
  }

  get size(): number {
    return this.deferred?.reading.total ?? this.tree?.size ?? 0;
  }

  /**
   * Replaces the tree with one built from every document at once (start-up): keys are sorted once
   * and loaded bottom-up, instead of one tree descent per key. Returns the key value of a duplicate
   * if a unique index would hold two documents with equal keys (then the tree is left unchanged).
   */
  rebuild(docs: Iterable<[string, Doc]>): Doc | undefined {
    this.multikey = false;
    if (!this.tree) {
      for (const [, doc] of docs) this.keysFor(doc);
      return undefined;
    }
    const entries: IndexEntry[] = [];
    for (const [id, doc] of docs) {
      const keys = this.keysFor(doc);
      if (keys.length > 1) this.multikey = true;
      for (const k of keys) entries.push(entryOf(k.values, id));
    }
    entries.sort(this.compareEntries);
    if (this.unique) {
      for (let k = 1; k < entries.length; k++) {
        const cur = entries[k]!;
        if (this.compareKeys(entries[k - 1]!, cur) === 0) return this.keyValue(cur);
      }
    }
    this.load(entries, false);
    return undefined;
  }

  /**
   * rebuild() without the sort, from the order a checkpoint saved (format 3): the keys of each
   * document are computed as rebuild() computes them, put where the saved order says, and every key
   * is then compared with its neighbour. So the tree holds exactly what rebuild() would build, or
   * nothing changes and the answer is false ("sort instead"): for an order that does not fit (the
   * same index name over another key or collation, a document changed by the journal replayed since,
   * a duplicate in a unique index, which rebuild() reports).
   *
   * `alive[o]` says whether the checkpoint's document o is still the stored one (the replay may
   * have replaced or removed it); `fresh` are the stored documents the checkpoint did not hold.
   */
  rebuildInSavedOrder(saved: SavedOrders, order: Int32Array, alive: Uint8Array, fresh: Array<[string, Doc]>): boolean {
    if (!this.tree) return false;
    const n = saved.docs.length;
    let multikey = false;
    this.multikey = false;
    // The keys of document o are keys[first[o]] .. keys[first[o + 1] - 1], in the index's order.
    const first = new Int32Array(n + 1);
    const keys: unknown[][] = [];
    for (let o = 0; o < n; o++) {
      first[o] = keys.length;
      if (alive[o] === 0) continue;
      const own = this.keysFor(saved.docs[o]!);
      if (own.length > 1) {
        multikey = true;
        own.sort((a, b) => this.compareKeys(a.values, b.values));
      }
      for (const k of own) keys.push(k.values);
    }
    first[n] = keys.length;
    // Each time the order names document o, it stands for o's next key (its keys are in order too).
    const taken = first.slice(0, n);
    const kept: IndexEntry[] = new Array(keys.length);
    let size = 0;
    for (let i = 0; i < order.length; i++) {
      const o = order[i]!;
      if (!(o >= 0 && o < n)) return false;
      if (alive[o] === 0) continue;
      const at = taken[o]!;
      if (at >= first[o + 1]!) return false;
      taken[o] = at + 1;
      kept[size++] = entryOf(keys[at]!, saved.ids[o]!);
    }
    for (let o = 0; o < n; o++) if (taken[o] !== first[o + 1]) return false;
    const { entries, multikey: freshMultikey } = this.withFresh(kept, fresh);
    if (this.unique && this.hasDuplicate(entries)) return false;
    try {
      this.load(entries, false);
    } catch {
      return false; // bulkLoad compares each entry with the one before and refuses any out of order
    }
    if (multikey || freshMultikey) this.multikey = true;
    return true;
  }

  /**
   * rebuild() from the keys a format-4 checkpoint saved (see SavedKeys), taken as they are: the
   * file's crc32 matched and its keys were computed and ordered as this code does (KEY_FORMAT), so
   * the keys of the documents still stored are the index. `stillStored` says which those are when
   * the journal replayed since changed some (undefined: all); only the keys of `fresh` documents
   * (the journal's) are computed, sorted and merged in. False ("sort instead") for saved keys that
   * did not parse, and for a duplicate in a unique index (which rebuild() reports).
   */
  rebuildFromSavedKeys(
    keys: SavedKeys,
    saved: SavedOrders,
    stillStored: ((id: string) => boolean) | undefined,
    fresh: Array<[string, Doc]>,
  ): boolean {
    if (!this.tree) return false;
    const reading = this.readingOf(keys, saved);
    reading.step(Infinity);
    if (reading.failed) return false;
    const kept = keptEntries(reading.read, stillStored);
    this.multikey = false;
    const { entries, multikey } = this.withFresh(kept, fresh);
    if (this.unique && this.hasDuplicate(entries)) return false;
    this.load(entries, true);
    if (keys.multikey || multikey) this.multikey = true;
    return true;
  }

  /** `kept` (in order) with the keys of `fresh` merged in, and whether those made the index multikey. */
  private withFresh(kept: IndexEntry[], fresh: Array<[string, Doc]>): { entries: IndexEntry[]; multikey: boolean } {
    let multikey = false;
    const added: IndexEntry[] = [];
    for (const [id, doc] of fresh) {
      const own = this.keysFor(doc);
      if (own.length > 1) multikey = true;
      for (const k of own) added.push(entryOf(k.values, id));
    }
    added.sort(this.compareEntries);
    return { entries: added.length === 0 ? kept : mergeSorted(kept, added, this.compareEntries), multikey };
  }

  /** Whether two neighbours of `entries` (in order) have equal key values. */
  private hasDuplicate(entries: IndexEntry[]): boolean {
    for (let k = 1; k < entries.length; k++) {
      if (this.compareKeys(entries[k - 1]!, entries[k]!) === 0) return true;
    }
    return false;
  }

  /**
   * Replaces the tree with `entries`, which are in the index's order: checked by bulkLoad (each
   * entry against the one before; throws on a misfit) unless `trusted`.
   */
  private load(entries: IndexEntry[], trusted: boolean): void {
    // Every leaf's values are the one shared array of undefined that the tree's own inserts keep
    // (SHARED_UNDEFINED): bulk loading cuts each leaf's from `values`, so it is handed that array
    // instead of a copy per leaf (8 bytes per key: 1.9 M slots at 100,000 orders). No leaf is longer
    // than maxNodeSize, the shortest the shared array is kept.
    const size = this.built!.maxNodeSize;
    while (SHARED_UNDEFINED.length < size) SHARED_UNDEFINED.push(undefined);
    const values = { length: entries.length, slice: () => SHARED_UNDEFINED } as unknown as undefined[];
    const tree = trusted
      ? new BTree<IndexEntry, undefined>(undefined, this.compareEntries, size)
      : bulkLoad(entries, values, size, this.compareEntries);
    // As bulkLoad does, without its comparison of every neighbour (~10 % of a start-up at 100,000 orders).
    if (trusted) asTreeNodes(tree)._root = bulkLoadRoot(entries, values, tree.maxNodeSize, () => -1) as TreeNode;
    this.built = tree;
  }

  /** A key as mongod shows it in E11000 messages: `{ field: value, ... }`. */
  keyValue(values: readonly unknown[]): Doc {
    const value: Doc = {};
    for (let i = 0; i < this.fields.length; i++) value[this.fields[i]!] = values[i];
    return value;
  }

  /**
   * Index keys of a document. Arrays produce one key per element (multikey),
   * a missing field indexes as null, and sparse/partial indexes skip documents
   * they do not cover, exactly like mongod decides uniqueness.
   */
  keysFor(doc: Doc): IndexKey[] {
    if (this.partial && !this.partial.test(doc)) return [];
    if (this.topLevel) {
      // Fast path (start-up builds every index from every document): top-level fields, no arrays.
      // Sized exactly: every index entry keeps this array, and a pushed-to one reserves 17 slots.
      const values: unknown[] = new Array(this.fields.length);
      let present = false;
      let scalar = true;
      // One field may hold a non-empty array of strings (an order's search keys): one key per distinct string.
      let strings: string[] | undefined;
      let stringsAt = -1;
      for (let i = 0; i < this.fields.length; i++) {
        const field = this.fields[i]!;
        const v = Object.prototype.hasOwnProperty.call(doc, field) ? doc[field] : undefined;
        if (Array.isArray(v)) {
          if (strings === undefined && v.length > 0 && v.every((x) => typeof x === 'string')) {
            strings = v as string[];
            stringsAt = i;
            present = true;
            continue;
          }
          scalar = false;
          break;
        }
        if (v !== undefined) present = true;
        values[i] = v === undefined ? null : v;
      }
      if (scalar && strings === undefined) {
        if (this.spec.sparse && !present) return [];
        return [{ hash: '', values }];
      }
      if (scalar && strings !== undefined) {
        this.multikey = true;
        const keys: IndexKey[] = [];
        for (const s of new Set(strings)) {
          const own = values.slice();
          own[stringsAt] = s;
          keys.push({ hash: s, values: own });
        }
        return keys;
      }
    }
    const perField = this.fields.map((f) => pathValues(doc, f));
    if (this.spec.sparse && perField.every((vals) => vals.length === 0)) return [];
    const arrays = perField.filter((vals) => vals.length > 1);
    if (arrays.length > 1) {
      throw new CommandError(
        ErrorCode.CannotIndexParallelArrays,
        `cannot index parallel arrays in index ${this.spec.name}`,
      );
    }
    if (arrays.length === 0) {
      // The common case: every field holds one value (or none), so there is exactly one key.
      const values: unknown[] = new Array(perField.length);
      for (let i = 0; i < perField.length; i++) {
        const v = perField[i]![0];
        values[i] = v === undefined ? null : v;
        if (Array.isArray(getPath(doc, this.fields[i]!))) this.multikey = true; // a one-element array
      }
      return [{ hash: '', values }];
    }
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const options = vals.length === 0 ? [null] : vals.map((v) => (v === undefined ? null : v));
      const next: unknown[][] = [];
      for (const combo of combos) for (const v of options) next.push([...combo, v]);
      combos = next;
    }
    if (this.fields.some((f) => Array.isArray(getPath(doc, f)))) this.multikey = true;
    const seen = new Set<string>();
    const keys: IndexKey[] = [];
    for (const combo of combos) {
      const hash = combo.map(canonicalKey).join('\u0000');
      if (seen.has(hash)) continue;
      seen.add(hash);
      keys.push({ hash, values: combo });
    }
    return keys;
  }
}

function mergeSorted<T>(a: T[], b: T[], compare: (x: T, y: T) => number): T[] {
  const out: T[] = new Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = compare(a[i]!, b[j]!) <= 0 ? a[i++]! : b[j++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
}

/**
 * sorted-btree's nodes, as far as load() reaches into them: a leaf whose values are all undefined
 * shares one array of them (as the tree's own inserts keep it), but bulk loading gives every leaf
 * its own copy, 8 bytes per key.
 */
interface TreeNode {
  keys: unknown[];
  values: unknown[];
  children?: TreeNode[];
  /** Entries under the node: a leaf's keys, an inner node's kept total. */
  size(): number;
}

/**
 * How many entries of the subtree `node` sort before `key` (or also equal to it, with `orEqual`):
 * an inner node's keys are its children's greatest, so the children wholly before are counted by
 * their sizes and one child is descended into.
 */
function rankOf(
  node: TreeNode,
  key: IndexEntry,
  orEqual: boolean,
  compare: (a: IndexEntry, b: IndexEntry) => number,
): number {
  let rank = 0;
  for (;;) {
    const keys = node.keys as IndexEntry[];
    // The first position whose key is past `key` (>, or >= without orEqual): binary search.
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const c = compare(keys[mid]!, key);
      if (c < 0 || (orEqual && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    const children = node.children;
    if (children === undefined) return rank + lo;
    for (let i = 0; i < lo; i++) rank += children[i]!.size();
    if (lo === children.length) return rank;
    node = children[lo]!;
  }
}

function asTreeNodes(tree: BTree<IndexEntry, undefined>): { _root: TreeNode } {
  return tree as unknown as { _root: TreeNode };
}

const SHARED_UNDEFINED = asTreeNodes(new BTree<IndexEntry, undefined>())._root.values;

/**
 * The entries of a saved index's parts (each in order, one after the other) whose documents are
 * still stored, in one array: the part itself when there is one and all are (no copy, and no
 * concatenation then filtering, which made two arrays of garbage of ~1.9 M slots at start-up).
 */
function keptEntries(parts: IndexEntry[][], stillStored: ((id: string) => boolean) | undefined): IndexEntry[] {
  if (parts.length === 1 && stillStored === undefined) return parts[0]!;
  let size = 0;
  for (const part of parts) size += part.length;
  const kept = new Array<IndexEntry>(size);
  let n = 0;
  for (const part of parts) {
    for (const entry of part) if (stillStored === undefined || stillStored(entryId(entry))) kept[n++] = entry;
  }
  kept.length = n;
  return kept;
}

function compareIds(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === MIN_KEY || b === MAX_KEY) return -1;
  if (a === MAX_KEY || b === MIN_KEY) return 1;
  return (a as string) < (b as string) ? -1 : 1;
}

export function duplicateKeyError(ns: string, spec: IndexSpec, keyValue: Doc, prefix = ''): CommandError {
  const shown = Object.entries(keyValue)
    .map(([k, v]) => `${k}: ${formatValue(v)}`)
    .join(', ');
  const message = `${prefix}E11000 duplicate key error collection: ${ns} index: ${spec.name} dup key: { ${shown} }`;
  return new CommandError(ErrorCode.DuplicateKey, message, { keyPattern: spec.key, keyValue });
}
