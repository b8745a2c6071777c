/**
 * The query planner: picks the _id map, an index scan or a collection scan for
 * a filter + sort, runs it, and describes the plan in mongod's explain shape
 * (IDHACK / IXSCAN / FETCH / SORT / SKIP / LIMIT / COLLSCAN).
 *
 * Index bounds only ever narrow the candidates to a superset of the matches:
 * every candidate still goes through the complete filter, so a bound the
 * planner cannot express is simply left open, never a wrong answer.
 */
import type { Collation } from '../values/collation.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import { MAX_KEY, MIN_KEY, sameKeyPattern, type IndexEntry, type IndexRuntime } from '../storage/indexes.js';
import { textRefused, type Matcher } from '../query/filter.js';
import { sortDocs, type SortSpec } from '../query/sort.js';
import type { Collection } from '../storage/store.js';
import { bsonTypeOf, canonicalKey, compareValues, formatValue, isPlainObject, type Doc } from '../values/values.js';

type Bound = { kind: 'points'; values: unknown[] } | { kind: 'range'; lo: unknown; hi: unknown } | { kind: 'all' };

const ALL: Bound = { kind: 'all' };

function isRegex(v: unknown): boolean {
  return v instanceof RegExp || bsonTypeOf(v) === 'BSONRegExp';
}

/** Values an index can look up exactly. Strings only when the index orders them like the query. */
function boundValue(v: unknown, stringsOk: boolean): boolean {
  if (v === null) return true;
  if (typeof v === 'string') return stringsOk;
  if (typeof v === 'number') return !Number.isNaN(v);
  if (typeof v === 'boolean' || v instanceof Date) return true;
  const t = bsonTypeOf(v);
  return t === 'ObjectId' || t === 'Timestamp';
}

/**
 * Whether a bound leaves out every document that lacks the field: points other than null (which a
 * missing field equals), or a range ($gt/$lt and the like never take null as a limit, and a missing
 * field falls in no range, types being bracketed). What lets a sparse index serve the query.
 */
function excludesMissing(b: Bound): boolean {
  return b.kind === 'range' || (b.kind === 'points' && !b.values.includes(null));
}

/** The bound one field condition of a (normalized) filter puts on an index field. */
function fieldBound(cond: unknown, stringsOk: boolean): Bound {
  if (isRegex(cond) || Array.isArray(cond)) return ALL;
  if (!isPlainObject(cond)) return boundValue(cond, stringsOk) ? { kind: 'points', values: [cond] } : ALL;
  const ops = Object.keys(cond);
  if (ops.length === 0 || !ops.every((k) => k.startsWith('$'))) return ALL;
  let lo: unknown = MIN_KEY;
  let hi: unknown = MAX_KEY;
  for (const op of ops) {
    const v = cond[op];
    if (op === '$eq' && boundValue(v, stringsOk)) return { kind: 'points', values: [v] };
    if (op === '$in' && Array.isArray(v) && v.length > 0 && v.every((x) => boundValue(x, stringsOk))) {
      return { kind: 'points', values: v };
    }
    if ((op === '$gt' || op === '$gte') && v !== null && boundValue(v, stringsOk)) lo = v;
    if ((op === '$lt' || op === '$lte') && v !== null && boundValue(v, stringsOk)) hi = v;
  }
  return lo === MIN_KEY && hi === MAX_KEY ? ALL : { kind: 'range', lo, hi };
}

/** Conditions per field from the top level of a filter and its top-level `$and`. */
function fieldConditions(filter: Doc): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  const visit = (f: Doc): void => {
    for (const [key, cond] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(cond)) {
        for (const sub of cond) if (isPlainObject(sub)) visit(sub);
      } else if (!key.startsWith('$')) {
        const list = out.get(key) ?? [];
        list.push(cond);
        out.set(key, list);
      }
    }
  };
  visit(filter);
  return out;
}

/** Every condition must hold, so the narrowest single bound among them is a valid superset. */
function boundFor(conds: unknown[] | undefined, stringsOk: boolean): Bound {
  let best: Bound = ALL;
  for (const c of conds ?? []) {
    const b = fieldBound(c, stringsOk);
    if (b.kind === 'points' && (best.kind !== 'points' || b.values.length < best.values.length)) best = b;
    else if (b.kind === 'range' && best.kind === 'all') best = b;
  }
  return best;
}

