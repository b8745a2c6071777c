/**
 * Query filters on top of mingo, plus the glue that keeps BSON types intact around it: exact
 * comparison across numeric types, collations, long `$in` lists, and the refusals.
 */
import { type ObjectId } from 'bson';
import { Context } from 'mingo/core';
import { Query } from 'mingo/query';
import { engineContext, isExactExpression, scriptRefused } from './exact-ops.js';
import { asDoc, bsonTypeNumber, parseTypes } from './bson-types.js';
import { compileSchema } from './json-schema.js';
import type { Options as MingoOptions } from 'mingo/types';
import { SIMPLE, type Collation } from '../values/collation.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import {
  bsonTypeOf,
  compareValues,
  containsString,
  getPath,
  hasExoticNumber,
  isPlainObject,
  normalize,
  pathValues,
  typeRank,
  view,
  type Doc,
  type StringCompare,
} from '../values/values.js';

/** The engine's operators (exact-ops.ts), its `$match` stage compiling through this file's matcher. */
const ENGINE_CONTEXT = engineContext(compileFilter);

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

export function exoticRefused(what: string): CommandError {
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
