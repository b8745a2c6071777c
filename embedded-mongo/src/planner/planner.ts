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
import { MAX_KEY, MIN_KEY, entryId, sameKeyPattern, type IndexEntry, type IndexRuntime } from '../storage/indexes.js';
import { textRefused, type Matcher } from '../query/filter.js';
import { sortDocs, type SortSpec } from '../query/sort.js';
import type { Collection } from '../storage/store.js';
import type { StoredValue } from '../storage/stored.js';
import { bsonTypeOf, canonicalKey, compareValues, formatValue, isPlainObject, type Doc } from '../values/values.js';

/**
 * What a filter says about one index field. `not` ($ne, $nin) cannot narrow a scan by itself (the
 * rest of the index lies on both sides), but it tells which of a field's values a merged sort needs.
 */
type Bound =
  | { kind: 'points'; values: unknown[] }
  | { kind: 'range'; lo: unknown; hi: unknown }
  | { kind: 'not'; values: unknown[] }
  | { kind: 'all' };

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
  const excluded: unknown[] = [];
  for (const op of ops) {
    const v = cond[op];
    if (op === '$eq' && boundValue(v, stringsOk)) return { kind: 'points', values: [v] };
    if (op === '$in' && Array.isArray(v) && v.length > 0 && v.every((x) => boundValue(x, stringsOk))) {
      return { kind: 'points', values: v };
    }
    if ((op === '$gt' || op === '$gte') && v !== null && boundValue(v, stringsOk)) lo = v;
    if ((op === '$lt' || op === '$lte') && v !== null && boundValue(v, stringsOk)) hi = v;
    if (op === '$ne' && boundValue(v, stringsOk)) excluded.push(v);
    if (op === '$nin' && Array.isArray(v) && v.every((x) => boundValue(x, stringsOk))) excluded.push(...v);
  }
  if (lo !== MIN_KEY || hi !== MAX_KEY) return { kind: 'range', lo, hi };
  return excluded.length > 0 ? { kind: 'not', values: excluded } : ALL;
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
    else if (b.kind === 'range' && (best.kind === 'all' || best.kind === 'not')) best = b;
    else if (b.kind === 'not' && best.kind === 'all') best = b;
  }
  return best;
}