interface Interval {
  low: IndexEntry;
  high: IndexEntry;
}

interface IndexCandidate {
  index: IndexRuntime;
  bounds: Bound[];
  intervals: Interval[];
  /** Fields with an equality/range bound, counted from the first. */
  boundFields: number;
  equalityFields: number;
  direction: 1 | -1 | undefined;
  uniqueHit: boolean;
}

const MAX_INTERVALS = 500;

function buildIntervals(index: IndexRuntime, bounds: Bound[]): Interval[] {
  let prefixes: unknown[][] = [[]];
  let rangeAt = -1;
  let range: { lo: unknown; hi: unknown } | undefined;
  for (let i = 0; i < bounds.length; i++) {
    const b = bounds[i] as Bound;
    if (b.kind === 'points') {
      const dir = index.directions[i] as number;
      const strCmp = index.collation.compare;
      const sorted = b.values.slice().sort((x, y) => compareValues(x, y, strCmp) * dir);
      const unique = sorted.filter((v, j) => j === 0 || compareValues(v, sorted[j - 1], strCmp) !== 0);
      if (prefixes.length * unique.length > MAX_INTERVALS) break;
      prefixes = prefixes.flatMap((p) => unique.map((v) => [...p, v]));
    } else {
      if (b.kind === 'range') {
        rangeAt = i;
        range = b;
      }
      break;
    }
  }
  const n = index.fields.length;
  return prefixes.map((p) => {
    const low = p.slice();
    const high = p.slice();
    if (range && rangeAt === p.length) {
      const asc = index.directions[rangeAt] === 1;
      low.push(asc ? range.lo : range.hi === MAX_KEY ? MIN_KEY : range.hi);
      high.push(asc ? range.hi : range.lo === MIN_KEY ? MAX_KEY : range.lo);
    }
    while (low.length < n) low.push(MIN_KEY);
    while (high.length < n) high.push(MAX_KEY);
    return { low: { values: low, id: MIN_KEY }, high: { values: high, id: MAX_KEY } };
  });
}

/**
 * The scan direction in which the index returns documents in `sort` order, or
 * undefined. Fields pinned to one value may be skipped, as in mongod.
 */
function sortDirection(index: IndexRuntime, bounds: Bound[], sort: SortSpec | undefined): 1 | -1 | undefined {
  if (!sort || index.multikey) return undefined;
  const pinned = (i: number): boolean => {
    const b = bounds[i];
    return b?.kind === 'points' && b.values.length === 1;
  };
  const wanted = sort.filter(([field]) => {
    const i = index.fields.indexOf(field);
    return !(i !== -1 && pinned(i));
  });
  let direction: 1 | -1 | undefined;
  let i = 0;
  for (const [field, dir] of wanted) {
    while (i < index.fields.length && index.fields[i] !== field && pinned(i)) i++;
    if (index.fields[i] !== field) return undefined;
    const d = (dir * (index.directions[i] as number)) as 1 | -1;
    if (direction !== undefined && d !== direction) return undefined;
    direction = d;
    i++;
  }
  // Points before the sort fields (a multi-value $in) would interleave the order.
  for (let j = 0; j < i; j++) {
    const b = bounds[j];
    if (b?.kind === 'points' && b.values.length > 1) return undefined;
  }
  return direction ?? 1;
}

function candidateFor(
  index: IndexRuntime,
  conds: Map<string, unknown[]>,
  collation: Collation,
  sort: SortSpec | undefined,
): IndexCandidate {
  const stringsOk = index.collation.id === collation.id;
  const bounds = index.fields.map((f) => boundFor(conds.get(f), stringsOk));
  let boundFields = 0;
  let equalityFields = 0;
  for (const b of bounds) {
    if (b.kind === 'all') break;
    boundFields++;
    if (b.kind === 'range') break;
    equalityFields++;
  }
  const direction = stringsOk || !sort ? sortDirection(index, bounds, sort) : undefined;
  const uniqueHit =
    index.unique &&
    equalityFields === index.fields.length &&
    bounds.every((b) => b.kind === 'points' && b.values.length === 1);
  return { index, bounds, intervals: buildIntervals(index, bounds), boundFields, equalityFields, direction, uniqueHit };
}

function score(c: IndexCandidate): number {
  if (c.uniqueHit) return 10_000;
  return (
    c.equalityFields * 100 + (c.boundFields - c.equalityFields) * 50 + (c.direction ? 20 : 0) - c.index.fields.length
  );
}

