/**
 * Read and write commands: find, getMore, killCursors, insert, update,
 * delete, findAndModify, count, distinct, aggregate.
 *
 * Every handler runs to completion synchronously, so a read-modify-write
 * (e.g. concurrent findAndModify $inc) can never interleave with another
 * command: Node only switches to the next socket message between handlers.
 */
import { BSON, ObjectId } from 'bson';
import { Aggregator } from 'mingo';
import type { CommandContext, CommandHandler } from './context.js';
import { CommandError, ErrorCode, toCommandError } from './errors.js';
import {
  applyUpdate,
  applyUpdateToAll,
  asDoc,
  compileFilter,
  makeProjector,
  mingoOptions,
  parseSort,
  sortDocs,
  typeName,
  updateKind,
  upsertSeed,
  type Matcher,
  type Projector,
  type SortSpec,
} from './query.js';
import type { Collection } from './store.js';
import {
  canonicalKey,
  cloneDeep,
  isPlainObject,
  normalize,
  pathValues,
  toInt,
  view,
  withIdFirst,
  type Doc,
} from './values.js';

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

function letVariables(cmd: Doc): Doc | undefined {
  return isPlainObject(cmd.let) ? (normalize(cmd.let) as Doc) : undefined;
}

/** Matching stored documents (shared references: callers must not modify them). */
export function selectDocs(
  coll: Collection | undefined,
  matcher: Matcher,
  sort: SortSpec | undefined,
  skip: number,
  limit: number,
): Doc[] {
  if (!coll) return [];
  // Without a sort we can stop scanning as soon as skip+limit documents matched.
  const stopAt = !sort && limit > 0 ? skip + limit : Number.POSITIVE_INFINITY;
  const matched: Doc[] = [];
  for (const doc of coll.candidates(matcher.normalized)) {
    if (!matcher.test(doc)) continue;
    matched.push(doc);
    if (matched.length >= stopAt) break;
  }
  const ordered = sort ? sortDocs(matched, sort) : matched;
  if (skip === 0 && (limit === 0 || ordered.length <= limit)) return ordered;
  return ordered.slice(skip, limit > 0 ? skip + limit : undefined);
}

/** Deep copies for the reply, optionally projected. Stored documents never leave the store. */
function output(docs: Doc[], projector: Projector | undefined): Doc[] {
  const copies = docs.map((d) => cloneDeep(d));
  return projector ? projector(copies) : copies;
}

function batchSizeOf(v: unknown): number | undefined {
  return v === undefined || v === null ? undefined : nonNegative(v, 'batchSize', 0);
}

export const find: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'find');
  const matcher = compileFilter(cmd.filter, letVariables(cmd));
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
  const docs = selectDocs(ctx.store.getCollection(db, name), matcher, sort, skip, limit);
  const ns = `${db}.${name}`;
  const batch = ctx.cursors.open(ns, output(docs, projector), batchSize, singleBatch);
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

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
  for (let index = 0; index < docs.length; index++) {
    try {
      coll.insert(prepareInsert(docs[index]));
      n++;
    } catch (err) {
      writeErrors.push(writeError(index, err));
      if (ordered) break;
    }
  }
  return writeErrors.length ? { n, writeErrors, ok: 1 } : { n, ok: 1 };
};

function sameDocument(a: Doc, b: Doc): boolean {
  if (a === b) return true;
  return Buffer.from(BSON.serialize(a)).equals(Buffer.from(BSON.serialize(b)));
}

function arrayFiltersOf(v: unknown): Doc[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every(isPlainObject)) {
    throw new CommandError(ErrorCode.TypeMismatch, 'arrayFilters must be an array of objects');
  }
  return v;
}

/** Builds and inserts the document for an upsert that matched nothing. */
function upsertInsert(coll: Collection, filter: Doc, u: unknown, arrayFilters: Doc[] | undefined): Doc {
  const seed = upsertSeed(filter);
  const base = updateKind(u) === 'replacement' ? (seed._id === undefined ? {} : { _id: seed._id }) : seed;
  const doc = prepareInsert(applyUpdate(base, u, { filter, arrayFilters, isInsert: true }));
  coll.insert(doc);
  return doc;
}

