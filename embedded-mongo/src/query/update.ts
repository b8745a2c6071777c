/** Updates (replacement, operators, pipeline) and the seed of an upsert, as mongod applies them. */
import { Timestamp } from 'bson';
import { updateMany as mingoUpdateMany } from 'mingo';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import { refuseInexact } from './exact-ops.js';
import { typeName } from './bson-types.js';
import { exoticRefused, mingoOptions } from './filter.js';
import { exactProduct, exactSum, numKind } from '../values/numeric.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import {
  bsonTypeOf,
  canonicalKey,
  cloneDeep,
  compareValues,
  getPath,
  isNumeric,
  hasExoticNumber,
  isPlainObject,
  normalize,
  retype,
  setPath,
  withIdFirst,
  type Doc,
} from '../values/values.js';

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
