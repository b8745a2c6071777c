/**
 * Read and write commands: find, getMore, killCursors, insert, update,
 * delete, findAndModify, count, distinct, aggregate.
 *
 * Every handler runs to completion synchronously, so a read-modify-write
 * (e.g. concurrent findAndModify $inc) can never interleave with another
 * command: Node only switches to the next socket message between handlers.
 */
import { BSON, ObjectId } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { evalExpr } from 'mingo/core';
import type { Options as MingoOptions } from 'mingo/types';
import type { CommandContext, CommandHandler } from './context.js';
import { CommandError, ErrorCode, toCommandError } from '../values/errors.js';
import { asDoc, typeName } from '../query/bson-types.js';
import { compileFilter, mingoOptions, type Matcher } from '../query/filter.js';
import { makeProjector, type Projector } from '../query/projection.js';
import { parseSort, type SortSpec } from '../query/sort.js';
import { applyUpdate, applyUpdateToAll, updateKind, upsertSeed } from '../query/update.js';
import { effectiveCollation, type Collation } from '../values/collation.js';
import { refuseInexact } from '../query/exact-ops.js';
import { countMatches, select, type Selection, type SelectOptions } from '../planner/planner.js';
import { currentOps } from './server-status.js';
import { enforceValidator } from '../query/validation.js';
import type { Collection } from '../storage/store.js';
import type { StoredValue } from '../storage/stored.js';
import type { BatchDoc } from '../planner/cursors.js';
import { DocumentBytes } from '../values/document-bytes.js';
import {
  canonicalKey,
  cloneDeep,
  compareValues,
  containsString,
  hasExoticNumber,
  isPlainObject,
  normalize,
  pathValues,
  toInt,
  view,
  withIdFirst,
  type Doc,
} from '../values/values.js';

export function collectionArg(cmd: Doc, commandName: string): string {
  const name = cmd[commandName];
  if (typeof name !== 'string' || name === '') {
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      `collection name has invalid type ${typeName(name)} (command '${commandName}' expects a collection name)`,
    );
  }
  return name;
}

function nonNegative(v: unknown, field: string, fallback: number): number {
  const n = toInt(v, fallback);
  if (n < 0) throw new CommandError(ErrorCode.BadValue, `${field} value must be non-negative, but received: ${n}`);
  return n;
}

/** `let` values are expressions evaluated once, before any document (`{$literal: "$x"}` is "$x"), as in mongod. */
function letVariables(cmd: Doc): Doc | undefined {
  if (!isPlainObject(cmd.let)) return undefined;
  const vars: Doc = {};
  for (const [name, value] of Object.entries(normalize(cmd.let) as Doc)) {
    const expression =
      isPlainObject(value) || Array.isArray(value) || (typeof value === 'string' && value.startsWith('$'));
    // evalExpr completes partial options itself (mingo's ComputeOptions.init).
    vars[name] = expression ? evalExpr({}, value, mingoOptions() as MingoOptions) : value;
  }
  return vars;
}

/** Matching stored documents (shared references: callers must not modify them). */
export function selectDocs(coll: Collection | undefined, matcher: Matcher, opts: SelectOptions): Doc[] {
  return select(coll, matcher, opts).docs;
}

/** The collation an operation on `coll` runs with (its own, else the collection default). */
function collationFor(requested: unknown, coll: Collection | undefined): Collation {
  return effectiveCollation(requested, isPlainObject(coll?.options.collation) ? coll.options.collation : undefined);
}

/**
 * The documents of a reply, optionally projected. Stored documents are immutable (a write stores a
 * new object, as checkpoints rely on) and a reply is only ever serialized onto the wire, so it
 * carries the stored objects themselves: deep copies cost as much as the encoding again (~7 s of
 * CPU to list 100,000 orders) and doubled what the collector had to do.
 */
function output(docs: Doc[], projector: Projector | undefined): Doc[] {
  return projector ? projector(docs) : docs;
}

function batchSizeOf(v: unknown): number | undefined {
  return v === undefined || v === null ? undefined : nonNegative(v, 'batchSize', 0);
}

/** The parsed find command, shared by find and explain. */
/** find options that change the answer and that the engine does not implement: refused, not ignored. */
const UNSUPPORTED_FIND_OPTIONS = ['min', 'max', 'returnKey', 'showRecordId', 'tailable', 'awaitData'];

