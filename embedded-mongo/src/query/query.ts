/**
 * Query, sort, projection and update semantics on top of mingo, plus the
 * glue that keeps BSON types intact around it.
 */
import { Timestamp, type ObjectId } from 'bson';
import { updateMany as mingoUpdateMany } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { Context } from 'mingo/core';
import { Query } from 'mingo/query';
import { ENGINE_CONTEXT, isExactExpression, refuseInexact, scriptRefused } from './exact-ops.js';
import { compileSchema } from './validation.js';
import type { Options as MingoOptions } from 'mingo/types';
import { SIMPLE, type Collation } from '../values/collation.js';
import { exactProduct, exactSum, isInt32, numKind } from '../values/numeric.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import {
  bsonTypeOf,
  canonicalKey,
  cloneDeep,
  compareValues,
  containsString,
  getPath,
  isNumeric,
  hasExoticNumber,
  isPlainObject,
  normalize,
  pathValues,
  retype,
  setPath,
  toNumber,
  typeRank,
  view,
  withIdFirst,
  type Doc,
  type StringCompare,
} from '../values/values.js';

/**
 * Scripts ($where, $function, $accumulator) are off, and refused by name (238, see scriptRefused):
 * filters arrive from HTTP input in practice.
 * The operators are the engine's (exact numbers, see exact-ops.ts), so the base classes of
 * mingo/query and mingo/aggregator are used: mingo's default export would put its own first.
 */
export function mingoOptions(extra: Partial<MingoOptions> = {}): Partial<MingoOptions> {
  return { scriptEnabled: false, context: ENGINE_CONTEXT, ...extra };
}

const CAPTURE = Symbol('the engine query options');

/**
 * The options every filter without `let` variables is compiled with, built once. Given plain options,
 * mingo copies every operator table of the context for each Query (Context.from: ~9 of the ~13 µs a
 * one-field filter took to compile, the engine's largest cost in a one-document lookup); given its
 * own options object it keeps their context and copies only the per-query locals. mingo does not
 * export that class, so one is taken from the only place that is handed one: a query operator, here
 * one that answers nothing but this module's symbol and is unknown to anything else (the same error
 * as an operator that does not exist).
 */
const QUERY_OPTIONS: Partial<MingoOptions> = (() => {
  const operator = '$engineQueryOptions';
  let built: Partial<MingoOptions> | undefined;
  const context = Context.from(ENGINE_CONTEXT).addQueryOps({
    [operator]: (_field: string, value: unknown, options: MingoOptions) => {
      if (value !== CAPTURE) throw new Error(`unknown query operator ${operator}`);
      built = options;
      return () => true;
    },
  });
  new Query({ _: { [operator]: CAPTURE } }, mingoOptions({ context }));
  if (!built) throw new Error('mingo did not hand its query options to an operator');
  return built;
})();

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  const t = bsonTypeOf(v);
  if (t) return t.toLowerCase();
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

export function asDoc(v: unknown, what: string): Doc {
  if (v === undefined || v === null) return {};
  if (!isPlainObject(v)) {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${what}' is the wrong type '${typeName(v)}', expected type 'object'`,
    );
  }
  return v;
}

export interface Matcher {
  /** The filter with int64/decimal values turned into numbers (what mingo sees). */
  readonly normalized: Doc;
  readonly raw: Doc;
  /** The filter asks for `$text` (answered by the planner: IndexNotFound or NotImplemented). */
  readonly text?: boolean;
  test(doc: Doc): boolean;
}

export function compileFilter(filter: unknown, variables?: Doc, collation: Collation = SIMPLE): Matcher {
  const raw = asDoc(filter, 'filter');
  const normalized = normalize(raw) as Doc;
  if (Object.keys(normalized).length === 0) return { raw, normalized, test: () => true };
  if (usesKey(raw, '$where')) throw scriptRefused('$where');
  if (usesText(raw)) {
    return {
      raw,
      normalized,
      text: true,
      test: () => {
        throw textRefused(false);
      },
    };
  }
  const strCmp = collation.compare;
  if (strCmp || hasExoticNumber(raw) || usesKey(raw, '$type', '$jsonSchema')) {
    const pred = compileExact(raw, strCmp, variables);
    return { raw, normalized, test: pred };
  }
  const { rest, sets } = splitLongIns(raw);
  // Compiling eagerly makes unknown operators fail before any document is touched.
  const q = new Query(
    sets.length ? (normalize(rest) as Doc) : normalized,
    variables ? mingoOptions({ variables }) : QUERY_OPTIONS,
  );
  let exact: Pred | undefined;
  return {
    raw,
    normalized,
    test: (doc) => {
      if (!hasExoticNumber(doc)) return sets.every((inSet) => inSet(doc)) && q.test(view(doc));
      exact ??= compileExact(raw, undefined, variables);
      return exact(doc);
    },
  };
}

