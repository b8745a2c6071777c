/**
 * Handshake, diagnostics and namespace/index management commands.
 */
import { hostname } from 'node:os';
import { BSON } from 'bson';
import type { CommandHandler } from './context.js';
import { currentOps, statusSections } from './server-status.js';
import { collectionArg } from './crud.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import { ID_INDEX, normalizeIndexSpec, sameKeyPattern } from '../storage/indexes.js';
import { asDoc } from '../query/bson-types.js';
import { compileFilter } from '../query/filter.js';
import { validatorOf } from '../query/validation.js';
import { cloneDeep, isPlainObject, toInt, type Doc } from '../values/values.js';

export const SERVER_VERSION = '7.0.0';
export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
export const MAX_MESSAGE_SIZE_BYTES = 48_000_000;
export const MAX_WRITE_BATCH_SIZE = 100_000;
const startedAt = Date.now();

/**
 * Standalone server description. No setName, so the driver never attempts
 * retryable writes or transactions; no topologyVersion, so it polls instead
 * of using streaming (exhaust) heartbeats; no `compression`, so the driver
 * never sends OP_COMPRESSED.
 */
export const hello: CommandHandler = (cmd, _db, ctx) => {
  const reply: Doc = {};
  if (cmd.helloOk === true) reply.helloOk = true;
  Object.assign(reply, {
    ismaster: true,
    isWritablePrimary: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE_BYTES,
    maxWriteBatchSize: MAX_WRITE_BATCH_SIZE,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: 21,
    readOnly: false,
    ok: 1,
  });
  return reply;
};

/** mongod answers `{ ok: 1 }`; the extra field tells a health check when writes are being refused. */
export const ping: CommandHandler = (_cmd, _db, ctx) => ({ embeddedStorage: ctx.storageHealth(), ok: 1 });

export const buildInfo: CommandHandler = () => ({
  version: SERVER_VERSION,
  gitVersion: 'embedded',
  versionArray: [7, 0, 0, 0],
  bits: 64,
  debug: false,
  maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
  storageEngines: ['embedded'],
  modules: [],
  javascriptEngine: 'none',
  ok: 1,
});

export const hostInfo: CommandHandler = () => ({
  system: { currentTime: new Date(), hostname: hostname(), cpuArch: process.arch },
  os: { type: process.platform },
  extra: {},
  ok: 1,
});

export const getParameter: CommandHandler = (cmd) => {
  const reply: Doc = {};
  if (cmd.featureCompatibilityVersion !== undefined || cmd.getParameter === '*') {
    reply.featureCompatibilityVersion = { version: '7.0' };
  }
  reply.ok = 1;
  return reply;
};

export const serverStatus: CommandHandler = () => ({
  host: hostname(),
  version: SERVER_VERSION,
  process: 'embedded',
  pid: process.pid,
  uptime: Math.floor((Date.now() - startedAt) / 1000),
  uptimeMillis: Date.now() - startedAt,
  localTime: new Date(),
  ...statusSections(),
  ok: 1,
});

export const currentOp: CommandHandler = (cmd, db, ctx) => {
  if (db !== 'admin') {
    throw new CommandError(ErrorCode.Unauthorized, 'currentOp may only be run against the admin database.');
  }
  return { inprog: currentOps(cmd, 'admin.$cmd', ctx), ok: 1 };
};

export const whatsmyuri: CommandHandler = () => ({ you: '127.0.0.1', ok: 1 });

export const connectionStatus: CommandHandler = () => ({
  authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
  ok: 1,
});

export const okCommand: CommandHandler = () => ({ ok: 1 });

export const startSession: CommandHandler = () => ({
  id: { id: new BSON.UUID() },
  timeoutMinutes: 30,
  ok: 1,
});

export const transactionsUnsupported: CommandHandler = () => {
  throw new CommandError(
    ErrorCode.IllegalOperation,
    'Transaction numbers are only allowed on a replica set member or mongos (the embedded engine is a standalone server)',
  );
};

