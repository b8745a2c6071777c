/**
 * The mingo operator set the engine runs with: mingo's own, with the numeric
 * operators replaced by exact ones (Decimal128 through decimal.js, Int64 through
 * BigInt; see numeric.ts), `$toString` taught ObjectId/Long/Decimal128, and the
 * `$match` / `$sort` stages going through the engine's own matcher and order
 * (exact across numeric types, collation-aware).
 *
 * Other mingo operators only understand doubles, so `refuseInexact` checks a
 * pipeline that meets a Decimal128 or an Int64 beyond 2^53 and refuses (238)
 * whatever it could answer wrongly.
 */
import { Context, evalExpr } from 'mingo/core';
import { Lazy } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import { parseCollation, SIMPLE, type Collation } from '../values/collation.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import {
  asDouble,
  decimalAverage,
  exactDivide,
  exactNegate,
  exactProduct,
  exactSum,
  numKind,
  orDouble,
} from '../values/numeric.js';
import { parseSort, sortDocs } from './sort.js';
import { bsonTypeOf, compareValues, hasExoticNumber, isPlainObject, withIdFirst, type Doc } from '../values/values.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- mingo's operator signatures are untyped at this level */
type Options = any;
type Iter = any;

const isNil = (v: unknown): boolean => v === null || v === undefined;
const isNum = (v: unknown): boolean => numKind(v) !== undefined;
const onlyPlainNumbers = (xs: unknown[]): boolean => xs.every((x) => typeof x === 'number');

function numbersIn(coll: Doc[], expr: unknown, options: Options): unknown[] {
  return (accumulatorOperators.$push(coll, expr, options) as unknown[]).filter(isNum);
}

function sumOf(values: unknown[]): unknown {
  if (onlyPlainNumbers(values)) {
    let s = 0;
    for (const v of values as number[]) s += v;
    // Integers beyond 2^53 would lose digits as a double: sum them exactly instead.
    return Number.isSafeInteger(s) || !values.every(Number.isInteger) ? s : orDouble(exactSum(values), values, sum);
  }
  return orDouble(exactSum(values), values, sum);
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}

const $sum = (coll: Doc[], expr: unknown, options: Options): unknown => {
  if (typeof expr === 'number') return coll.length * expr;
  return sumOf(numbersIn(coll, expr, options));
};

const $avg = (coll: Doc[], expr: unknown, options: Options): unknown => {
  const values = numbersIn(coll, expr, options);
  if (values.length === 0) return null;
  if (values.some((v) => numKind(v) === 'decimal')) return decimalAverage(values);
  return values.reduce<number>((s, v) => s + asDouble(v), 0) / values.length;
};

function extreme(sign: 1 | -1) {
  return (coll: Doc[], expr: unknown, options: Options): unknown => {
    let best: unknown = null;
    for (const v of accumulatorOperators.$push(coll, expr, options) as unknown[]) {
      if (isNil(v)) continue;
      if (best === null || Math.sign(compareValues(v, best)) === sign) best = v;
    }
    return best;
  };
}

function args(obj: Doc, expr: unknown, options: Options): unknown[] | null {
  const values = evalExpr(obj, expr, options) as unknown;
  if (!Array.isArray(values)) throw new CommandError(ErrorCode.TypeMismatch, 'arithmetic arguments must be an array');
  return values.some(isNil) ? null : values;
}

function arithmetic(name: string, values: unknown[]): void {
  if (!values.every(isNum)) {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `${name} only supports numeric types, not ${values.map((v) => bsonTypeOf(v) ?? typeof v).join(' and ')}`,
    );
  }
}

const $add = (obj: Doc, expr: unknown, options: Options): unknown => {
  const values = args(obj, expr, options);
  if (values === null) return null;
  if (onlyPlainNumbers(values) || values.some((v) => v instanceof Date)) {
    return expressionOperators.$add(obj, values, options);
  }
  arithmetic('$add', values);
  return orDouble(exactSum(values), values, sum);
};

const $subtract = (obj: Doc, expr: unknown, options: Options): unknown => {
  const values = args(obj, expr, options);
  if (values === null) return null;
  if (onlyPlainNumbers(values) || values.some((v) => v instanceof Date)) {
    return expressionOperators.$subtract(obj, values, options);
  }
  arithmetic('$subtract', values);
  const [a, b] = values;
  const negated = exactNegate(b);
  const operands = [a, negated === undefined ? -asDouble(b) : negated];
  return orDouble(exactSum(operands), values, ([x = 0, y = 0]) => x - y);
};