function findQuery(cmd: Doc, db: string, ctx: CommandContext) {
  const name = collectionArg(cmd, 'find');
  for (const option of UNSUPPORTED_FIND_OPTIONS) {
    if (cmd[option] !== undefined && cmd[option] !== false) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        `find option '${option}' is not supported by the embedded engine`,
      );
    }
  }
  const coll = ctx.store.getCollection(db, name);
  const collation = collationFor(cmd.collation, coll);
  const matcher = compileFilter(cmd.filter, letVariables(cmd), collation);
  const sort = parseSort(cmd.sort);
  const skip = nonNegative(cmd.skip, 'skip', 0);
  let limit = toInt(cmd.limit, 0);
  let singleBatch = cmd.singleBatch === true;
  if (limit < 0) {
    // Legacy negative limit: return that many in a single batch and close the cursor.
    limit = -limit;
    singleBatch = true;
  }
  const batchSize = batchSizeOf(cmd.batchSize);
  // Built (and validated) before matching so a bad projection fails even when nothing matches.
  const projector = makeProjector(cmd.projection, matcher.normalized);
  const run = (refs = false) => select(coll, matcher, { sort, skip, limit, collation, hint: cmd.hint, refs });
  return { name, coll, matcher, projector, batchSize, singleBatch, run };
}