/** `$in` lists at least this long of ObjectIds and strings are matched through a Set (splitLongIns). */
const IN_SET_MIN = 8;

const inKey = (x: unknown): string | undefined =>
  typeof x === 'string' ? `s${x}` : bsonTypeOf(x) === 'ObjectId' ? `o${(x as ObjectId).toHexString()}` : undefined;

/**
 * mingo matches `{field: {$in: list}}` by comparing each value a document has there with every entry
 * of the list: 2,000 ObjectIds over 100k orders took over a minute, the event loop held all along.
 * For a top-level field whose whole condition is a long `$in` of ObjectIds and strings (compared by
 * binary equality: a collation takes the compileExact path instead), the values the path reaches
 * (array elements included, as mongod does; none for a missing field or an empty array) are looked
 * up in a Set of the list; the rest of the filter still goes through mingo. Paths with a numeric
 * part (an array position or a field named by digits) stay with mingo.
 */
function splitLongIns(raw: Doc): { rest: Doc; sets: Pred[] } {
  const rest: Doc = {};
  const sets: Pred[] = [];
  for (const [path, cond] of Object.entries(raw)) {
    const list = isPlainObject(cond) && Object.keys(cond).length === 1 ? cond.$in : undefined;
    const keys = Array.isArray(list) && list.length >= IN_SET_MIN ? list.map(inKey) : [];
    if (path.startsWith('$') || /(^|\.)\d+(\.|$)/.test(path) || keys.length === 0 || keys.includes(undefined)) {
      rest[path] = cond;
      continue;
    }
    const members = new Set(keys);
    sets.push((doc) => pathValues(doc, path).some((x) => members.has(inKey(x))));
  }
  return { rest, sets };
}

/**
 * `$text` without a text index is IndexNotFound (27) as in mongod; with one, the
 * engine (which keeps text indexes as metadata only) refuses the search (238).
 */
export function textRefused(hasTextIndex: boolean): CommandError {
  return hasTextIndex
    ? new CommandError(ErrorCode.NotImplemented, '$text search is not supported by the embedded engine')
    : new CommandError(ErrorCode.IndexNotFound, 'text index required for $text query');
}

function usesText(filter: Doc): boolean {
  return Object.entries(filter).some(
    ([key, cond]) =>
      key === '$text' ||
      ((key === '$and' || key === '$or' || key === '$nor') &&
        Array.isArray(cond) &&
        cond.some((sub) => isPlainObject(sub) && usesText(sub))),
  );
}

function usesKey(filter: unknown, ...keys: string[]): boolean {
  if (Array.isArray(filter)) return filter.some((x) => usesKey(x, ...keys));
  if (!isPlainObject(filter)) return false;
  return Object.entries(filter).some(([k, v]) => keys.includes(k) || usesKey(v, ...keys));
}

type Pred = (doc: Doc) => boolean;

function collationRefused(what: string): CommandError {
  return new CommandError(
    ErrorCode.NotImplemented,
    `${what} with a non-simple collation and string operands is not supported by the embedded engine`,
  );
}

function exoticRefused(what: string): CommandError {
  return new CommandError(
    ErrorCode.NotImplemented,
    `${what} over a Decimal128 or an Int64 beyond 2^53 is not supported by the embedded engine`,
  );
}

/** Values a path reaches, plus the arrays themselves (mongod compares both for equality). */
function valuesAt(doc: Doc, path: string): unknown[] {
  const out = pathValues(doc, path);
  const whole = getPath(doc, path);
  if (Array.isArray(whole)) out.push(whole);
  return out;
}

const COMPARISON_OPS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/** `$type` aliases and numbers (manual: $type), plus "number" for the four numeric types. */
const TYPE_ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
const NUMBER_TYPES = [1, 16, 18, 19];

/** The BSON type number of a stored value (an integral JS number within int32 is an int). */
export function bsonTypeNumber(v: unknown): number {
  if (v === null) return 10;
  if (v === undefined) return 6;
  if (Array.isArray(v)) return 4;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  switch (typeof v) {
    case 'number':
      return isInt32(v) ? 16 : 1;
    case 'string':
      return 2;
    case 'boolean':
      return 8;
    default:
      break;
  }
  const t = bsonTypeOf(v);
  const byTag: Record<string, number> = {
    Double: 1,
    Int32: 16,
    Long: 18,
    Decimal128: 19,
    ObjectId: 7,
    Binary: 5,
    Timestamp: 17,
    BSONRegExp: 11,
    BSONSymbol: 14,
    Code: 13,
    MinKey: -1,
    MaxKey: 127,
  };
  if (t !== undefined && byTag[t] !== undefined) return byTag[t];
  if (v instanceof Uint8Array) return 5;
  return 3;
}