export const listDatabases: CommandHandler = (cmd, _db, ctx) => {
  const nameOnly = cmd.nameOnly === true;
  const filter = compileFilter(cmd.filter);
  let total = 0;
  const databases = ctx.store
    .databaseNames()
    .map((name): Doc => {
      if (nameOnly) return { name };
      const size = ctx.store.collections(name).reduce((sum, c) => sum + c.docs.dataSize(), 0);
      total += size;
      return { name, sizeOnDisk: size, empty: size === 0 };
    })
    .filter((d) => filter.test(d));
  return nameOnly
    ? { databases, ok: 1 }
    : { databases, totalSize: total, totalSizeMb: Math.floor(total / 1048576), ok: 1 };
};

export const dropDatabase: CommandHandler = (_cmd, db, ctx) => {
  ctx.store.dropDatabase(db);
  return { dropped: db, ok: 1 };
};

export const dbStats: CommandHandler = (_cmd, db, ctx) => {
  const colls = ctx.store.collections(db);
  const objects = colls.reduce((n, c) => n + c.size, 0);
  const size = colls.reduce((n, c) => n + c.docs.dataSize(), 0);
  return {
    db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? size / objects : 0,
    dataSize: size,
    storageSize: size,
    indexes: colls.reduce((n, c) => n + c.indexSpecs().length, 0),
    indexSize: 0,
    totalSize: size,
    scaleFactor: 1,
    ok: 1,
  };
};

/** Collection options kept for listCollections; the validator is enforced (validation.ts). */
const CREATE_OPTIONS = [
  'capped',
  'size',
  'max',
  'validator',
  'validationLevel',
  'validationAction',
  'collation',
  'expireAfterSeconds',
  'clusteredIndex',
  'changeStreamPreAndPostImages',
];

export const create: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'create');
  if (cmd.viewOn !== undefined || cmd.timeseries !== undefined) {
    throw new CommandError(
      ErrorCode.NotImplemented,
      'views and time-series collections are not supported by the embedded engine',
    );
  }
  if (cmd.capped === true) {
    throw new CommandError(ErrorCode.NotImplemented, 'capped collections are not supported by the embedded engine');
  }
  const options: Doc = {};
  for (const key of CREATE_OPTIONS) if (cmd[key] !== undefined) options[key] = cloneDeep(cmd[key]);
  // A validator the engine cannot check is refused now rather than stored and ignored.
  validatorOf(options);
  ctx.store.createCollection(db, name, options);
  return { ok: 1 };
};

export const drop: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'drop');
  const dropped = ctx.store.dropCollection(db, name);
  // MongoDB 7.0 treats dropping a missing collection as success.
  return dropped ? { nIndexesWas: dropped.indexSpecs().length, ns: dropped.ns, ok: 1 } : { ok: 1 };
};

export const listCollections: CommandHandler = (cmd, db, ctx) => {
  const nameOnly = cmd.nameOnly === true;
  const filter = compileFilter(cmd.filter);
  const entries = ctx.store
    .collections(db)
    .map((c): Doc =>
      nameOnly
        ? { name: c.name, type: 'collection' }
        : {
            name: c.name,
            type: 'collection',
            options: cloneDeep(c.options),
            info: { readOnly: false, uuid: c.uuid },
            idIndex: { ...ID_INDEX },
          },
    )
    .filter((e) => filter.test(e));
  const cursorOpts = asDoc(cmd.cursor, 'cursor');
  const batchSize = cursorOpts.batchSize === undefined ? undefined : toInt(cursorOpts.batchSize, 101);
  const ns = `${db}.$cmd.listCollections`;
  const batch = ctx.cursors.open(ns, entries, batchSize, false);
  return { cursor: { id: batch.id, ns, firstBatch: batch.docs }, ok: 1 };
};

/** Index types whose query operators ($near, $geoWithin, ...) the engine does not have. */
const GEO_INDEX_TYPES = ['2d', '2dsphere', '2dsphere_bucket', 'geoHaystack'];

export const createIndexes: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'createIndexes');
  if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) {
    throw new CommandError(ErrorCode.BadValue, 'Must specify at least one index to create');
  }
  const specs = cmd.indexes.map(normalizeIndexSpec);
  for (const spec of specs) {
    const geo = Object.values(spec.key).find((type) => typeof type === 'string' && GEO_INDEX_TYPES.includes(type));
    if (geo !== undefined) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        `${String(geo)} indexes and geospatial queries are not supported by the embedded engine`,
      );
    }
  }
  const existed = ctx.store.getCollection(db, name) !== undefined;
  const coll = ctx.store.ensureCollection(db, name);
  const before = coll.indexSpecs().length;
  const created: string[] = [];
  try {
    for (const spec of specs) if (coll.createIndex(spec)) created.push(spec.name);
  } catch (err) {
    // createIndexes is all-or-nothing in mongod.
    for (const indexName of created) coll.dropIndex(indexName);
    throw err;
  }
  const reply: Doc = {
    numIndexesBefore: before,
    numIndexesAfter: coll.indexSpecs().length,
    createdCollectionAutomatically: !existed,
  };
  if (created.length === 0) reply.note = 'all indexes already exist';
  reply.ok = 1;
  return reply;
};