export const find: CommandHandler = (cmd, db, ctx) => {
  const { name, coll, projector, batchSize, singleBatch, run } = findQuery(cmd, db, ctx);
  const ns = `${db}.${name}`;
  const refs = run(true).refs ?? [];
  // The cursor holds what was stored for each match and decodes (and projects) a batch at a time.
  // Without a projection a document kept as bytes goes out as those bytes: decoding it only to
  // encode it again cost more CPU than the rest of the find and filled the heap with garbage.
  const read = projector
    ? (ref: StoredValue): Doc => output([coll!.docs.decode(ref)], projector)[0]!
    : (ref: StoredValue): BatchDoc => (typeof ref === 'number' ? new DocumentBytes(keptBytes(coll!, ref)) : ref);
  const batch = ctx.cursors.openRows(ns, refs, read, batchSize, singleBatch);
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

/**
 * The bytes of a document kept as bytes, in a buffer of their own: a reply waiting for the journal
 * may be encoded after start-up has let the checkpoint buffer go.
 */
function keptBytes(coll: Collection, offset: number): Uint8Array {
  const bytes = coll.docs.bytesOf(offset);
  return coll.docs.buffer ? Buffer.from(bytes) : bytes;
}

export const getMore: CommandHandler = (cmd, db, ctx) => {
  const collection = typeof cmd.collection === 'string' ? cmd.collection : '';
  const ns = `${db}.${collection}`;
  const batch = ctx.cursors.getMore(cmd.getMore, ns, batchSizeOf(cmd.batchSize));
  return { cursor: { nextBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

export const killCursors: CommandHandler = (cmd, _db, ctx) => {
  const ids = Array.isArray(cmd.cursors) ? cmd.cursors : [];
  const { killed, notFound } = ctx.cursors.kill(ids);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

function writeError(index: number, err: unknown): Doc {
  const e = toCommandError(err);
  return { index, code: e.code, ...e.extra, errmsg: e.message };
}

function statements(cmd: Doc, field: string): unknown[] {
  const list = cmd[field];
  if (!Array.isArray(list)) {
    throw new CommandError(ErrorCode.FailedToParse, `BSON field '${field}' is missing but a required field`);
  }
  return list;
}

/** A fresh, owned document with _id first, generating an ObjectId when absent. */
function prepareInsert(raw: unknown): Doc {
  if (!isPlainObject(raw)) throw new CommandError(ErrorCode.TypeMismatch, 'document to insert must be an object');
  const dollar = isPlainObject(raw._id) ? Object.keys(raw._id).find((k) => k.startsWith('$')) : undefined;
  if (dollar !== undefined) {
    throw new CommandError(
      ErrorCode.DollarPrefixedFieldName,
      `_id fields may not contain '$'-prefixed fields: ${dollar} is not valid for storage.`,
    );
  }
  const doc = withIdFirst(cloneDeep(raw));
  return doc._id === undefined ? { _id: new ObjectId(), ...doc } : doc;
}

export const insert: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'insert');
  const docs = statements(cmd, 'documents');
  const ordered = cmd.ordered !== false;
  const coll = ctx.store.ensureCollection(db, name);
  let n = 0;
  const writeErrors: Doc[] = [];
  const bypass = cmd.bypassDocumentValidation === true;
  for (let index = 0; index < docs.length; index++) {
    try {
      const doc = prepareInsert(docs[index]);
      enforceValidator(coll.options, doc, undefined, bypass);
      coll.insert(doc);
      n++;
    } catch (err) {
      writeErrors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

/**
 * Whether an update left a document (or a value in it) as BSON would store it: the same fields in the same order, the
 * same types (-0 is stored as a double, 0 as an int) and values. Plain values are compared as they
 * are and only other BSON values (ObjectId, Long, Decimal128, Binary, ...) by their bytes: serializing
 * both whole documents cost as much as the rest of an update.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && Object.is(a.getTime(), b.getTime());
  }
  if (isPlainObject(a) || isPlainObject(b)) {
    if (!isPlainObject(a) || !isPlainObject(b)) return false;
    const keys = Object.keys(a);
    const other = Object.keys(b);
    return keys.length === other.length && keys.every((k, i) => k === other[i] && sameValue(a[k], b[k]));
  }
  return Buffer.from(BSON.serialize({ v: a })).equals(Buffer.from(BSON.serialize({ v: b })));
}

function arrayFiltersOf(v: unknown): Doc[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every(isPlainObject)) {
    throw new CommandError(ErrorCode.TypeMismatch, 'arrayFilters must be an array of objects');
  }
  return v;
}

/** Builds and inserts the document for an upsert that matched nothing. */
function upsertInsert(
  coll: Collection,
  filter: Doc,
  u: unknown,
  arrayFilters: Doc[] | undefined,
  variables: Doc | undefined,
  bypass: boolean,
): Doc {
  const seed = upsertSeed(filter);
  const base = updateKind(u) === 'replacement' ? (seed._id === undefined ? {} : { _id: seed._id }) : seed;
  const doc = prepareInsert(applyUpdate(base, u, { filter, arrayFilters, isInsert: true, variables }));
  enforceValidator(coll.options, doc, undefined, bypass);
  coll.insert(doc);
  return doc;
}

export const update: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'update');
  const specs = statements(cmd, 'updates');
  const ordered = cmd.ordered !== false;
  const vars = letVariables(cmd);
  const bypass = cmd.bypassDocumentValidation === true;
  // An update statement's sort came with MongoDB 8.0; the engine answers as 7.0 does.
  if (specs.some((spec) => isPlainObject(spec) && spec.sort !== undefined)) {
    throw new CommandError(ErrorCode.Location40415, "BSON field 'update.updates.sort' is an unknown field.");
  }
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors: Doc[] = [];
  for (let index = 0; index < specs.length; index++) {
    try {
      const spec = asDoc(specs[index], 'updates');
      const existing = ctx.store.getCollection(db, name);
      const collation = collationFor(spec.collation, existing);
      const matcher = compileFilter(spec.q, vars, collation);
      const multi = spec.multi === true;
      const arrayFilters = arrayFiltersOf(spec.arrayFilters);
      if (multi && updateKind(spec.u) === 'replacement') {
        throw new CommandError(ErrorCode.FailedToParse, 'multi update is not supported for replacement-style update');
      }
      const coll = spec.upsert === true ? ctx.store.ensureCollection(db, name) : ctx.store.getCollection(db, name);
      const matched = selectDocs(coll, matcher, {
        sort: parseSort(spec.sort),
        limit: multi ? 0 : 1,
        collation,
        hint: spec.hint,
      });
      if (matched.length === 0) {
        if (spec.upsert === true && coll) {
          const doc = upsertInsert(coll, matcher.raw, spec.u, arrayFilters, vars, bypass);
          n++;
          upserted.push({ index, _id: doc._id });
        }
        continue;
      }
      const updated = applyUpdateToAll(matched, spec.u, {
        filter: matcher.raw,
        arrayFilters,
        isInsert: false,
        variables: vars,
      });
      matched.forEach((doc, i) => {
        const next = updated[i] as Doc;
        if (!sameValue(doc, next)) {
          if (coll) enforceValidator(coll.options, next, doc, bypass);
          coll?.replace(doc, next);
          nModified++;
        }
        n++;
      });
    } catch (err) {
      writeErrors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  const reply: Doc = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  if (writeErrors.length) reply.writeErrors = writeErrors;
  reply.ok = 1;
  return reply;
};

export const deleteCommand: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'delete');
  const specs = statements(cmd, 'deletes');
  const ordered = cmd.ordered !== false;
  const vars = letVariables(cmd);
  const coll = ctx.store.getCollection(db, name);
  let n = 0;
  const writeErrors: Doc[] = [];
  for (let index = 0; index < specs.length; index++) {
    try {
      const spec = asDoc(specs[index], 'deletes');
      const limit = toInt(spec.limit, 0);
      if (limit !== 0 && limit !== 1) {
        throw new CommandError(
          ErrorCode.FailedToParse,
          `The limit field in delete objects must be 0 or 1. Got ${limit}`,
        );
      }
      const collation = collationFor(spec.collation, coll);
      const matched = selectDocs(coll, compileFilter(spec.q, vars, collation), {
        sort: parseSort(spec.sort),
        limit,
        collation,
        hint: spec.hint,
      });
      for (const doc of matched) coll?.remove(doc);
      n += matched.length;
    } catch (err) {
      writeErrors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

export const findAndModify: CommandHandler = (cmd, db, ctx) => {
  const name =
    typeof cmd.findAndModify === 'string' ? collectionArg(cmd, 'findAndModify') : collectionArg(cmd, 'findandmodify');
  const collation = collationFor(cmd.collation, ctx.store.getCollection(db, name));
  const matcher = compileFilter(cmd.query, letVariables(cmd), collation);
  const sort = parseSort(cmd.sort);
  const remove = cmd.remove === true;
  const upsert = cmd.upsert === true;
  const returnNew = cmd.new === true;
  const projection = cmd.fields ?? cmd.projection;
  const bypass = cmd.bypassDocumentValidation === true;
  const arrayFilters = arrayFiltersOf(cmd.arrayFilters);
  if (remove && cmd.update !== undefined) {
    throw new CommandError(ErrorCode.FailedToParse, 'Cannot specify both an update and remove=true');
  }
  if (!remove && cmd.update === undefined) {
    throw new CommandError(ErrorCode.FailedToParse, 'Either an update or remove=true must be specified');
  }
  if (remove && upsert)
    throw new CommandError(ErrorCode.FailedToParse, 'Cannot specify both upsert=true and remove=true');
  if (remove && returnNew)
    throw new CommandError(ErrorCode.FailedToParse, 'Cannot specify both new=true and remove=true');
  const projector = makeProjector(projection, matcher.normalized);

  const coll = upsert ? ctx.store.ensureCollection(db, name) : ctx.store.getCollection(db, name);
  const doc = selectDocs(coll, matcher, { sort, limit: 1, collation, hint: cmd.hint })[0];
  const shown = (d: Doc): Doc | null => output([d], projector)[0] ?? null;

  if (remove) {
    if (!doc) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll?.remove(doc);
    return { lastErrorObject: { n: 1 }, value: shown(doc), ok: 1 };
  }
  if (doc && coll) {
    const next = applyUpdate(doc, cmd.update, {
      filter: matcher.raw,
      arrayFilters,
      isInsert: false,
      variables: letVariables(cmd),
    });
    const stored = sameValue(doc, next) ? doc : next;
    if (stored !== doc) {
      enforceValidator(coll.options, next, doc, bypass);
      coll.replace(doc, next);
    }
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: shown(returnNew ? stored : doc), ok: 1 };
  }
  if (upsert && coll) {
    const inserted = upsertInsert(coll, matcher.raw, cmd.update, arrayFilters, letVariables(cmd), bypass);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: inserted._id },
      value: returnNew ? shown(inserted) : null,
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

export const count: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'count');
  const coll = ctx.store.getCollection(db, name);
  const skip = nonNegative(cmd.skip, 'skip', 0);
  const limit = Math.abs(toInt(cmd.limit, 0));
  const collation = collationFor(cmd.collation, coll);
  const matcher = compileFilter(cmd.query, letVariables(cmd), collation);
  if (Object.keys(matcher.normalized).length === 0 && cmd.hint === undefined) {
    // estimatedDocumentCount path: no need to touch the documents.
    const total = Math.max(0, (coll?.size ?? 0) - skip);
    return { n: limit > 0 ? Math.min(limit, total) : total, ok: 1 };
  }
  return { n: countMatches(coll, matcher, { skip, limit, collation, hint: cmd.hint }).n, ok: 1 };
};

export const distinct: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'distinct');
  const key = cmd.key;
  if (typeof key !== 'string' || key === '') {
    throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'distinct.key' is missing or not a string");
  }
  const coll = ctx.store.getCollection(db, name);
  const collation = collationFor(cmd.collation, coll);
  const matcher = compileFilter(cmd.query, letVariables(cmd), collation);
  const docs = selectDocs(coll, matcher, { collation, hint: cmd.hint });
  const values: unknown[] = [];
  const seen = new Map<string, unknown>();
  for (const doc of docs) {
    for (const v of pathValues(doc, key)) {
      if (v === undefined) continue;
      if (collation.compare && containsString(v)) {
        // Under a collation, "A" and "a" can be one value: compare against what is kept so far.
        if (!values.some((x) => compareValues(x, v, collation.compare) === 0)) values.push(v);
        continue;
      }
      const k = canonicalKey(v);
      if (!seen.has(k)) {
        seen.set(k, v);
        values.push(v);
      }
    }
  }
  return { values: values.map((v) => cloneDeep(v)), ok: 1 };
};

function stageName(stage: unknown): string {
  const keys = isPlainObject(stage) ? Object.keys(stage) : [];
  if (keys.length !== 1 || keys[0] === undefined) {
    throw new CommandError(ErrorCode.BadValue, 'A pipeline stage specification object must contain exactly one field.');
  }
  return keys[0];
}

export const aggregate: CommandHandler = (cmd, db, ctx) => {
  const target = cmd.aggregate;
  const onCollection = typeof target === 'string';
  if (onCollection) collectionArg(cmd, 'aggregate');
  if (!Array.isArray(cmd.pipeline)) {
    throw new CommandError(ErrorCode.TypeMismatch, "'pipeline' option must be specified as an array");
  }
  if (!isPlainObject(cmd.cursor) && cmd.explain !== true) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  let pipeline = cmd.pipeline as unknown[];
  const names = pipeline.map(stageName);
  if (names.includes('$merge')) {
    throw new CommandError(
      ErrorCode.NotImplemented,
      'the $merge stage is not supported by the embedded engine (use $out)',
    );
  }
  const outIndex = names.indexOf('$out');
  if (outIndex !== -1 && outIndex !== names.length - 1) {
    throw new CommandError(ErrorCode.BadValue, '$out can only be the final stage in the pipeline');
  }
  const outStage = outIndex === -1 ? undefined : (pipeline[outIndex] as Doc).$out;
  if (outStage !== undefined) pipeline = pipeline.slice(0, -1);
  if (names[0] === '$changeStream') {
    throw new CommandError(
      ErrorCode.Location40573,
      'The $changeStream stage is only supported on replica sets (the embedded engine is a standalone server)',
    );
  }
  const currentOp = names[0] === '$currentOp';
  const localSessions = names[0] === '$listLocalSessions';
  if (currentOp && (onCollection || db !== 'admin')) {
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      "$currentOp must be run against the 'admin' database with {aggregate: 1}",
    );
  }
  if (!onCollection && names[0] !== '$documents' && !currentOp && !localSessions) {
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      `{aggregate: 1} is not valid for '${names[0] ?? 'an empty pipeline'}'; a collection is required.`,
    );
  }

  const vars = letVariables(cmd);
  const coll = onCollection ? ctx.store.getCollection(db, target) : undefined;
  const collation = collationFor(cmd.collation, coll);
  let source: Doc[] = [];
  let selection: Selection | undefined;
  const counting = onCollection && outStage === undefined ? countPipeline(pipeline) : undefined;
  if (counting) {
    const { filter, skip, limit, group, field } = counting;
    const counted = countMatches(coll, compileFilter(filter, vars, collation), {
      skip,
      limit,
      collation,
      hint: cmd.hint,
    });
    if (cmd.explain === true) return explainAggregate(cmd, db, { ...counted, docs: [] }, [group]);
    const docs = counted.n > 0 ? [{ _id: (group.$group as Doc)._id, [field]: counted.n }] : [];
    const batch = ctx.cursors.open(`${db}.${String(target)}`, docs, 0, false);
    return { cursor: { firstBatch: batch.docs, id: batch.id, ns: `${db}.${String(target)}` }, ok: 1 };
  }
  if (currentOp || localSessions) {
    // The engine keeps no session cache: the asking command's own session is the one it knows.
    const session = isPlainObject(cmd.lsid) ? [{ _id: { id: cmd.lsid.id }, lastUse: new Date() }] : [];
    source = currentOp ? currentOps(cmd, 'admin.$cmd.aggregate', ctx) : session;
    pipeline = pipeline.slice(1);
  } else if (onCollection) {
    // A leading $match / $sort / $skip / $limit runs through the planner (indexes, early stop).
    const { consumed, filter, sort, skip, limit } = leadingStages(pipeline);
    selection = select(coll, compileFilter(filter, vars, collation), { sort, skip, limit, collation, hint: cmd.hint });
    source = selection.docs;
    pipeline = pipeline.slice(consumed);
  }
  pipeline = rewriteStages(pipeline, collation);
  if (cmd.explain === true) return explainAggregate(cmd, db, selection, pipeline);
  // mingo's stages may modify their input, so they get private normalized copies.
  const input = source.map((d) => cloneDeep(view(d)));
  const resolved = new Map<string, Doc[]>();
  const collectionResolver = (name: string): Doc[] => {
    let docs = resolved.get(name);
    if (!docs) {
      const other = ctx.store.getCollection(db, name);
      docs = other ? [...other.docs.values()].map((d) => cloneDeep(view(d))) : [];
      resolved.set(name, docs);
    }
    return docs;
  };
  if (pipeline.length && (source.some(hasExoticNumber) || hasExoticNumber(pipeline) || hasExoticNumber(vars))) {
    refuseInexact(pipeline);
  }
  const results = pipeline.length
    ? (new Aggregator(
        normalize(pipeline) as Doc[],
        mingoOptions({
          collectionResolver,
          ...(vars ? { variables: vars } : {}),
          ...(collation.compare ? { collation: collation.spec as { locale: string } } : {}),
        }),
      ).run(input) as Doc[])
    : input;

  const ns = onCollection ? `${db}.${target}` : `${db}.$cmd.aggregate`;
  if (outStage !== undefined) {
    writeOut(ctx, db, outStage, results);
    return { cursor: { firstBatch: [], id: ctx.cursors.open(ns, [], 0, true).id, ns }, ok: 1 };
  }
  const batch = ctx.cursors.open(
    ns,
    results,
    batchSizeOf(isPlainObject(cmd.cursor) ? cmd.cursor.batchSize : undefined),
    false,
  );
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

/**
 * The driver's countDocuments: `$match` (then `$skip`, `$limit`), then one `$group` of everything
 * under a constant `_id` that only sums 1 per document. Counted by the planner, from an index's
 * keys when one covers the filter, instead of handing every matching document to mingo.
 */
function countPipeline(
  pipeline: unknown[],
): { filter: unknown; skip: number; limit: number; group: Doc; field: string } | undefined {
  const { consumed, filter, sort, skip, limit } = leadingStages(pipeline);
  const group = pipeline[consumed];
  if (consumed === 0 || sort || pipeline.length !== consumed + 1 || !isPlainObject(group)) return undefined;
  const spec = group.$group;
  if (Object.keys(group).length !== 1 || !isPlainObject(spec)) return undefined;
  const fields = Object.keys(spec).filter((k) => k !== '_id');
  const field = fields[0];
  const id = spec._id;
  const constantId = id === null || typeof id === 'number' || typeof id === 'boolean';
  if (!constantId || fields.length !== 1 || field === undefined) return undefined;
  const sum = spec[field];
  if (!isPlainObject(sum) || Object.keys(sum).length !== 1 || sum.$sum !== 1) return undefined;
  return { filter, skip, limit, group, field };
}

/** How many leading stages the planner can run, and what they ask for. */
function leadingStages(pipeline: unknown[]): {
  consumed: number;
  filter: unknown;
  sort: SortSpec | undefined;
  skip: number;
  limit: number;
} {
  let i = 0;
  let filter: unknown = {};
  let sort: SortSpec | undefined;
  let skip = 0;
  let limit = 0;
  const stage = (k: number): Doc => (isPlainObject(pipeline[k]) ? (pipeline[k] as Doc) : {});
  if ('$match' in stage(i)) filter = stage(i++).$match;
  if ('$sort' in stage(i)) {
    sort = parseSort(stage(i++).$sort);
    if (!sort) throw new CommandError(ErrorCode.Location15976, '$sort stage must have at least one sort key');
  }
  if ('$skip' in stage(i) && (sort || i > 0)) skip = nonNegative(stage(i++).$skip, '$skip', 0);
  if ('$limit' in stage(i) && (sort || i > 0)) {
    limit = toInt(stage(i).$limit, 0);
    if (limit <= 0) throw new CommandError(ErrorCode.Location15958, 'the limit must be positive');
    i++;
  }
  return { consumed: i, filter, sort, skip, limit };
}

/** Expression operators that compare strings, and so would ignore a collation inside mingo. */
const COLLATION_SENSITIVE = [
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$cmp',
  '$in',
  '$indexOfArray',
  '$max',
  '$min',
  '$setEquals',
  '$setIntersection',
  '$setUnion',
  '$setDifference',
  '$setIsSubset',
  '$addToSet',
];
const COLLATION_SAFE_STAGES = new Set([
  '$project',
  '$addFields',
  '$set',
  '$unset',
  '$limit',
  '$skip',
  '$count',
  '$unwind',
  '$replaceRoot',
  '$replaceWith',
  '$sort',
]);

function usesOperator(v: unknown, ops: readonly string[]): boolean {
  if (Array.isArray(v)) return v.some((x) => usesOperator(x, ops));
  if (!isPlainObject(v)) return false;
  return Object.entries(v).some(([k, x]) => ops.includes(k) || usesOperator(x, ops));
}

/**
 * Checks the stages mingo will run and rewrites the ones whose mingo behaviour
 * differs from mongod's; refuses what would come out wrong.
 */
function rewriteStages(pipeline: unknown[], collation: Collation): unknown[] {
  const out: unknown[] = [];
  for (const stage of pipeline) {
    const name = stageName(stage);
    const spec = (stage as Doc)[name];
    // A $group whose _id is a constant (countDocuments' {_id: 1}) compares no strings.
    const constantGroup = name === '$group' && isPlainObject(spec) && !containsString(spec._id);
    const safeStage = COLLATION_SAFE_STAGES.has(name) || constantGroup;
    if (collation.compare && (!safeStage || usesOperator(spec, COLLATION_SENSITIVE))) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        `${name} after the leading $match/$sort with a non-simple collation is not supported by the embedded engine`,
      );
    }
    if (name === '$group' && (!isPlainObject(spec) || !('_id' in spec))) {
      throw new CommandError(ErrorCode.Location15955, 'a group specification must include an _id');
    }
    if (name === '$count') {
      if (typeof spec !== 'string' || spec === '' || spec.startsWith('$') || spec.includes('.')) {
        throw new CommandError(
          ErrorCode.Location40156,
          'the count field must be a non-empty string, not start with $, and not contain .',
        );
      }
      // The manual's definition: {$group: {_id: null, n: {$sum: 1}}}, {$project: {_id: 0}} (nothing for no input).
      out.push({ $group: { _id: null, [spec]: { $sum: 1 } } }, { $project: { _id: 0 } });
      continue;
    }
    out.push(stage);
  }
  return out;
}