const $multiply = (obj: Doc, expr: unknown, options: Options): unknown => {
  const values = args(obj, expr, options);
  if (values === null) return null;
  if (onlyPlainNumbers(values)) return expressionOperators.$multiply(obj, values, options);
  arithmetic('$multiply', values);
  return orDouble(exactProduct(values), values, (xs) => xs.reduce((a, b) => a * b, 1));
};

const $divide = (obj: Doc, expr: unknown, options: Options): unknown => {
  const values = args(obj, expr, options);
  if (values === null) return null;
  arithmetic('$divide', values);
  return exactDivide(values[0], values[1]);
};

/** mongod: an ObjectId becomes its hex string, Long and Decimal128 their digits. */
const $toString = (obj: Doc, expr: unknown, options: Options): unknown => {
  const value = evalExpr(obj, expr, options) as unknown;
  switch (bsonTypeOf(value)) {
    case 'ObjectId':
      return (value as { toHexString(): string }).toHexString();
    case 'Long':
    case 'Decimal128':
      return String(value);
    default:
      return expressionOperators.$toString(obj, expr, options);
  }
};

/** Aggregation comparison in BSON order (exact across numeric types); a missing value is below null. */
function compareExpr(a: unknown, b: unknown): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  return compareValues(a, b);
}

function comparison(test: (c: number) => boolean | number) {
  return (obj: Doc, expr: unknown, options: Options): unknown => {
    const values = evalExpr(obj, expr, options) as unknown;
    if (!Array.isArray(values) || values.length !== 2) {
      throw new CommandError(ErrorCode.BadValue, 'a comparison expression takes exactly 2 arguments');
    }
    return test(compareExpr(values[0], values[1]));
  };
}

const COMPARISONS = {
  $eq: comparison((c) => c === 0),
  $ne: comparison((c) => c !== 0),
  $gt: comparison((c) => c > 0),
  $gte: comparison((c) => c >= 0),
  $lt: comparison((c) => c < 0),
  $lte: comparison((c) => c <= 0),
  $cmp: comparison((c) => c),
};

function collationOf(options: Options) {
  return parseCollation(options?.collation) ?? SIMPLE;
}

/** The command's `let` and, inside a `$lookup` pipeline, the lookup's own `let` (mingo keeps those as locals). */
function variablesOf(options: Options): Doc | undefined {
  const local = options?.local?.variables as Doc | undefined;
  const global = options?.variables as Doc | undefined;
  return local ? { ...global, ...local } : global;
}

const $sort = (coll: Iter, spec: unknown, options: Options): Iter => {
  parseSort(spec); // mongod's codes for a bad key ordering (15974/15975), before any document is read
  return coll.transform((docs: Doc[]) => {
    if (!docs.some(hasExoticNumber)) return pipelineOperators.$sort(Lazy(docs), spec as never, options);
    return Lazy(sortDocs(docs, parseSort(spec) ?? [], collationOf(options).compare));
  });
};

/** A $group whose key is a Decimal128 would split 1.0 and 1.00 (mongod groups them): refused. */
const $group = (coll: Iter, spec: unknown, options: Options): Iter =>
  coll.transform((docs: Doc[]) => {
    const id = isPlainObject(spec) ? spec._id : undefined;
    if (docs.some(hasExoticNumber) && id !== null && typeof id === 'object') refuse('$group by an expression');
    if (docs.some(hasExoticNumber) && typeof id === 'string' && id.startsWith('$')) {
      for (const doc of docs) {
        if (hasExoticNumber(evalExpr(doc, id, options) as unknown)) refuse('$group by such a value');
      }
    }
    return pipelineOperators.$group(Lazy(docs), spec as never, options);
  });

/** mingo's $sample draws with replacement; mongod returns `size` distinct documents (all of them, shuffled, when fewer). */
const $sample = (coll: Iter, spec: unknown): Iter =>
  coll.transform((docs: Doc[]) => {
    const size = isPlainObject(spec) ? spec.size : undefined;
    if (!isNum(size)) throw new CommandError(ErrorCode.Location28749, 'size argument to $sample must be a number');
    const n = Math.min(Number(size), docs.length);
    if (n < 0) throw new CommandError(ErrorCode.Location28747, 'size argument to $sample must not be negative');
    const pool = docs.slice();
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(Math.random() * (pool.length - i));
      [pool[i], pool[j]] = [pool[j] as Doc, pool[i] as Doc];
    }
    return Lazy(pool.slice(0, n));
  });