export function parseTypes(spec: unknown): Set<number> {
  const list = Array.isArray(spec) ? spec : [spec];
  const out = new Set<number>();
  for (const item of list) {
    if (item === 'number') {
      for (const n of NUMBER_TYPES) out.add(n);
    } else if (typeof item === 'string') {
      const n = TYPE_ALIASES[item];
      if (n === undefined) throw new CommandError(ErrorCode.BadValue, `Unknown type name alias: ${item}`);
      out.add(n);
    } else if (isNumeric(item) && Number.isInteger(toNumber(item))) {
      out.add(toNumber(item));
    } else {
      throw new CommandError(ErrorCode.TypeMismatch, 'type must be represented as a number or a string');
    }
  }
  return out;
}

/**
 * A matcher on stored documents that compares through `compareValues`: exact across
 * numeric types (Decimal128, Int64 beyond 2^53) and through the collation for strings.
 * Handled here: equality, ranges, $in/$nin, $type, combined with $and/$or/$nor.
 * Other conditions go to mingo, which only sees doubles: a string operand under a
 * collation, or a Decimal128/large Int64 reaching such a condition, is refused
 * rather than answered wrongly.
 */
function compileExact(filter: Doc, strCmp: StringCompare | undefined, variables: Doc | undefined): Pred {
  const eq = (a: unknown, b: unknown): boolean => compareValues(a, b, strCmp) === 0;
  const options = mingoOptions(variables ? { variables } : {});
  const viaMingo = (clause: Doc, path: string | undefined): Pred => {
    const q = new Query(normalize(clause) as Doc, options);
    const what = Object.keys(path === undefined ? clause : ((clause[path] as Doc) ?? {})).join(', ') || 'this query';
    return (doc) => {
      const reached = path === undefined ? doc : pathValues(doc, path);
      if (hasExoticNumber(reached) || hasExoticNumber(clause)) throw exoticRefused(what);
      return q.test(view(doc));
    };
  };
  const fieldOp = (path: string, op: string, v: unknown): Pred => {
    switch (op) {
      case '$eq':
        return (doc) => {
          const vals = valuesAt(doc, path);
          if (v === null && (vals.length === 0 || vals.some((x) => x === null || x === undefined))) return true;
          return vals.some((x) => eq(x, v));
        };
      case '$ne': {
        const p = fieldOp(path, '$eq', v);
        return (doc) => !p(doc);
      }
      case '$in': {
        if (!Array.isArray(v)) throw new CommandError(ErrorCode.BadValue, '$in needs an array');
        const regexes = v.filter((x) => x instanceof RegExp || bsonTypeOf(x) === 'BSONRegExp');
        if (regexes.length && strCmp) throw collationRefused('$in with a regex');
        const ps = v.map((x) => (regexes.includes(x) ? viaMingo({ [path]: x }, path) : fieldOp(path, '$eq', x)));
        return (doc) => ps.some((p) => p(doc));
      }
      case '$nin': {
        const p = fieldOp(path, '$in', v);
        return (doc) => !p(doc);
      }
      case '$type': {
        const types = parseTypes(v);
        return (doc) => valuesAt(doc, path).some((x) => x !== undefined && types.has(bsonTypeNumber(x)));
      }
      default: {
        const sign = op === '$gt' ? [1] : op === '$gte' ? [0, 1] : op === '$lt' ? [-1] : [-1, 0];
        return (doc) =>
          pathValues(doc, path).some(
            (x) => typeRank(x) === typeRank(v) && sign.includes(Math.sign(compareValues(x, v, strCmp))),
          );
      }
    }
  };
  const compile = (f: Doc): Pred => {
    const preds: Pred[] = [];
    for (const [key, cond] of Object.entries(f)) {
      if (key === '$and' || key === '$or' || key === '$nor') {
        if (!Array.isArray(cond)) throw new CommandError(ErrorCode.BadValue, `${key} must be an array`);
        const subs = cond.map((c) => compile(asDoc(c, key)));
        if (key === '$and') preds.push((doc) => subs.every((p) => p(doc)));
        else if (key === '$or') preds.push((doc) => subs.some((p) => p(doc)));
        else preds.push((doc) => !subs.some((p) => p(doc)));
      } else if (key === '$comment') {
        continue;
      } else if (key === '$jsonSchema') {
        const check = compileSchema(cond);
        preds.push((doc) => check(doc));
      } else if (key === '$expr' && !strCmp && isExactExpression(cond)) {
        // The engine's expression operators compare and compute exactly: no need to refuse.
        const q = new Query({ $expr: normalize(cond) }, options);
        preds.push((doc) => q.test(view(doc)));
      } else if (key.startsWith('$')) {
        if (strCmp && containsString(cond)) throw collationRefused(key);
        preds.push(viaMingo({ [key]: cond }, undefined));
      } else if (isPlainObject(cond) && Object.keys(cond).some((k) => k.startsWith('$'))) {
        const rest: Doc = {};
        for (const [op, v] of Object.entries(cond)) {
          if (COMPARISON_OPS.has(op) || op === '$type') preds.push(fieldOp(key, op, v));
          else if (!strCmp || op === '$regex' || op === '$options' || op === '$exists' || !containsString(v))
            rest[op] = v;
          else throw collationRefused(op);
        }
        if (Object.keys(rest).length) preds.push(viaMingo({ [key]: rest }, key));
      } else if (cond instanceof RegExp || bsonTypeOf(cond) === 'BSONRegExp') {
        preds.push(viaMingo({ [key]: cond }, key));
      } else {
        preds.push(fieldOp(key, '$eq', cond));
      }
    }
    return (doc) => preds.every((p) => p(doc));
  };
  return compile(filter);
}