/** Whether an index key value can meet a bound (a superset test, like the bounds themselves). */
function withinBound(b: Bound, v: unknown, strCmp: Collation['compare']): boolean {
  const same = (x: unknown) => compareValues(x, v, strCmp) === 0;
  if (b.kind === 'points') return b.values.some(same);
  if (b.kind === 'not') return !b.values.some(same);
  if (b.kind === 'range') {
    return (
      (b.lo === MIN_KEY || compareValues(v, b.lo, strCmp) >= 0) &&
      (b.hi === MAX_KEY || compareValues(v, b.hi, strCmp) <= 0)
    );
  }
  return true;
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
  /**
   * A sort the index orders only within each value of its first fields: one scan per such value
   * (in bounds), merged on the sort's keys (mongod's SORT_MERGE), so a limit stops every scan early.
   */
  merged?: { scans: IndexCandidate[]; sort: SortSpec; prefix: number };
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
    low.push(MIN_KEY);
    high.push(MAX_KEY);
    return { low, high };
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

/**
 * Fields with a bound, counted from the first, and those of them with points. The first `merged`
 * fields are split into one scan per value, so each of them counts whatever its bound.
 */
function boundCounts(bounds: Bound[], merged = 0): { boundFields: number; equalityFields: number } {
  let boundFields = 0;
  let equalityFields = 0;
  for (const [i, b] of bounds.entries()) {
    if (i >= merged && (b.kind === 'all' || b.kind === 'not')) break;
    boundFields++;
    if (b.kind === 'points') equalityFields++;
    else if (i >= merged) break;
  }
  return { boundFields, equalityFields };
}

/** Most scans one merged sort opens: distinct values of the fields before the sort's in the index. */
const MAX_MERGED_SCANS = 64;

/**
 * The distinct values of the index's first `prefix` fields that meet their bounds, found by
 * seeking past each one (a handful of tree descents for a field like an order's status), or
 * undefined when there are more than MAX_MERGED_SCANS.
 */
function prefixesWithin(index: IndexRuntime, bounds: Bound[], prefix: number): unknown[][] | undefined {
  const n = index.fields.length;
  const strCmp = index.collation.compare;
  const out: unknown[][] = [];
  let from: IndexEntry = [...index.fields.map(() => MIN_KEY), MIN_KEY];
  for (let seen = 0; seen <= MAX_MERGED_SCANS; seen++) {
    const next = firstEntryFrom(index, from);
    if (!next) return out;
    const values = next.slice(0, prefix);
    if (values.every((v, i) => withinBound(bounds[i] as Bound, v, strCmp))) out.push(values);
    from = [...values, ...Array<unknown>(n - prefix + 1).fill(MAX_KEY)];
  }
  return undefined;
}

/**
 * A sort on index fields that come after fields with several values in bounds (`$in`, `$ne`, a
 * range): one ordered scan per value of those fields, merged. Only when the split narrows the
 * scans (some of those fields has a bound) and each scan is in sort order.
 */
function mergedSort(index: IndexRuntime, bounds: Bound[], sort: SortSpec): IndexCandidate['merged'] {
  if (index.multikey || !index.ordered) return undefined;
  for (let prefix = 1; prefix < index.fields.length; prefix++) {
    const head = bounds.slice(0, prefix);
    if (head.every((b) => b.kind === 'all')) continue;
    const pinned: Bound[] = head.map(() => ({ kind: 'points', values: [null] }));
    if (!sortDirection(index, [...pinned, ...bounds.slice(prefix)], sort)) continue;
    const prefixes = prefixesWithin(index, bounds, prefix);
    if (!prefixes) return undefined;
    const scans = prefixes.map((values) => {
      const scanBounds: Bound[] = [
        ...values.map((v): Bound => ({ kind: 'points', values: [v] })),
        ...bounds.slice(prefix),
      ];
      return candidateWith(index, scanBounds, sort);
    });
    return { scans, sort, prefix };
  }
  return undefined;
}

function candidateWith(index: IndexRuntime, bounds: Bound[], sort: SortSpec | undefined): IndexCandidate {
  const { boundFields, equalityFields } = boundCounts(bounds);
  const direction = sortDirection(index, bounds, sort);
  const uniqueHit =
    index.unique &&
    equalityFields === index.fields.length &&
    bounds.every((b) => b.kind === 'points' && b.values.length === 1);
  return { index, bounds, intervals: buildIntervals(index, bounds), boundFields, equalityFields, direction, uniqueHit };
}

function candidateFor(
  index: IndexRuntime,
  conds: Map<string, unknown[]>,
  collation: Collation,
  sort: SortSpec | undefined,
): IndexCandidate {
  const stringsOk = index.collation.id === collation.id;
  const bounds = index.fields.map((f) => boundFor(conds.get(f), stringsOk));
  if (sort && !stringsOk) return { ...candidateWith(index, bounds, undefined), direction: undefined };
  const plain = candidateWith(index, bounds, sort);
  const merged = sort && !plain.direction ? mergedSort(index, bounds, sort) : undefined;
  if (!merged) return plain;
  return { ...plain, ...boundCounts(bounds, merged.prefix), direction: merged.scans[0]?.direction ?? 1, merged };
}

function score(c: IndexCandidate): number {
  if (c.uniqueHit) return 10_000;
  return (
    c.equalityFields * 100 + (c.boundFields - c.equalityFields) * 50 + (c.direction ? 20 : 0) - c.index.fields.length
  );
}

/** The index's entries from `from` on (its order, or backwards), each as the tree keeps it. */
function* entriesFrom(index: IndexRuntime, from: IndexEntry, backward: boolean): Generator<IndexEntry> {
  const tree = index.tree;
  if (!tree) return;
  for (const [entry] of backward ? tree.entriesReversed(from) : tree.entries(from)) yield entry;
}

function firstEntryFrom(index: IndexRuntime, from: IndexEntry): IndexEntry | undefined {
  for (const entry of entriesFrom(index, from, false)) return entry;
  return undefined;
}

function* scanEntries(c: IndexCandidate, backward: boolean): Generator<IndexEntry> {
  if (c.merged) {
    yield* mergeScans(c, backward);
    return;
  }
  const cmp = c.index.compareEntries;
  const intervals = backward ? c.intervals.slice().reverse() : c.intervals;
  for (const { low, high } of intervals) {
    for (const entry of entriesFrom(c.index, backward ? high : low, backward)) {
      if (backward ? cmp(entry, low) < 0 : cmp(entry, high) > 0) break;
      yield entry;
    }
  }
}

/**
 * The merged scans' entries in sort order: each scan is already in it, so the next entry is the
 * least of their heads (few scans: a linear pick). Ties go by _id in the scan's direction, as one
 * index on the sort's fields would give them.
 */
function* mergeScans(c: IndexCandidate, backward: boolean): Generator<IndexEntry> {
  const { scans, sort } = c.merged!;
  const strCmp = c.index.collation.compare;
  const keyAt = sort.map(([field, dir]) => [c.index.fields.indexOf(field), dir] as const);
  const idDir = backward ? -1 : 1;
  const before = (a: IndexEntry, b: IndexEntry): boolean => {
    for (const [i, dir] of keyAt) {
      const d = compareValues(a[i], b[i], strCmp);
      if (d !== 0) return d * dir < 0;
    }
    return (entryId(a) < entryId(b) ? -1 : 1) * idDir < 0;
  };
  const heads: { it: Generator<IndexEntry>; entry: IndexEntry }[] = [];
  for (const scan of scans) {
    const it = scanEntries(scan, backward);
    const first = it.next();
    if (!first.done) heads.push({ it, entry: first.value });
  }
  while (heads.length > 0) {
    let least = 0;
    for (let i = 1; i < heads.length; i++) if (before(heads[i]!.entry, heads[least]!.entry)) least = i;
    const head = heads[least]!;
    yield head.entry;
    const next = head.it.next();
    if (next.done) heads.splice(least, 1);
    else head.entry = next.value;
  }
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
  if (c.merged) {
    return {
      stage: 'SORT_MERGE',
      sortPattern: Object.fromEntries(c.merged.sort),
      inputStages: c.merged.scans.map((scan) => ixscanStage(scan, backward)),
    };
  }
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
  /**
   * Answer references to the stored documents (Selection.refs) instead of keeping every matching
   * document decoded: a find without a limit holds 8 bytes per match, not the documents.
   */
  refs?: boolean;
}

export interface Selection {
  /** Matching stored documents (shared references: callers must not modify them). */
  docs: Doc[];
  /**
   * With SelectOptions.refs: what was stored for each matching document when it was selected (see
   * StoredDocuments.raw), in the answer's order, and `docs` is empty. Read them with `coll.docs.read`.
   */
  refs?: StoredValue[];
  /**
   * `queryPlanner.winningPlan` as mongod's classic engine shows it, built when called: only explain
   * shows it, and its index bounds (a string per value in bounds) were garbage for every other read.
   */
  winningPlan: () => Doc;
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
  if (!found || !found.ordered) {
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
  /** `COUNT` over the plan, as mongod's explain shows it (built when called, as Selection's). */
  winningPlan: () => Doc;
  keysExamined: number;
  docsExamined: number;
}

/** `v` or `{$eq: v}` or `{$in: [...]}`, and nothing else: a condition whose bound is its whole meaning. */
function isPointsOnly(cond: unknown): boolean {
  if (!isPlainObject(cond)) return true;
  const ops = Object.keys(cond);
  return ops.length === 1 && (ops[0] === '$eq' || ops[0] === '$in');
}

/** A filter made only of conditions on named fields (no top-level $or, $nor, $expr, $where...). */
function onlyFieldConditions(filter: Doc): boolean {
  return Object.entries(filter).every(([key, cond]) =>
    key === '$and'
      ? Array.isArray(cond) && cond.every((sub) => isPlainObject(sub) && onlyFieldConditions(sub))
      : !key.startsWith('$'),
  );
}

/**
 * The filter tested on an entry's keys alone, when the index holds every field the filter names
 * once per document; undefined for a null key, a null or a missing field, which `$exists` and
 * `$type` tell apart: only the document can say.
 */
function keyTest(
  index: IndexRuntime,
  matcher: Matcher,
  collation: Collation,
): ((entry: IndexEntry) => boolean | undefined) | undefined {
  const filter = matcher.normalized;
  const fields = index.fields;
  if (index.multikey || !onlyFieldConditions(filter) || fields.some((f) => f.includes('.'))) return undefined;
  const conds = fieldConditions(filter);
  if (![...conds.keys()].every((f) => fields.includes(f))) return undefined;
  const quick = quickChecks(conds, fields, collation.id === 'simple');
  const byMatcher = (entry: IndexEntry): boolean => {
    const doc: Doc = {};
    for (let i = 0; i < fields.length; i++) doc[fields[i] as string] = entry[i];
    return matcher.test(doc);
  };
  return (entry) => {
    for (let i = 0; i < fields.length; i++) if (entry[i] === null) return undefined;
    if (!quick) return byMatcher(entry);
    for (const [i, check] of quick) {
      const verdict = check(entry[i]);
      if (verdict === undefined) return byMatcher(entry);
      if (!verdict) return false;
    }
    return true;
  };
}

/** A key value as a plain comparable: numbers, strings and Dates (as their time); undefined for any other. */
function comparable(v: unknown): { kind: string; x: number | string } | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? undefined : { kind: 'number', x: v };
  if (typeof v === 'string') return { kind: 'string', x: v };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? undefined : { kind: 'date', x: v.getTime() };
  return undefined;
}

type Check = (v: unknown) => boolean | undefined;

/**
 * One field's condition as comparisons of same-kind values (a tab count tests tens of thousands of
 * keys: a few ns each instead of a matcher call). A key of another kind answers undefined, and the
 * matcher decides; undefined for a condition with anything else in it. Strings only for equality
 * under the simple collation (their order is the matcher's business).
 */
function quickCheck(cond: unknown, stringsOk: boolean): Check | undefined {
  const ops: [string, unknown][] = isPlainObject(cond) ? Object.entries(cond) : [['$eq', cond]];
  if (ops.length === 0 || ops.some(([op]) => !op.startsWith('$'))) return undefined;
  const checks: Check[] = [];
  for (const [op, operand] of ops) {
    const list = op === '$in' || op === '$nin' ? operand : [operand];
    if (!Array.isArray(list) || list.length === 0) return undefined;
    const values = list.map(comparable);
    if (values.some((c) => !c || (c.kind === 'string' && !stringsOk))) return undefined;
    const wanted = values as { kind: string; x: number | string }[];
    const kind = wanted[0]!.kind;
    if (wanted.some((c) => c.kind !== kind)) return undefined;
    const xs = new Set(wanted.map((c) => c.x));
    const o = wanted[0]!.x;
    const test: ((x: number | string) => boolean) | undefined =
      op === '$eq' || op === '$in'
        ? (x) => xs.has(x)
        : op === '$ne' || op === '$nin'
          ? (x) => !xs.has(x)
          : kind === 'string'
            ? undefined
            : op === '$gt'
              ? (x) => x > o
              : op === '$gte'
                ? (x) => x >= o
                : op === '$lt'
                  ? (x) => x < o
                  : op === '$lte'
                    ? (x) => x <= o
                    : undefined;
    if (!test) return undefined;
    checks.push((v) => {
      const c = comparable(v);
      return c && c.kind === kind ? test(c.x) : undefined;
    });
  }
  return (v) => {
    for (const check of checks) {
      const verdict = check(v);
      if (verdict !== true) return verdict;
    }
    return true;
  };
}

/** Every condition of the filter as a quick check on its index field, or undefined if one cannot be. */
function quickChecks(
  conds: Map<string, unknown[]>,
  fields: string[],
  stringsOk: boolean,
): [number, Check][] | undefined {
  const out: [number, Check][] = [];
  for (const [field, list] of conds) {
    for (const cond of list) {
      const check = quickCheck(cond, stringsOk);
      if (!check) return undefined;
      out.push([fields.indexOf(field), check]);
    }
  }
  return out;
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

const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * For a count of exact points on the index's first fields and a range of Dates on the next one
 * (an order tab over some days: `{status, createdAt: {$gte, $lt}}`), the index entries that hold
 * exactly its matches, as one interval: each end a Date (or open), an exclusive end padded past
 * the entries equal to it. undefined for any other filter, and when the keys in the interval are not
 * all Dates: keys are grouped by BSON type, so the first and last being Dates is all of them being.
 */
function dateRangeBounds(index: IndexRuntime, conds: Map<string, unknown[]>, stringsOk: boolean): Interval | undefined {
  const prefix: unknown[] = [];
  for (const field of index.fields) {
    const list = conds.get(field);
    if (list?.length !== 1 || !isExactPoint(list[0], stringsOk)) break;
    const cond = list[0];
    prefix.push(isPlainObject(cond) ? cond.$eq : cond);
  }
  const k = prefix.length;
  const field = index.fields[k];
  const list = field === undefined ? undefined : conds.get(field);
  if (!list || conds.size !== k + 1 || index.fields.length <= k) return undefined;
  // The tightest lower and upper ends of every condition on the field, each maybe exclusive.
  let lower: { at: number; open: boolean } | undefined;
  let upper: { at: number; open: boolean } | undefined;
  for (const cond of list) {
    if (!isPlainObject(cond)) return undefined;
    for (const [op, v] of Object.entries(cond)) {
      if (!RANGE_OPS.has(op) || !(v instanceof Date) || Number.isNaN(v.getTime())) return undefined;
      const end = { at: v.getTime(), open: op === '$gt' || op === '$lt' };
      if (op === '$gt' || op === '$gte') {
        if (!lower || end.at > lower.at || (end.at === lower.at && end.open)) lower = end;
      } else if (!upper || end.at < upper.at || (end.at === upper.at && end.open)) upper = end;
    }
  }
  const width = index.fields.length - k - 1;
  const pad = (value: unknown, filler: symbol): IndexEntry => [
    ...prefix,
    value,
    ...Array<symbol>(width).fill(filler),
    filler,
  ];
  // In the index's order: the end it meets first, then the one it meets last (a descending field
  // meets its upper end first). A closed end keeps the entries equal to it, an open one passes them.
  const first = index.directions[k] === 1 ? lower : upper;
  const last = index.directions[k] === 1 ? upper : lower;
  const low = first ? pad(new Date(first.at), first.open ? MAX_KEY : MIN_KEY) : pad(MIN_KEY, MIN_KEY);
  const high = last ? pad(new Date(last.at), last.open ? MIN_KEY : MAX_KEY) : pad(MAX_KEY, MAX_KEY);
  const cmp = index.compareEntries;
  const head = firstEntryFrom(index, low);
  if (!head || cmp(head, high) > 0) return { low, high }; // nothing in between: counts 0
  let tail: IndexEntry | undefined;
  for (const entry of entriesFrom(index, high, true)) {
    tail = entry;
    break;
  }
  const isDate = (entry: IndexEntry | undefined) => entry?.[k] instanceof Date && !Number.isNaN(entry[k].getTime());
  return isDate(head) && isDate(tail) ? { low, high } : undefined;
}

/** Counts what `matcher` selects (with skip and limit), from an index's keys when one covers the filter. */
export function countMatches(coll: Collection | undefined, matcher: Matcher, opts: SelectOptions): CountResult {
  const skip = opts.skip ?? 0;
  const limit = opts.limit ?? 0;
  const c = coll && coveringCount(coll, matcher, opts);
  if (!coll || !c) {
    // References, not documents: a count holds nothing it decoded.
    const sel = select(coll, matcher, { ...opts, refs: true });
    const n = sel.refs?.length ?? sel.docs.length;
    return { ...sel, n, winningPlan: () => ({ stage: 'COUNT', inputStage: sel.winningPlan() }) };
  }
  const conds = fieldConditions(matcher.normalized);
  const stringsOk = c.index.collation.id === opts.collation.id;
  const exact = [...conds].every(
    ([f, list]) =>
      list.length === 1 && isExactPoint(list[0], stringsOk) && c.index.fields.indexOf(f) < c.equalityFields,
  );
  const byKeys = keyTest(c.index, matcher, opts.collation);
  const stopAt = limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  let matched = 0;
  let keysExamined = 0;
  let docsExamined = 0;
  const dated = exact ? undefined : dateRangeBounds(c.index, conds, stringsOk);
  if (exact || dated) {
    // Every key within the bounds is a match (COUNT_SCAN): the tree counts them from the sizes its
    // inner nodes keep, a descent per bound instead of a walk over every key.
    for (const { low, high } of dated ? [dated] : c.intervals) matched += c.index.countBetween(low, high);
    matched = Math.min(matched, stopAt);
    keysExamined = matched;
  } else {
    for (const entry of scanEntries(c, false)) {
      keysExamined++;
      let ok = byKeys?.(entry);
      if (ok === undefined) {
        docsExamined++;
        const doc = coll.docs.get(entryId(entry));
        ok = doc !== undefined && matcher.test(doc);
      }
      if (ok && ++matched >= stopAt) break;
    }
  }
  const scan = (): Doc =>
    exact || dated
      ? { ...ixscanStage(c, false), stage: 'COUNT_SCAN' }
      : { ...ixscanStage(c, false), filter: matcher.raw };
  return {
    n: Math.max(0, matched - skip),
    winningPlan: () => ({ stage: 'COUNT', inputStage: scan() }),
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
  if (!coll) return { docs: [], winningPlan: () => ({ stage: 'EOF' }), keysExamined: 0, docsExamined: 0 };
  const hinted = hintedIndex(coll, opts.hint);
  const filter = matcher.normalized;
  const conds = fieldConditions(filter);
  const filterShown = Object.keys(matcher.raw).length ? { filter: matcher.raw } : {};

  // Index scans name the document and what its keys alone say of the filter, so a document the
  // keys rule out, or that a skip passes over, is never read.
  let source: Iterable<{ ref?: StoredValue; id?: string; keys?: boolean | undefined }>;
  let inputStage: () => Doc;
  let sortedByIndex = false;
  let keysExamined = 0;
  let docsExamined = 0;

  const idConds = conds.get('_id');
  const idBound = hinted ? ALL : boundFor(idConds, coll.idIndex.collation.id === opts.collation.id);
  let chosen: IndexCandidate | undefined;
  if (hinted === undefined && idBound.kind === 'points' && idBound.values.length <= MAX_INTERVALS) {
    const seen = new Set<string>();
    const ids: string[] = [];
    for (const v of idBound.values) {
      const key = canonicalKey(v);
      keysExamined++;
      if (coll.docs.has(key) && !seen.has(key)) {
        seen.add(key);
        ids.push(key);
      }
    }
    // A filter that is only these points ({_id: v}, {_id: {$in: [...]}}) is met by every stored
    // _id of the same canonical key: nothing to test on the document, which then is decoded at most
    // once (by the cursor, if a projection asks for it).
    const keys = idConds?.length === 1 && conds.size === 1 && onlyFieldConditions(filter) && isPointsOnly(idConds[0]);
    source = ids.map((id) => ({ id, keys: keys || undefined }));
    const single = idBound.values.length === 1 && !sort && coll.idIndex.collation.id === 'simple';
    inputStage = single
      ? () => ({ stage: 'IDHACK' })
      : () => ({
          stage: 'FETCH',
          ...filterShown,
          inputStage: ixscanStage(candidateFor(coll.idIndex, conds, opts.collation, undefined), false),
        });
  } else {
    chosen = chooseIndex(coll, hinted, conds, opts.collation, sort);
    if (chosen) {
      const c = chosen;
      const backward = c.direction === -1;
      sortedByIndex = Boolean(sort && c.direction);
      const multikey = c.index.multikey;
      const byKeys = keyTest(c.index, matcher, opts.collation);
      source = (function* () {
        const seen = multikey ? new Set<string>() : undefined;
        for (const entry of scanEntries(c, backward)) {
          keysExamined++;
          const id = entryId(entry);
          if (seen) {
            if (seen.has(id)) continue;
            seen.add(id);
          }
          yield { id, keys: byKeys?.(entry) };
        }
      })();
      inputStage = () => ({ stage: 'FETCH', ...filterShown, inputStage: ixscanStage(c, backward) });
    } else {
      const refs =
        hinted === 'natural' && isPlainObject(opts.hint) && opts.hint.$natural === -1
          ? [...coll.docs.rawEntries()].reverse()
          : coll.docs.rawEntries();
      source = (function* () {
        for (const [, ref] of refs) yield { ref };
      })();
      inputStage = () => ({ stage: 'COLLSCAN', ...filterShown, direction: 'forward' });
    }
  }

  // In the answer's order already: skip and limit apply while reading.
  const streamed = !sort || sortedByIndex;
  let toSkip = streamed ? skip : 0;
  const stopAt = streamed && limit > 0 ? limit : Number.POSITIVE_INFINITY;
  const matched: Doc[] = [];
  const refs: StoredValue[] | undefined = opts.refs ? [] : undefined;
  // A sort in memory needs the documents; otherwise references alone are kept when asked for.
  const keepDocs = !refs || !streamed;
  const refOf = refs && keepDocs ? new Map<Doc, StoredValue>() : undefined;
  let count = 0;
  const matchesAll = Object.keys(filter).length === 0;
  // Kept for readers close in time (StoredDocuments.read) only where the next query comes back to
  // the same documents: a sort in memory read page by page, a search through a multikey index (the
  // admin list's tab counts and page). Other plans read each document once: kept, what they decode
  // outlived the engine's young generation and piled up as garbage in the old one.
  const refetched = chosen !== undefined && (!streamed || chosen.index.multikey);
  // A document tested and not held is decoded in the top-level fields the filter names only (a
  // filter of field conditions): a few values instead of a whole order, which a check or a backfill
  // over many orders otherwise allocated in full (the first start of an upgraded shop).
  const testedFields =
    !keepDocs && !matchesAll && onlyFieldConditions(filter)
      ? [...new Set([...conds.keys()].map((f) => f.split('.')[0]!))].map((f) => Buffer.from(f, 'utf8'))
      : undefined;
  for (const row of source) {
    if (row.keys === false) continue;
    if (row.keys === true && toSkip > 0) {
      toSkip--;
      continue;
    }
    const ref = row.ref ?? coll.docs.raw(row.id as string);
    if (ref === undefined) continue;
    docsExamined++;
    // Decoded to be tested or held; a reference needs neither when the keys or an empty filter
    // already say it matches.
    const tested = row.keys !== true && !matchesAll;
    const doc = !(tested || keepDocs)
      ? undefined
      : testedFields && typeof ref === 'number'
        ? coll.docs.fieldsOf(ref, testedFields)
        : refetched
          ? coll.docs.read(ref)
          : coll.docs.decode(ref);
    if (tested && !matcher.test(doc!)) continue;
    if (toSkip > 0) {
      toSkip--;
      continue;
    }
    if (keepDocs) matched.push(doc!);
    if (refOf) refOf.set(doc!, ref);
    else refs?.push(ref);
    if (++count >= stopAt) break;
  }
  const ordered = sort && !sortedByIndex ? sortDocs(matched, sort, opts.collation.compare) : matched;
  const plan = (): Doc => {
    let stage = inputStage();
    if (sort && !sortedByIndex) {
      stage = {
        stage: 'SORT',
        sortPattern: Object.fromEntries(sort),
        memLimit: 104857600,
        ...(limit > 0 ? { limitAmount: skip + limit } : {}),
        type: 'simple',
        inputStage: stage,
      };
    }
    if (skip > 0) stage = { stage: 'SKIP', skipAmount: skip, inputStage: stage };
    if (limit > 0 && (!sort || sortedByIndex)) stage = { stage: 'LIMIT', limitAmount: limit, inputStage: stage };
    return stage;
  };
  const docs =
    streamed || (skip === 0 && (limit === 0 || ordered.length <= limit))
      ? ordered
      : ordered.slice(skip, limit > 0 ? skip + limit : undefined);
  if (refOf) return { docs: [], refs: docs.map((d) => refOf.get(d)!), winningPlan: plan, keysExamined, docsExamined };
  return { docs, ...(refs ? { refs } : {}), winningPlan: plan, keysExamined, docsExamined };
}