function* scanEntries(c: IndexCandidate, backward: boolean): Generator<IndexEntry> {
  const tree = c.index.tree;
  if (!tree) return;
  const cmp = c.index.compareEntries;
  const intervals = backward ? c.intervals.slice().reverse() : c.intervals;
  for (const { low, high } of intervals) {
    if (backward) {
      for (const [entry] of tree.entriesReversed(high)) {
        if (cmp(entry, low) < 0) break;
        yield entry;
      }
    } else {
      for (const [entry] of tree.entries(low)) {
        if (cmp(entry, high) > 0) break;
        yield entry;
      }
    }
  }
}

function* scanIndex(c: IndexCandidate, backward: boolean): Generator<string> {
  for (const entry of scanEntries(c, backward)) yield entry.id as string;
}

function formatBound(v: unknown): string {
  if (v === MIN_KEY) return 'MinKey';
  if (v === MAX_KEY) return 'MaxKey';
  return formatValue(v);
}

function indexBounds(c: IndexCandidate): Doc {
  const out: Doc = {};
  c.index.fields.forEach((field, i) => {
    const b = c.bounds[i] as Bound;
    const asc = c.index.directions[i] === 1;
    const interval = (lo: unknown, hi: unknown): string =>
      asc ? `[${formatBound(lo)}, ${formatBound(hi)}]` : `[${formatBound(hi)}, ${formatBound(lo)}]`;
    const lowerFields = c.bounds.slice(0, i).some((x) => x.kind !== 'points');
    if (b.kind === 'points' && !lowerFields) out[field] = b.values.map((v) => interval(v, v));
    else if (b.kind === 'range' && !lowerFields) out[field] = [interval(b.lo, b.hi)];
    else out[field] = [asc ? '[MinKey, MaxKey]' : '[MaxKey, MinKey]'];
  });
  return out;
}

function ixscanStage(c: IndexCandidate, backward: boolean): Doc {
  return {
    stage: 'IXSCAN',
    keyPattern: c.index.spec.key,
    indexName: c.index.spec.name,
    isMultiKey: c.index.multikey,
    isUnique: c.index.unique,
    isSparse: c.index.spec.sparse === true,
    isPartial: c.index.spec.partialFilterExpression !== undefined,
    indexVersion: 2,
    direction: backward ? 'backward' : 'forward',
    indexBounds: indexBounds(c),
  };
}

export interface SelectOptions {
  sort?: SortSpec | undefined;
  skip?: number;
  limit?: number;
  collation: Collation;
  hint?: unknown;
}

export interface Selection {
  /** Matching stored documents (shared references: callers must not modify them). */
  docs: Doc[];
  /** `queryPlanner.winningPlan` as mongod's classic engine shows it. */
  winningPlan: Doc;
  keysExamined: number;
  docsExamined: number;
}