export type SortSpec = Array<[field: string, direction: 1 | -1]>;

export function parseSort(sort: unknown): SortSpec | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) throw new CommandError(ErrorCode.BadValue, 'sort must be an object');
  const spec: SortSpec = [];
  for (const [field, dir] of Object.entries(sort)) {
    if (isPlainObject(dir)) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        `$meta sort by ${JSON.stringify(dir)} is not supported by the embedded engine`,
      );
    }
    if (!isNumeric(dir)) {
      throw new CommandError(ErrorCode.Location15974, `Illegal key in $sort specification: ${field}: ${String(dir)}`);
    }
    const n = toNumber(dir);
    if (n !== 1 && n !== -1) {
      throw new CommandError(
        ErrorCode.Location15975,
        `$sort key ordering must be 1 (for ascending) or -1 (for descending)`,
      );
    }
    spec.push([field, n]);
  }
  return spec.length ? spec : undefined;
}

/**
 * Sorts like mongod: missing sorts as null, and an array field sorts by its
 * smallest element ascending / largest element descending. Keys are computed
 * once per document rather than inside the comparator.
 */
export function sortDocs(docs: Doc[], spec: SortSpec, strCmp?: StringCompare): Doc[] {
  if (spec.length === 1 && spec[0]?.[0] === '$natural') {
    return spec[0][1] === 1 ? docs : docs.slice().reverse();
  }
  const keyed = docs.map((doc) => ({
    doc,
    keys: spec.map(([field, dir]) => {
      if (field === '$natural') return null;
      const values = pathValues(doc, field);
      if (values.length === 0) return null;
      let best = values[0];
      for (let i = 1; i < values.length; i++) {
        const c = compareValues(values[i], best, strCmp);
        if (dir === 1 ? c < 0 : c > 0) best = values[i];
      }
      return best ?? null;
    }),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < spec.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i], strCmp);
      if (c !== 0) return c * (spec[i]?.[1] ?? 1);
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}

export type Projector = (docs: Doc[]) => Doc[];

/**
 * Builds a find-style projection. mingo moves _id to the end of projected
 * documents, so the original field order is restored afterwards: mongod keeps
 * document order and some callers print documents as-is.
 */
export function makeProjector(projection: unknown, filter: Doc): Projector | undefined {
  const spec = asDoc(projection, 'projection');
  if (Object.keys(spec).length === 0) return undefined;
  refuseProjectionMix(spec);
  const topLevel = topLevelInclusion(spec);
  if (topLevel) return (docs) => docs.map(topLevel);
  const positional = Object.keys(spec).some((k) => k.endsWith('.$'));
  const condition = positional ? filter : {};
  // Validate the projection now so errors surface even for empty results.
  new Query({}, mingoOptions()).find([{}], positional ? {} : spec).all();
  // mingo's projection may change nested objects of what it is given: it gets copies, never stored documents.
  return (stored) => {
    const docs = stored.map((d) => cloneDeep(d));
    const out = new Query(condition, mingoOptions()).find(docs, spec).all() as Doc[];
    if (out.length !== docs.length) return out;
    return out.map((projected, i) => reorderLike(projected, docs[i] as Doc));
  };
}

/**
 * The common projection, top-level fields only (`{status: 1, total: 1}`, `_id` in or out), done
 * without mingo: building a mingo Query copies its whole operator table, which cost more than the
 * projection itself. Fields keep the document's order, as mongod keeps them.
 */
function topLevelInclusion(spec: Doc): ((doc: Doc) => Doc) | undefined {
  const fields = new Set<string>();
  let withId = true;
  for (const [field, v] of Object.entries(spec)) {
    if (field === '_id') {
      if (v !== 0 && v !== false && v !== 1 && v !== true) return undefined;
      withId = v === 1 || v === true;
    } else if (v !== 1 && v !== true) return undefined;
    else if (field.includes('.') || field.startsWith('$')) return undefined;
    else fields.add(field);
  }
  // `{_id: 0}` alone excludes: mingo's way.
  if (fields.size === 0) return undefined;
  if (withId) fields.add('_id');
  return (doc) => {
    const out: Doc = {};
    for (const k of Object.keys(doc)) if (fields.has(k)) out[k] = doc[k];
    return out;
  };
}

/** mongod: exclusion after inclusion is 31254, inclusion after exclusion 31253 (`_id` may go either way). */
function refuseProjectionMix(spec: Doc): void {
  let mode: 'inclusion' | 'exclusion' | undefined;
  for (const [field, v] of Object.entries(spec)) {
    if (field === '_id') continue;
    const excludes = v === false || (isNumeric(v) && toNumber(v) === 0);
    const includes = !excludes && !(isPlainObject(v) && ('$slice' in v || '$elemMatch' in v));
    const kind = excludes ? 'exclusion' : includes ? 'inclusion' : undefined;
    if (kind === undefined) continue;
    if (mode !== undefined && mode !== kind) {
      throw kind === 'exclusion'
        ? new CommandError(ErrorCode.Location31254, `Cannot do exclusion on field ${field} in inclusion projection`)
        : new CommandError(ErrorCode.Location31253, `Cannot do inclusion on field ${field} in exclusion projection`);
    }
    mode = kind;
  }
}

function reorderLike(projected: Doc, original: Doc): Doc {
  const out: Doc = {};
  for (const k of Object.keys(original)) if (k in projected) out[k] = projected[k];
  for (const k of Object.keys(projected)) if (!(k in out)) out[k] = projected[k];
  return out;
}

const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$rename',
  '$bit',
  '$setOnInsert',
  '$currentDate',
]);