/** $out replaces the target collection atomically, keeping its indexes and options. */
function writeOut(ctx: CommandContext, db: string, spec: unknown, docs: Doc[]): void {
  let targetDb = db;
  let targetName: unknown = spec;
  if (isPlainObject(spec)) {
    targetDb = typeof spec.db === 'string' ? spec.db : db;
    targetName = spec.coll;
  }
  if (typeof targetName !== 'string' || targetName === '') {
    throw new CommandError(ErrorCode.BadValue, '$out requires a target collection name');
  }
  const existing = ctx.store.getCollection(targetDb, targetName);
  const replacement = ctx.store.detachedCollection(targetDb, targetName, existing?.options ?? {});
  for (const spec of existing?.indexSpecs().slice(1) ?? []) replacement.createIndex(spec);
  for (const doc of docs) {
    const owned = withIdFirst(doc);
    replacement.insert(owned._id === undefined ? { _id: new ObjectId(), ...owned } : owned);
  }
  ctx.store.installCollection(replacement);
}

function explainReply(cmd: Doc, ns: string, parsedQuery: unknown, sel: Selection, root: Doc, verbosity: unknown): Doc {
  const reply: Doc = {
    explainVersion: '1',
    queryPlanner: {
      namespace: ns,
      indexFilterSet: false,
      parsedQuery: parsedQuery ?? {},
      maxIndexedOrSolutionsReached: false,
      maxIndexedAndSolutionsReached: false,
      maxScansToExplodeReached: false,
      winningPlan: root,
      rejectedPlans: [],
    },
  };
  if (verbosity === 'executionStats' || verbosity === 'allPlansExecution') {
    reply.executionStats = {
      executionSuccess: true,
      nReturned: sel.docs.length,
      executionTimeMillis: 0,
      totalKeysExamined: sel.keysExamined,
      totalDocsExamined: sel.docsExamined,
      executionStages: root,
    };
  }
  reply.command = cmd;
  reply.serverInfo = { host: 'embedded', port: 0, version: '7.0.0', gitVersion: 'embedded-engine' };
  reply.ok = 1;
  return reply;
}