function hintedIndex(coll: Collection, hint: unknown): IndexRuntime | 'natural' | undefined {
  if (hint === undefined || hint === null) return undefined;
  if (typeof hint === 'string' && hint === '') return undefined;
  if (isPlainObject(hint) && Object.keys(hint).length === 0) return undefined;
  if (isPlainObject(hint) && '$natural' in hint) return 'natural';
  const all = [coll.idIndex, ...coll.secondaryIndexes()];
  const found =
    typeof hint === 'string'
      ? all.find((i) => i.spec.name === hint)
      : isPlainObject(hint)
        ? all.find((i) => sameKeyPattern(i.spec.key, hint))
        : undefined;
  if (!found || !found.tree) {
    throw new CommandError(
      ErrorCode.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  }
  return found;
}

/** Validates a hint against a collection that may not exist (mongod accepts any hint then). */
export function checkHint(coll: Collection | undefined, hint: unknown): void {
  if (coll) hintedIndex(coll, hint);
}

/** The index scan the planner runs for these conditions, or undefined for a collection scan. */
function chooseIndex(
  coll: Collection,
  hinted: IndexRuntime | 'natural' | undefined,
  conds: Map<string, unknown[]>,
  collation: Collation,
  sort: SortSpec | undefined,
): IndexCandidate | undefined {
  if (hinted === 'natural') return undefined;
  if (hinted) return candidateFor(hinted, conds, collation, sort);
  let chosen: IndexCandidate | undefined;
  for (const index of [coll.idIndex, ...coll.secondaryIndexes()]) {
    if (!index.plannable && !index.plannableWhenBounded) continue;
    const c = candidateFor(index, conds, collation, sort);
    if (c.boundFields === 0 && !c.direction) continue;
    if (!index.plannable && !c.bounds.some(excludesMissing)) continue;
    if (!chosen || score(c) > score(chosen)) chosen = c;
  }
  return chosen;
}

export interface CountResult {
  n: number;
  /** `COUNT` over the plan, as mongod's explain shows it. */
  winningPlan: Doc;
  keysExamined: number;
  docsExamined: number;
}

/** A filter made only of conditions on named fields (no top-level $or, $nor, $expr, $where...). */
function onlyFieldConditions(filter: Doc): boolean {
  return Object.entries(filter).every(([key, cond]) =>
    key === '$and'
      ? Array.isArray(cond) && cond.every((sub) => isPlainObject(sub) && onlyFieldConditions(sub))
      : !key.startsWith('$'),
  );
}

/** A condition that is exactly one index point: `{f: v}` or `{f: {$eq: v}}` with v neither null nor a string the index orders otherwise. */
function isExactPoint(cond: unknown, stringsOk: boolean): boolean {
  const v = isPlainObject(cond) && Object.keys(cond).length === 1 && '$eq' in cond ? cond.$eq : cond;
  return v !== null && !isPlainObject(v) && !Array.isArray(v) && !isRegex(v) && boundValue(v, stringsOk);
}

/**
 * The index that answers a count by itself: it holds every field the filter names at the top
 * level, once per document (not multikey), for every document (not sparse or partial). Then each
 * key stands in for its document: mongod's COUNT_SCAN when the bounds are the whole filter, a
 * covered IXSCAN (keys tested, no FETCH) otherwise.
 */
function coveringCount(coll: Collection, matcher: Matcher, opts: SelectOptions): IndexCandidate | undefined {
  const hinted = hintedIndex(coll, opts.hint);
  const filter = matcher.normalized;
  if (hinted === 'natural' || matcher.text || !onlyFieldConditions(filter)) return undefined;
  const conds = fieldConditions(filter);
  if (conds.has('_id')) return undefined;
  const c = chooseIndex(coll, hinted, conds, opts.collation, undefined);
  if (!c || c.boundFields === 0 || !c.index.plannable || c.index.multikey) return undefined;
  if (c.index.fields.some((f) => f.includes('.'))) return undefined;
  return [...conds.keys()].every((f) => c.index.fields.includes(f)) ? c : undefined;
}

/** Counts what `matcher` selects (with skip and limit), from an index's keys when one covers the filter. */
export function countMatches(coll: Collection | undefined, matcher: Matcher, opts: SelectOptions): CountResult {
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  const c = coll && coveringCount(coll, matcher, opts);
  if (!coll || !c) {
    const sel = select(coll, matcher, opts);
    return { ...sel, n: sel.docs.length, winningPlan: { stage: 'COUNT', inputStage: sel.winningPlan } };
  }
  const conds = fieldConditions(matcher.normalized);
  const stringsOk = c.index.collation.id === opts.collation.id;
  const exact = [...conds].every(
    ([f, list]) =>
      list.length === 1 && isExactPoint(list[0], stringsOk) && c.index.fields.indexOf(f) < c.equalityFields,
  );
  const fields = c.index.fields;
  const stopAt = limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  let matched = 0;
  let keysExamined = 0;
  let docsExamined = 0;
  for (const entry of scanEntries(c, false)) {
    keysExamined++;
    if (!exact) {
      // A null key is a null or a missing field, which `$exists` and `$type` tell apart: read that document.
      let doc: Doc | undefined;
      if (entry.values.includes(null)) {
        docsExamined++;
        doc = coll.docs.get(entry.id as string);
      } else {
        doc = {};
        for (let i = 0; i < fields.length; i++) doc[fields[i] as string] = entry.values[i];
      }
      if (!doc || !matcher.test(doc)) continue;
    }
    if (++matched >= stopAt) break;
  }
  const scan = exact
    ? { ...ixscanStage(c, false), stage: 'COUNT_SCAN' }
    : { ...ixscanStage(c, false), filter: matcher.raw };
  return {
    n: Math.max(0, matched - skip),
    winningPlan: { stage: 'COUNT', inputStage: scan },
    keysExamined,
    docsExamined,
  };
}

/** Runs `matcher` over `coll` through the best plan; applies sort, skip and limit. */
export function select(coll: Collection | undefined, matcher: Matcher, opts: SelectOptions): Selection {
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  const sort = opts.sort && !(opts.sort.length === 1 && opts.sort[0]?.[0] === '$natural') ? opts.sort : undefined;
  if (matcher.text) {
    throw textRefused(coll?.secondaryIndexes().some((i) => Object.values(i.spec.key).includes('text')) ?? false);
  }
  if (!coll) return { docs: [], winningPlan: { stage: 'EOF' }, keysExamined: 0, docsExamined: 0 };
  const hinted = hintedIndex(coll, opts.hint);
  const filter = matcher.normalized;
  const conds = fieldConditions(filter);
  const filterShown = Object.keys(matcher.raw).length ? { filter: matcher.raw } : {};

  let source: Iterable<Doc>;
  let inputStage: Doc;
  let sortedByIndex = false;
  let keysExamined = 0;
  let docsExamined = 0;

  const idConds = conds.get('_id');
  const idBound = hinted ? ALL : boundFor(idConds, coll.idIndex.collation.id === opts.collation.id);
  let chosen: IndexCandidate | undefined;
  if (hinted === undefined && idBound.kind === 'points' && idBound.values.length <= MAX_INTERVALS) {
    const seen = new Set<string>();
    const docs: Doc[] = [];
    for (const v of idBound.values) {
      const key = canonicalKey(v);
      keysExamined++;
      const doc = coll.docs.get(key);
      if (doc && !seen.has(key)) {
        seen.add(key);
        docs.push(doc);
      }
    }
    source = docs;
    const single = idBound.values.length === 1 && !sort && coll.idIndex.collation.id === 'simple';
    inputStage = single
      ? { stage: 'IDHACK' }
      : {
          stage: 'FETCH',
          ...filterShown,
          inputStage: ixscanStage(candidateFor(coll.idIndex, conds, opts.collation, undefined), false),
        };
  } else {
    chosen = chooseIndex(coll, hinted, conds, opts.collation, sort);
    if (chosen) {
      const c = chosen;
      const backward = c.direction === -1;
      sortedByIndex = Boolean(sort && c.direction);
      const multikey = c.index.multikey;
      source = (function* () {
        const seen = multikey ? new Set<string>() : undefined;
        for (const id of scanIndex(c, backward)) {
          keysExamined++;
          if (seen) {
            if (seen.has(id)) continue;
            seen.add(id);
          }
          const doc = coll.docs.get(id);
          if (doc) yield doc;
        }
      })();
      inputStage = { stage: 'FETCH', ...filterShown, inputStage: ixscanStage(c, backward) };
    } else {
      source =
        hinted === 'natural' && isPlainObject(opts.hint) && opts.hint.$natural === -1
          ? [...coll.docs.values()].reverse()
          : coll.docs.values();
      inputStage = { stage: 'COLLSCAN', ...filterShown, direction: 'forward' };
    }
  }

  const stopAt = (!sort || sortedByIndex) && limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  const matched: Doc[] = [];
  for (const doc of source) {
    docsExamined++;
    if (!matcher.test(doc)) continue;
    matched.push(doc);
    if (matched.length >= stopAt) break;
  }
  let ordered = matched;
  let plan = inputStage;
  if (sort && !sortedByIndex) {
    ordered = sortDocs(matched, sort, opts.collation.compare);
    plan = {
      stage: 'SORT',
      sortPattern: Object.fromEntries(sort),
      memLimit: 104857600,
      ...(limit > 0 ? { limitAmount: skip + limit } : {}),
      type: 'simple',
      inputStage: plan,
    };
  }
  if (skip > 0) plan = { stage: 'SKIP', skipAmount: skip, inputStage: plan };
  if (limit > 0 && (!sort || sortedByIndex)) plan = { stage: 'LIMIT', limitAmount: limit, inputStage: plan };
  const docs =
    skip === 0 && (limit === 0 || ordered.length <= limit)
      ? ordered
      : ordered.slice(skip, limit > 0 ? skip + limit : undefined);
  return { docs, winningPlan: plan, keysExamined, docsExamined };
}