/** mongod puts a bucket's `_id` first; mingo appends it after the output fields. */
const idFirst =
  (stage: (coll: Iter, spec: never, options: Options) => Iter) =>
  (coll: Iter, spec: unknown, options: Options): Iter =>
    stage(coll, spec as never, options).map(withIdFirst);

/**
 * The engine runs no server-side JavaScript (a script arrives as text or BSON Code, never as a
 * function). mingo's own $setWindowFields computes each window through a $function whose body is
 * a JavaScript function it made: only that runs.
 */
const $function = (obj: Doc, expr: unknown, options: Options): unknown => {
  if (!isPlainObject(expr) || typeof expr.body !== 'function') throw scriptRefused('$function');
  const args = evalExpr(obj, expr.args ?? [], options) as unknown[];
  return (expr.body as (...xs: unknown[]) => unknown)(...args);
};

export function scriptRefused(operator: string): CommandError {
  return new CommandError(
    ErrorCode.NotImplemented,
    `${operator} is not supported by the embedded engine: it runs no server-side JavaScript`,
  );
}

function refuse(what: string): never {
  throw new CommandError(
    ErrorCode.NotImplemented,
    `${what} over a Decimal128 or an Int64 beyond 2^53 is not supported by the embedded engine`,
  );
}

/** The engine's matcher (filter.ts), handed in so that this file stays below it. */
export type FilterCompiler = (
  filter: unknown,
  variables: Doc | undefined,
  collation: Collation,
) => { test(doc: Doc): boolean };

/** The engine's operator context; filter.ts builds it once, giving its matcher to the `$match` stage. */
export function engineContext(compileFilter: FilterCompiler): Context {
  const $match = (coll: Iter, expr: unknown, options: Options): Iter => {
    const matcher = compileFilter(expr, variablesOf(options), collationOf(options));
    return coll.filter((doc: Doc) => matcher.test(doc));
  };
  return Context.init({
    accumulator: {
      ...accumulatorOperators,
      $sum,
      $avg,
      $min: extreme(-1),
      $max: extreme(1),
      $accumulator: () => {
        throw scriptRefused('$accumulator');
      },
    },
    expression: { ...expressionOperators, ...COMPARISONS, $add, $subtract, $multiply, $divide, $toString, $function },
    pipeline: {
      ...pipelineOperators,
      $match,
      $sort,
      $group,
      $sample,
      $bucket: idFirst(pipelineOperators.$bucket),
      $bucketAuto: idFirst(pipelineOperators.$bucketAuto),
    },
    projection: projectionOperators,
    query: queryOperators,
    window: windowOperators,
  } as never);
}

/** Stages and expression operators that handle a Decimal128 / large Int64 exactly. */
const EXACT_STAGES = new Set([
  '$match',
  '$sort',
  '$limit',
  '$skip',
  '$count',
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$group',
  '$unwind',
  '$replaceRoot',
  '$replaceWith',
]);
const EXACT_OPERATORS = new Set([
  '$add',
  '$subtract',
  '$multiply',
  '$divide',
  '$sum',
  '$avg',
  '$min',
  '$max',
  '$first',
  '$last',
  '$push',
  '$toString',
  '$literal',
  '$count',
  ...Object.keys(COMPARISONS),
  '$and',
  '$or',
  '$not',
  '$cond',
  '$ifNull',
  '$expr',
]);

/** Whether an expression uses only operators that handle Decimal128 / large Int64 exactly. */
export function isExactExpression(expr: unknown): boolean {
  for (const op of operatorsIn(expr, new Set())) if (!EXACT_OPERATORS.has(op)) return false;
  return true;
}

function operatorsIn(v: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(v)) for (const x of v) operatorsIn(x, out);
  else if (isPlainObject(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k.startsWith('$')) out.add(k);
      operatorsIn(x, out);
    }
  }
  return out;
}

/**
 * Called before a pipeline runs over documents (or with literals) holding a
 * Decimal128 or an Int64 beyond 2^53: anything outside the exact subset is refused.
 */
export function refuseInexact(pipeline: unknown[]): void {
  for (const stage of pipeline) {
    const [name, spec] = Object.entries(stage as Doc)[0] ?? ['', undefined];
    if (!EXACT_STAGES.has(name)) refuse(name);
    if (name === '$match') continue; // the engine's matcher refuses on its own what it cannot compare
    for (const op of operatorsIn(spec, new Set())) if (!EXACT_OPERATORS.has(op)) refuse(op);
  }
}