function explainAggregate(cmd: Doc, db: string, sel: Selection | undefined, rest: unknown[]): Doc {
  const ns = `${db}.${String(cmd.aggregate)}`;
  const base = explainReply(
    cmd,
    ns,
    undefined,
    sel ?? EMPTY_SELECTION,
    sel?.winningPlan() ?? { stage: 'EOF' },
    undefined,
  );
  if (rest.length === 0) return base;
  // mongod shows the part it ran through the query system as a $cursor stage, the rest after it.
  const { queryPlanner, command, serverInfo } = base;
  return { explainVersion: '1', stages: [{ $cursor: { queryPlanner } }, ...rest], command, serverInfo, ok: 1 };
}

const EMPTY_SELECTION: Selection = {
  docs: [],
  winningPlan: () => ({ stage: 'EOF' }),
  keysExamined: 0,
  docsExamined: 0,
};

/** `explain`: the plan each read or write would use, without running writes. */
export const explain: CommandHandler = (cmd, db, ctx) => {
  const inner = asDoc(cmd.explain, 'explain');
  const verbosity = cmd.verbosity ?? 'allPlansExecution';
  const name = Object.keys(inner)[0] ?? '';
  const ns = (coll: unknown): string => `${db}.${String(coll)}`;
  switch (name) {
    case 'find': {
      const q = findQuery(inner, db, ctx);
      const sel = q.run();
      const root = q.projector
        ? { stage: 'PROJECTION_DEFAULT', transformBy: inner.projection, inputStage: sel.winningPlan() }
        : sel.winningPlan();
      return explainReply(inner, ns(inner.find), q.matcher.raw, sel, root, verbosity);
    }
    case 'count':
    case 'distinct': {
      const coll = ctx.store.getCollection(db, collectionArg(inner, name));
      const collation = collationFor(inner.collation, coll);
      const matcher = compileFilter(inner.query, letVariables(inner), collation);
      if (name === 'count') {
        const counted = countMatches(coll, matcher, { collation, hint: inner.hint });
        const sel = { ...counted, docs: [] };
        return explainReply(inner, ns(inner[name]), matcher.raw, sel, counted.winningPlan(), verbosity);
      }
      const sel = select(coll, matcher, { collation, hint: inner.hint });
      return explainReply(inner, ns(inner[name]), matcher.raw, sel, sel.winningPlan(), verbosity);
    }
    case 'update':
    case 'delete': {
      const list = statements(inner, name === 'update' ? 'updates' : 'deletes');
      const spec = asDoc(list[0], name === 'update' ? 'updates' : 'deletes');
      const coll = ctx.store.getCollection(db, collectionArg(inner, name));
      const collation = collationFor(spec.collation, coll);
      const matcher = compileFilter(spec.q, letVariables(inner), collation);
      const one = name === 'update' ? spec.multi !== true : toInt(spec.limit, 0) === 1;
      const sel = select(coll, matcher, { sort: parseSort(spec.sort), limit: one ? 1 : 0, collation, hint: spec.hint });
      const root = { stage: name.toUpperCase(), inputStage: sel.winningPlan() };
      return explainReply(inner, ns(inner[name]), matcher.raw, sel, root, verbosity);
    }
    case 'findAndModify':
    case 'findandmodify': {
      const coll = ctx.store.getCollection(db, collectionArg(inner, name));
      const collation = collationFor(inner.collation, coll);
      const matcher = compileFilter(inner.query, letVariables(inner), collation);
      const sel = select(coll, matcher, { sort: parseSort(inner.sort), limit: 1, collation, hint: inner.hint });
      const root = { stage: inner.remove === true ? 'DELETE' : 'UPDATE', inputStage: sel.winningPlan() };
      return explainReply(inner, ns(inner[name]), matcher.raw, sel, root, verbosity);
    }
    case 'aggregate':
      return aggregate({ ...inner, explain: true }, db, ctx);
    default:
      throw new CommandError(
        ErrorCode.NotImplemented,
        `explain of '${name}' is not supported by the embedded engine (find, count, distinct, aggregate, update, delete, findAndModify are)`,
      );
  }
};