export const listIndexes: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'listIndexes');
  const coll = ctx.store.getCollection(db, name);
  if (!coll) throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
  const cursorOpts = asDoc(cmd.cursor, 'cursor');
  const batchSize = cursorOpts.batchSize === undefined ? undefined : toInt(cursorOpts.batchSize, 101);
  const ns = `${db}.${name}`;
  const batch = ctx.cursors.open(
    ns,
    coll.indexSpecs().map((s) => cloneDeep(s)),
    batchSize,
    false,
  );
  return { cursor: { id: batch.id, ns, firstBatch: batch.docs }, ok: 1 };
};

export const dropIndexes: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, typeof cmd.dropIndexes === 'string' ? 'dropIndexes' : 'deleteIndexes');
  const coll = ctx.store.getCollection(db, name);
  if (!coll) throw new CommandError(ErrorCode.NamespaceNotFound, `ns not found ${db}.${name}`);
  const was = coll.indexSpecs().length;
  const which = cmd.index;
  if (which === '*') coll.dropAllIndexes();
  else if (typeof which === 'string' || isPlainObject(which)) coll.dropIndex(which);
  else if (Array.isArray(which)) {
    for (const n of which) {
      if (typeof n !== 'string') throw new CommandError(ErrorCode.TypeMismatch, 'index names must be strings');
      if (!coll.indexSpecs().some((s) => s.name === n)) {
        throw new CommandError(ErrorCode.IndexNotFound, `index not found with name [${n}]`);
      }
    }
    for (const n of which as string[]) coll.dropIndex(n);
  } else {
    throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'index' must be a string, array or object");
  }
  return { nIndexesWas: was, ok: 1 };
};

export const collMod: CommandHandler = (cmd, db, ctx) => {
  const name = collectionArg(cmd, 'collMod');
  const coll = ctx.store.getCollection(db, name);
  if (!coll) throw new CommandError(ErrorCode.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
  for (const key of ['validator', 'validationLevel', 'validationAction', 'viewOn', 'pipeline', 'expireAfterSeconds']) {
    if (cmd[key] !== undefined) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        `collMod '${key}' is not supported by the embedded engine; give the validator when the collection is created`,
      );
    }
  }
  if (isPlainObject(cmd.index) && cmd.index.expireAfterSeconds !== undefined) {
    const target = cmd.index;
    const spec = coll
      .indexSpecs()
      .find(
        (s) => s.name === target.name || (isPlainObject(target.keyPattern) && sameKeyPattern(s.key, target.keyPattern)),
      );
    if (!spec) throw new CommandError(ErrorCode.IndexNotFound, `cannot find index for ns ${coll.ns}`);
    const seconds = toInt(target.expireAfterSeconds, 0);
    const old = spec.expireAfterSeconds;
    coll.setIndexExpiry(spec.name, seconds);
    return old === undefined || old === seconds
      ? { ok: 1 }
      : { expireAfterSeconds_old: old, expireAfterSeconds_new: seconds, ok: 1 };
  }
  return { ok: 1 };
};

function splitNamespace(ns: unknown, field: string): [string, string] {
  if (typeof ns !== 'string' || !ns.includes('.')) {
    throw new CommandError(ErrorCode.InvalidNamespace, `Invalid namespace specified for '${field}': ${String(ns)}`);
  }
  const dot = ns.indexOf('.');
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}

export const renameCollection: CommandHandler = (cmd, _db, ctx) => {
  const [fromDb, from] = splitNamespace(cmd.renameCollection, 'renameCollection');
  const [toDb, to] = splitNamespace(cmd.to, 'to');
  ctx.store.renameCollection(fromDb, from, toDb, to, cmd.dropTarget === true);
  return { ok: 1 };
};