/** Operators whose operands mingo must see as plain numbers. */
const NUMERIC_OPERAND_OPS = ['$inc', '$mul', '$min', '$max', '$pull', '$pullAll', '$bit'];
const ARRAY_OPS = new Set(['$push', '$addToSet', '$pop', '$pull', '$pullAll']);
const PIPELINE_UPDATE_STAGES = new Set(['$addFields', '$set', '$project', '$unset', '$replaceRoot', '$replaceWith']);

export interface UpdateContext {
  /** The query filter, used for the positional `$` operator. */
  filter: Doc;
  arrayFilters?: Doc[] | undefined;
  /** True when building a new document for an upsert. */
  isInsert: boolean;
  /** The command's `let` variables ($$name in a pipeline update). */
  variables?: Doc | undefined;
}

export type UpdateKind = 'replacement' | 'operators' | 'pipeline';

export function updateKind(u: unknown): UpdateKind {
  if (Array.isArray(u)) return 'pipeline';
  if (!isPlainObject(u)) {
    throw new CommandError(ErrorCode.FailedToParse, 'Update argument must be either an object or an array');
  }
  const first = Object.keys(u)[0];
  return first !== undefined && first.startsWith('$') ? 'operators' : 'replacement';
}

/**
 * Returns the updated document as a new object; `doc` is never modified.
 * For upserts `doc` is the seed built from the filter.
 */
export function applyUpdate(doc: Doc, u: unknown, ctx: UpdateContext): Doc {
  return applyUpdateToAll([doc], u, ctx)[0] as Doc;
}

/**
 * Applies one update to many documents, returning new objects in the same
 * order. mingo builds its operator context on every call, which costs far
 * more than the update itself, so multi-updates go through it once.
 */
export function applyUpdateToAll(docs: Doc[], u: unknown, ctx: UpdateContext): Doc[] {
  const kind = updateKind(u);
  let results: Doc[];
  if (kind === 'replacement') results = docs.map((doc) => applyReplacement(doc, u as Doc, ctx));
  else if (kind === 'pipeline') results = applyPipeline(docs, u as unknown[], ctx.variables);
  else results = applyOperators(docs, u as Doc, ctx);
  return results.map(withIdFirst);
}

function idChanged(before: unknown, after: unknown): boolean {
  return canonicalKey(before) !== canonicalKey(after);
}

function immutableIdError(after: unknown): CommandError {
  return new CommandError(
    ErrorCode.ImmutableField,
    `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${String(after)}`,
  );
}