export const update: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'update');
  const specs = statements(cmd, 'updates');
  const ordered = cmd.ordered !== false;
  const vars = letVariables(cmd);
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors: Doc[] = [];
  for (let index = 0; index < specs.length; index++) {
    try {
      const spec = asDoc(specs[index], 'updates');
      const matcher = compileFilter(spec.q, vars);
      const multi = spec.multi === true;
      const arrayFilters = arrayFiltersOf(spec.arrayFilters);
      if (multi && updateKind(spec.u) === 'replacement') {
        throw new CommandError(ErrorCode.FailedToParse, 'multi update is not supported for replacement-style update');
      }
      const coll = spec.upsert === true ? ctx.store.ensureCollection(db, name) : ctx.store.getCollection(db, name);
      const matched = selectDocs(coll, matcher, parseSort(spec.sort), 0, multi ? 0 : 1);
      if (matched.length === 0) {
        if (spec.upsert === true && coll) {
          const doc = upsertInsert(coll, matcher.raw, spec.u, arrayFilters);
          n++;
          upserted.push({ index, _id: doc._id });
        }
        continue;
      }
      const updated = applyUpdateToAll(matched, spec.u, { filter: matcher.raw, arrayFilters, isInsert: false });
      matched.forEach((doc, i) => {
        const next = updated[i] as Doc;
        if (!sameDocument(doc, next)) {
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
      const matched = selectDocs(coll, compileFilter(spec.q, vars), parseSort(spec.sort), 0, limit);
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
  const matcher = compileFilter(cmd.query, letVariables(cmd));
  const sort = parseSort(cmd.sort);
  const remove = cmd.remove === true;
  const upsert = cmd.upsert === true;
  const returnNew = cmd.new === true;
  const projection = cmd.fields ?? cmd.projection;
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
  const doc = selectDocs(coll, matcher, sort, 0, 1)[0];
  const shown = (d: Doc): Doc | null => output([d], projector)[0] ?? null;

  if (remove) {
    if (!doc) return { lastErrorObject: { n: 0 }, value: null, ok: 1 };
    coll?.remove(doc);
    return { lastErrorObject: { n: 1 }, value: shown(doc), ok: 1 };
  }
  if (doc && coll) {
    const next = applyUpdate(doc, cmd.update, { filter: matcher.raw, arrayFilters, isInsert: false });
    const stored = sameDocument(doc, next) ? doc : next;
    if (stored !== doc) coll.replace(doc, next);
    return { lastErrorObject: { n: 1, updatedExisting: true }, value: shown(returnNew ? stored : doc), ok: 1 };
  }
  if (upsert && coll) {
    const inserted = upsertInsert(coll, matcher.raw, cmd.update, arrayFilters);
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
  const matcher = compileFilter(cmd.query, letVariables(cmd));
  if (Object.keys(matcher.normalized).length === 0) {
    // estimatedDocumentCount path: no need to touch the documents.
    const total = Math.max(0, (coll?.size ?? 0) - skip);
    return { n: limit > 0 ? Math.min(limit, total) : total, ok: 1 };
  }
  return { n: selectDocs(coll, matcher, undefined, skip, limit).length, ok: 1 };
};

export const distinct: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'distinct');
  const key = cmd.key;
  if (typeof key !== 'string' || key === '') {
    throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'distinct.key' is missing or not a string");
  }
  const docs = selectDocs(ctx.store.getCollection(db, name), compileFilter(cmd.query), undefined, 0, 0);
  const seen = new Map<string, unknown>();
  for (const doc of docs) {
    for (const v of pathValues(doc, key)) {
      if (v === undefined) continue;
      const k = canonicalKey(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  return { values: [...seen.values()].map((v) => cloneDeep(v)), ok: 1 };
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
  if (cmd.explain === true) {
    throw new CommandError(ErrorCode.CommandNotFound, 'explain is not supported by the embedded engine');
  }
  if (!isPlainObject(cmd.cursor)) {
    throw new CommandError(
      ErrorCode.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  let pipeline = cmd.pipeline as unknown[];
  const names = pipeline.map(stageName);
  if (names.includes('$merge')) {
    throw new CommandError(
      ErrorCode.Location40324,
      "Unrecognized pipeline stage name: '$merge' (not supported by the embedded engine)",
    );
  }
  const outIndex = names.indexOf('$out');
  if (outIndex !== -1 && outIndex !== names.length - 1) {
    throw new CommandError(ErrorCode.BadValue, '$out can only be the final stage in the pipeline');
  }
  const outStage = outIndex === -1 ? undefined : (pipeline[outIndex] as Doc).$out;
  if (outStage !== undefined) pipeline = pipeline.slice(0, -1);
  if (!onCollection && names[0] !== '$documents') {
    throw new CommandError(
      ErrorCode.InvalidNamespace,
      `{aggregate: 1} is not valid for '${names[0] ?? 'an empty pipeline'}'; a collection is required.`,
    );
  }

  const vars = letVariables(cmd);
  let source: Doc[] = [];
  if (onCollection) {
    const coll = ctx.store.getCollection(db, target);
    const first = pipeline[0];
    if (isPlainObject(first) && names[0] === '$match') {
      // Run a leading $match through the index-aware path instead of cloning everything.
      source = selectDocs(coll, compileFilter(first.$match, vars), undefined, 0, 0);
      pipeline = pipeline.slice(1);
    } else {
      source = coll ? [...coll.docs.values()] : [];
    }
  }
  // mingo's stages may modify their input, so they get private normalized copies.
  const input = source.map((d) => cloneDeep(view(d)));
  const resolved = new Map<string, Doc[]>();
  const collectionResolver = (name: string): Doc[] => {
    let docs = resolved.get(name);
    if (!docs) {
      const coll = ctx.store.getCollection(db, name);
      docs = coll ? [...coll.docs.values()].map((d) => cloneDeep(view(d))) : [];
      resolved.set(name, docs);
    }
    return docs;
  };
  const results = pipeline.length
    ? (new Aggregator(
        normalize(pipeline) as Doc[],
        mingoOptions({ collectionResolver, ...(vars ? { variables: vars } : {}) }),
      ).run(input) as Doc[])
    : input;

  const ns = onCollection ? `${db}.${target}` : `${db}.$cmd.aggregate`;
  if (outStage !== undefined) {
    writeOut(ctx, db, outStage, results);
    return { cursor: { firstBatch: [], id: ctx.cursors.open(ns, [], 0, true).id, ns }, ok: 1 };
  }
  const batch = ctx.cursors.open(ns, results, batchSizeOf(cmd.cursor.batchSize), false);
  return { cursor: { firstBatch: batch.docs, id: batch.id, ns }, ok: 1 };
};

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