function applyReplacement(doc: Doc, replacement: Doc, ctx: UpdateContext): Doc {
  for (const key of Object.keys(replacement)) {
    if (key.startsWith('$')) {
      throw new CommandError(
        ErrorCode.DollarPrefixedFieldName,
        `The dollar ($) prefixed field '${key}' in '${key}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
      );
    }
  }
  const next = cloneDeep(replacement);
  if (doc._id !== undefined) {
    if (next._id !== undefined && !ctx.isInsert && idChanged(doc._id, next._id)) throw immutableIdError(next._id);
    if (next._id === undefined) next._id = doc._id;
  }
  return next;
}

function applyPipeline(docs: Doc[], stages: unknown[], variables: Doc | undefined): Doc[] {
  for (const stage of stages) {
    const names = isPlainObject(stage) ? Object.keys(stage) : [];
    const name = names[0];
    if (names.length !== 1 || name === undefined || !PIPELINE_UPDATE_STAGES.has(name)) {
      throw new CommandError(
        ErrorCode.InvalidOptions,
        `${String(name)} is not allowed to be used within an update (allowed: ${[...PIPELINE_UPDATE_STAGES].join(', ')})`,
      );
    }
  }
  if (docs.some(hasExoticNumber) || hasExoticNumber(stages) || hasExoticNumber(variables)) refuseInexact(stages);
  const inputs = docs.map((doc) => cloneDeep(normalize(doc) as Doc));
  const outputs = new Aggregator(normalize(stages) as Doc[], mingoOptions(variables ? { variables } : {})).run(inputs);
  if (outputs.length !== docs.length) {
    throw new CommandError(ErrorCode.InternalError, 'pipeline update changed the number of documents');
  }
  return docs.map((doc, i) => {
    const next = retype(outputs[i] ?? {}, doc) as Doc;
    if (doc._id !== undefined) {
      if (next._id === undefined) next._id = doc._id;
      else if (idChanged(doc._id, next._id)) throw immutableIdError(next._id);
    }
    return next;
  });
}

function modifierError(op: string, value: unknown): CommandError {
  return new CommandError(
    ErrorCode.FailedToParse,
    `Modifiers operate on fields but we found type ${typeName(value)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${String(value)}}`,
  );
}

interface PreparedModifier {
  mods: Record<string, Doc>;
  /** `_id` found in $set/$setOnInsert; only acceptable if it equals the document's _id (or seeds an upsert). */
  setId: { value: unknown } | undefined;
}

/** Two operators on one path, or on a path and its parent, are error 40 as in mongod. */
function refusePathConflicts(update: Doc, ctx: UpdateContext): void {
  const seen: string[] = [];
  for (const [op, fields] of Object.entries(update)) {
    if (!isPlainObject(fields) || (op === '$setOnInsert' && !ctx.isInsert)) continue;
    const paths =
      op === '$rename' ? [...Object.keys(fields), ...Object.values(fields).map(String)] : Object.keys(fields);
    for (const path of paths) {
      const base = path;
      const clash = seen.find((p) => p === base || p.startsWith(`${base}.`) || base.startsWith(`${p}.`));
      if (clash !== undefined) {
        throw new CommandError(
          ErrorCode.ConflictingUpdateOperators,
          `Updating the path '${path}' would create a conflict at '${clash.length < base.length ? clash : base}'`,
        );
      }
      seen.push(base);
    }
  }
}

/** Validates an operator update and rewrites it into something mingo applies faithfully. */
function prepareModifier(update: Doc, ctx: UpdateContext): PreparedModifier {
  const mods: Record<string, Doc> = {};
  const setFields: Doc = {};
  const addSet = (field: string, value: unknown): void => {
    if (field in setFields) {
      throw new CommandError(
        ErrorCode.ConflictingUpdateOperators,
        `Updating the path '${field}' would create a conflict at '${field}'`,
      );
    }
    setFields[field] = value;
  };
  for (const [op, value] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(op)) {
      throw new CommandError(
        ErrorCode.FailedToParse,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(value)) throw modifierError(op, value);
    if (op === '$set') {
      for (const [f, v] of Object.entries(value)) addSet(f, v);
    } else if (op === '$setOnInsert') {
      if (ctx.isInsert) for (const [f, v] of Object.entries(value)) addSet(f, v);
    } else if (op === '$currentDate') {
      // mingo stores timestamps as numbers, so $currentDate is turned into a $set of real BSON values.
      const now = new Date();
      for (const [f, v] of Object.entries(value)) {
        const wantsTimestamp = isPlainObject(v) && v.$type === 'timestamp';
        addSet(f, wantsTimestamp ? new Timestamp({ t: Math.floor(now.getTime() / 1000), i: 1 }) : now);
      }
    } else if (Object.keys(value).length > 0) {
      mods[op] = value;
    }
  }
  refusePathConflicts(update, ctx);
  let setId: PreparedModifier['setId'];
  if ('_id' in setFields) {
    // mingo refuses any $set on _id; mongod allows setting it to its current value.
    setId = { value: setFields._id };
    delete setFields._id;
  }
  if (Object.keys(setFields).length > 0) mods.$set = setFields;
  return { mods, setId };
}

function applyOperators(docs: Doc[], update: Doc, ctx: UpdateContext): Doc[] {
  const { mods, setId } = prepareModifier(update, ctx);
  const working = docs.map((doc) => {
    if (setId === undefined) return doc;
    if (doc._id === undefined) return { _id: setId.value, ...doc };
    if (idChanged(doc._id, setId.value)) {
      throw new CommandError(
        ErrorCode.ImmutableField,
        "Performing an update on the path '_id' would modify the immutable field '_id'",
      );
    }
    return doc;
  });
  for (const doc of working) validateOperands(doc, mods);
  const own = takeArithmetic(mods, working);
  return applyMingoOperators(working, mods, ctx).map((next, i) => applyArithmetic(next, working[i] as Doc, own));
}

type Arithmetic = Array<[op: string, field: string, operand: unknown]>;
const OWN_OPS = ['$inc', '$mul', '$min', '$max'];

/**
 * $inc, $mul, $min and $max on plain paths are applied here, exactly and with
 * mongod's result types (int overflow → long, Decimal128 stays decimal, an int64
 * overflow of $inc is an error as in mongod); positional paths stay with mingo,
 * which is refused when a Decimal128 or a large Int64 takes part.
 */
function takeArithmetic(mods: Record<string, Doc>, docs: Doc[]): Arithmetic {
  const own: Arithmetic = [];
  for (const op of OWN_OPS) {
    const fields = mods[op];
    if (!fields) continue;
    const rest: Doc = {};
    for (const [field, operand] of Object.entries(fields)) {
      if (field.split('.').some((part) => part.startsWith('$'))) {
        if (hasExoticNumber(operand) || docs.some(hasExoticNumber)) throw exoticRefused(`${op} on a positional path`);
        rest[field] = operand;
      } else {
        own.push([op, field, operand]);
      }
    }
    if (Object.keys(rest).length) mods[op] = rest;
    else delete mods[op];
  }
  return own;
}

/** How mongod prints a number in an arithmetic error: (NumberLong)5, (NumberInt)5. */
function numberLabel(v: unknown): string {
  const kind = numKind(v);
  const label =
    kind === 'long'
      ? 'NumberLong'
      : kind === 'int'
        ? 'NumberInt'
        : kind === 'decimal'
          ? 'NumberDecimal'
          : 'NumberDouble';
  return `(${label})${String(v)}`;
}

function applyArithmetic(next: Doc, before: Doc, own: Arithmetic): Doc {
  for (const [op, field, operand] of own) {
    const current = getPath(before, field);
    let value: unknown;
    if (op === '$min' || op === '$max') {
      const c = current === undefined ? 1 : compareValues(operand, current);
      value = current === undefined || (op === '$min' ? c < 0 : c > 0) ? operand : current;
    } else if (op === '$inc') {
      value = current === undefined ? operand : exactSum([current, operand]);
      if (value === undefined) {
        throw new CommandError(
          ErrorCode.BadValue,
          `Failed to apply $inc operations to current value (${numberLabel(current)}) for document {_id: ${String(before._id)}}`,
        );
      }
    } else {
      value = exactProduct([current === undefined ? 0 : current, operand]);
      if (value === undefined) {
        throw new CommandError(
          ErrorCode.BadValue,
          `Failed to apply $mul operations to current value (${numberLabel(current)}) for document {_id: ${String(before._id)}}`,
        );
      }
    }
    if (!assignPath(next, field, cloneDeep(value))) {
      throw new CommandError(
        ErrorCode.PathNotViable,
        `Cannot create field '${field.split('.').pop() ?? field}' in element {${field.split('.')[0] ?? field}: ${String(getPath(before, field.split('.')[0] ?? field))}}`,
      );
    }
  }
  return next;
}

/** Sets a dotted path like mongod: numeric parts index into arrays (padding with null), objects are created. */
function assignPath(doc: Doc, path: string, value: unknown): boolean {
  const parts = path.split('.');
  let cur: unknown = doc;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const last = i === parts.length - 1;
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(part)) return false;
      const index = Number(part);
      while (cur.length < index) cur.push(null);
      if (last) cur[index] = value;
      else if (cur[index] === undefined || cur[index] === null) cur = cur[index] = {};
      else cur = cur[index];
    } else if (isPlainObject(cur)) {
      if (last) cur[part] = value;
      else if (cur[part] === undefined) cur = cur[part] = {};
      else cur = cur[part];
    } else {
      return false;
    }
  }
  return true;
}

function applyMingoOperators(working: Doc[], mods: Record<string, Doc>, ctx: UpdateContext): Doc[] {
  if (Object.keys(mods).length === 0) return working.map((doc) => cloneDeep(doc));

  for (const op of NUMERIC_OPERAND_OPS) {
    const operand = mods[op];
    if (operand) mods[op] = normalize(operand) as Doc;
  }
  const elementPulls = takeElementPulls(mods);
  const positional = Object.values(mods).some((fields) => Object.keys(fields).some((f) => f.split('.').includes('$')));
  const condition = positional ? (normalize(ctx.filter) as Doc) : {};
  const arrayFilters = ctx.arrayFilters ? (normalize(ctx.arrayFilters) as Doc[]) : [];

  const normalized = working.map((doc) => normalize(doc) as Doc);
  const targets = normalized.map((doc) => cloneDeep(doc));
  // mingo applies $push's $sort/$slice/$position to an existing array only; mongod starts a missing one empty.
  const pushed = Object.keys(mods.$push ?? {}).filter((field) => !field.includes('$'));
  for (const target of targets) {
    for (const field of pushed) if (getPath(target, field) === undefined) assignPath(target, field, []);
  }
  if (Object.keys(mods).length > 0) {
    mingoUpdateMany(targets, condition, mods, { arrayFilters, cloneMode: 'deep' }, mingoOptions());
  }
  for (const target of targets) for (const pull of elementPulls) pull(target);
  // Only documents that held int64/decimal values need their types put back.
  return targets.map((target, i) => (normalized[i] === working[i] ? target : (retype(target, working[i]) as Doc)));
}

/** Top-level query operators that do not take a path: a $pull condition starting with one is a query on each element. */
const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor', '$expr', '$where', '$text', '$comment', '$jsonSchema']);

/**
 * mongod reads a $pull condition as a query on each element when its first key is a field name or a
 * logical operator ({$or: [{a: 1}, {b: 2}]}, {a: 1, $or: [...]}): only documents can match it. mingo
 * instead compares the element itself with any condition holding an operator, so such a $pull
 * removed nothing. Those are taken out of `mods` and applied here, after mingo's operators.
 */
function takeElementPulls(mods: Record<string, Doc>): Array<(target: Doc) => void> {
  const pulls = mods.$pull;
  if (!pulls) return [];
  const taken: Array<(target: Doc) => void> = [];
  for (const [field, cond] of Object.entries(pulls)) {
    if (!isPlainObject(cond)) continue;
    const keys = Object.keys(cond);
    const first = keys[0];
    const elementQuery = first !== undefined && (!first.startsWith('$') || LOGICAL_OPERATORS.has(first));
    if (!elementQuery || !keys.some((k) => k.startsWith('$'))) continue;
    if (field.split('.').some((part) => part.startsWith('$'))) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        '$pull on a positional path with a logical condition is not supported by the embedded engine',
      );
    }
    const query = new Query(cond, mingoOptions());
    taken.push((target) => {
      const current = getPath(target, field);
      if (!Array.isArray(current)) return;
      const kept = current.filter((el) => !(isPlainObject(el) && query.test(el)));
      if (kept.length !== current.length) assignPath(target, field, kept);
    });
    delete pulls[field];
  }
  if (Object.keys(pulls).length === 0) delete mods.$pull;
  return taken;
}

/** mingo silently ignores some type errors that mongod reports; check the common ones first. */
function validateOperands(doc: Doc, mods: Record<string, Doc>): void {
  for (const [op, fields] of Object.entries(mods)) {
    for (const [field, operand] of Object.entries(fields)) {
      if ((op === '$inc' || op === '$mul') && !isNumeric(operand)) {
        const verb = op === '$inc' ? 'increment' : 'multiply';
        throw new CommandError(
          ErrorCode.TypeMismatch,
          `Cannot ${verb} with non-numeric argument: {${field}: ${String(operand)}}`,
        );
      }
      if (field.includes('$')) continue; // positional paths are resolved by mingo
      const current = getPath(doc, field);
      if (current === undefined) continue;
      if ((op === '$inc' || op === '$mul') && !isNumeric(current)) {
        throw new CommandError(
          ErrorCode.TypeMismatch,
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${String(doc._id)}} has the field '${field}' of non-numeric type ${typeName(current)}`,
        );
      }
      if (ARRAY_OPS.has(op) && !Array.isArray(current)) {
        throw new CommandError(
          ErrorCode.BadValue,
          `The field '${field}' must be an array but is of type ${typeName(current)} in document {_id: ${String(doc._id)}}`,
        );
      }
    }
  }
}

/**
 * The document an upsert starts from: every equality in the filter
 * (`{a: 1}`, `{a: {$eq: 1}}`, single-value `$in`, and inside `$and`).
 */
export function upsertSeed(filter: Doc): Doc {
  const seed: Doc = {};
  const visit = (f: Doc): void => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' && Array.isArray(value)) {
        for (const sub of value) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (key.startsWith('$')) continue;
      if (value instanceof RegExp || bsonTypeOf(value) === 'BSONRegExp') continue;
      if (isPlainObject(value)) {
        const ops = Object.keys(value);
        if (ops.length > 0 && ops.every((k) => k.startsWith('$'))) {
          if ('$eq' in value) setPath(seed, key, cloneDeep(value.$eq));
          else if (Array.isArray(value.$in) && value.$in.length === 1) setPath(seed, key, cloneDeep(value.$in[0]));
          continue;
        }
      }
      setPath(seed, key, cloneDeep(value));
    }
  };
  visit(filter);
  return seed;
}
