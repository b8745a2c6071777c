#!/usr/bin/env node
// npm run test:crud-spec -- <checkout of github.com/mongodb/specifications> [--verbose]
// Runs MongoDB's CRUD spec tests (source/crud/tests/unified/*.json, the drivers' unified test
// format) against the embedded engine as a standalone 7.0 server. The specifications are not
// copied into this repository (their licence is CC BY-NC-SA), so the runner reads a checkout.
// Covered: entities (client, database, collection), initialData, runOnRequirements, the CRUD
// operations, expectResult, expectError, outcome. Not covered, and counted as skipped: command
// monitoring (expectEvents is not checked: it tests the driver, not the server), fail points,
// sessions, and tests for other topologies or server versions.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EJSON } from 'bson';
import { MongoClient, MongoServerError, type Collection, type Db, type Document } from 'mongodb';
import { startEmbeddedEngine } from '../src/index.js';

const SERVER_VERSION = [7, 0, 0];

class Skip extends Error {}

/** Files that test the Node driver rather than the server: it gives a null _id an ObjectId before sending. */
const DRIVER_BEHAVIOUR = new Set(['create-null-ids.json']);

/** What the engine refuses by design (docs/engine.md): NotImplemented 238, the message naming it. */
const refusal = (problem: string): boolean => / 238 |NotImplemented|not supported by the embedded engine/.test(problem);

const isObject = (v: unknown): v is Document =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v as { _bsontype?: string })._bsontype;

function versionAtLeast(wanted: string): boolean {
  const parts = wanted.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const [have, want] = [SERVER_VERSION[i] ?? 0, parts[i] ?? 0];
    if (have !== want) return have > want;
  }
  return true;
}

function runnable(requirements: Document[] | undefined): boolean {
  if (!requirements) return true;
  return requirements.some(
    (r) =>
      (!r.minServerVersion || versionAtLeast(r.minServerVersion)) &&
      (!r.maxServerVersion || !versionAtLeast(r.maxServerVersion) || r.maxServerVersion.startsWith('7.0')) &&
      (!r.topologies || r.topologies.includes('single')) &&
      r.serverless !== 'require' &&
      !r.auth &&
      !r.csfle,
  );
}

function numeric(v: unknown): number | bigint | undefined {
  if (typeof v === 'number') return v;
  const t = (v as { _bsontype?: string } | null)?._bsontype;
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  if (t === 'Long') return BigInt(String(v));
  if (t === 'Decimal128') return Number(String(v));
  return undefined;
}

const TYPE_NAMES: Record<string, (v: unknown) => boolean> = {
  int: (v) => (typeof v === 'number' && Number.isInteger(v)) || (v as { _bsontype?: string })?._bsontype === 'Int32',
  long: (v) => (v as { _bsontype?: string })?._bsontype === 'Long' || (typeof v === 'number' && Number.isInteger(v)),
  double: (v) => typeof v === 'number' || (v as { _bsontype?: string })?._bsontype === 'Double',
  string: (v) => typeof v === 'string',
  object: (v) => isObject(v),
  array: (v) => Array.isArray(v),
  objectId: (v) => (v as { _bsontype?: string })?._bsontype === 'ObjectId',
  date: (v) => v instanceof Date,
  bool: (v) => typeof v === 'boolean',
  null: (v) => v === null,
};

/** The unified format's "Evaluating Matches"; returns a description of the first mismatch. */
function mismatch(expected: unknown, actual: unknown, root: boolean, where = '$'): string | undefined {
  if (isObject(expected)) {
    const keys = Object.keys(expected);
    if (keys.length === 1 && keys[0]?.startsWith('$$')) {
      const [op] = keys as [string];
      const arg = expected[op];
      if (op === '$$exists') return (actual !== undefined) === arg ? undefined : `${where}: exists should be ${arg}`;
      if (op === '$$unsetOrMatches') return actual === undefined ? undefined : mismatch(arg, actual, true, where);
      if (op === '$$type') {
        const names = Array.isArray(arg) ? arg : [arg];
        return names.some((n: string) => TYPE_NAMES[n]?.(actual)) ? undefined : `${where}: not of type ${names}`;
      }
      if (op === '$$lte') return Number(numeric(actual)) <= Number(numeric(arg)) ? undefined : `${where}: > ${arg}`;
      if (op === '$$matchAsRoot') return mismatch(arg, actual, true, where);
      throw new Skip(`matcher ${op}`);
    }
    if (!isObject(actual)) return `${where}: expected a document, got ${EJSON.stringify(actual)}`;
    for (const key of keys) {
      const problem = mismatch(expected[key], actual[key], false, `${where}.${key}`);
      if (problem) return problem;
    }
    if (!root) {
      const extra = Object.keys(actual).find((k) => !(k in expected));
      if (extra !== undefined) return `${where}: unexpected field ${extra}`;
    }
    return undefined;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return `${where}: expected ${EJSON.stringify(expected)}, got ${EJSON.stringify(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const problem = mismatch(expected[i], actual[i], root, `${where}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  const [e, a] = [numeric(expected), numeric(actual)];
  if (e !== undefined && a !== undefined) {
    return typeof e === typeof a
      ? e === a
        ? undefined
        : `${where}: ${e} ≠ ${a}`
      : Number(e) === Number(a)
        ? undefined
        : `${where}: ${e} ≠ ${a}`;
  }
  return EJSON.stringify(expected, { relaxed: false }) === EJSON.stringify(actual ?? null, { relaxed: false })
    ? undefined
    : `${where}: expected ${EJSON.stringify(expected)}, got ${EJSON.stringify(actual)}`;
}

interface Entities {
  clients: Map<string, MongoClient>;
  dbs: Map<string, Db>;
  colls: Map<string, Collection>;
  results: Map<string, unknown>;
}

function options(args: Document, ...omit: string[]): Document {
  const out: Document = {};
  for (const [k, v] of Object.entries(args)) {
    if (omit.includes(k)) continue;
    if (k === 'session') throw new Skip('sessions');
    out[k] = k === 'returnDocument' ? String(v).toLowerCase() : v;
  }
  return out;
}

function updateResult(r: Document): Document {
  return {
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    upsertedCount: r.upsertedCount,
    ...(r.upsertedId !== null && r.upsertedId !== undefined ? { upsertedId: r.upsertedId } : {}),
  };
}

function bulkResult(r: Document): Document {
  return {
    deletedCount: r.deletedCount,
    insertedCount: r.insertedCount,
    insertedIds: r.insertedIds,
    matchedCount: r.matchedCount,
    modifiedCount: r.modifiedCount,
    upsertedCount: r.upsertedCount,
    upsertedIds: r.upsertedIds,
  };
}

async function run(op: Document, e: Entities): Promise<unknown> {
  const args: Document = op.arguments ?? {};
  const coll = e.colls.get(op.object);
  const db = e.dbs.get(op.object);
  if (coll) {
    switch (op.name) {
      case 'aggregate':
        return coll.aggregate(args.pipeline, options(args, 'pipeline')).toArray();
      case 'find':
        return coll.find(args.filter, options(args, 'filter')).toArray();
      case 'findOne':
        return coll.findOne(args.filter, options(args, 'filter'));
      case 'countDocuments':
        return coll.countDocuments(args.filter, options(args, 'filter'));
      case 'count':
        return coll.count(args.filter, options(args, 'filter'));
      case 'estimatedDocumentCount':
        return coll.estimatedDocumentCount(options(args));
      case 'distinct':
        return coll.distinct(args.fieldName, args.filter, options(args, 'fieldName', 'filter'));
      case 'insertOne':
        return { insertedId: (await coll.insertOne(args.document, options(args, 'document'))).insertedId };
      case 'insertMany':
        return { insertedIds: (await coll.insertMany(args.documents, options(args, 'documents'))).insertedIds };
      case 'deleteOne':
        return { deletedCount: (await coll.deleteOne(args.filter, options(args, 'filter'))).deletedCount };
      case 'deleteMany':
        return { deletedCount: (await coll.deleteMany(args.filter, options(args, 'filter'))).deletedCount };
      case 'updateOne':
        return updateResult(await coll.updateOne(args.filter, args.update, options(args, 'filter', 'update')));
      case 'updateMany':
        return updateResult(await coll.updateMany(args.filter, args.update, options(args, 'filter', 'update')));
      case 'replaceOne':
        return updateResult(
          await coll.replaceOne(args.filter, args.replacement, options(args, 'filter', 'replacement')),
        );
      case 'findOneAndUpdate':
        return coll.findOneAndUpdate(args.filter, args.update, options(args, 'filter', 'update'));
      case 'findOneAndReplace':
        return coll.findOneAndReplace(args.filter, args.replacement, options(args, 'filter', 'replacement'));
      case 'findOneAndDelete':
        return coll.findOneAndDelete(args.filter, options(args, 'filter'));
      case 'bulkWrite':
        return bulkResult(await coll.bulkWrite(args.requests, options(args, 'requests')));
      case 'createIndex':
        return coll.createIndex(args.keys, options(args, 'keys'));
    }
  }
  if (db) {
    switch (op.name) {
      case 'aggregate':
        return db.aggregate(args.pipeline, options(args, 'pipeline')).toArray();
      case 'createCollection':
        return db.createCollection(args.collection, options(args, 'collection')).then(() => undefined);
      case 'dropCollection':
        return db.dropCollection(args.collection, options(args, 'collection'));
      case 'modifyCollection':
        return db.command({ collMod: args.collection, ...options(args, 'collection') });
      case 'runCommand':
        return db.command(args.command);
    }
  }
  throw new Skip(`operation ${op.name} on ${op.object}`);
}

async function expectOperation(op: Document, e: Entities): Promise<string | undefined> {
  let result: unknown;
  let error: unknown;
  try {
    result = await run(op, e);
  } catch (err) {
    if (err instanceof Skip) throw err;
    error = err;
  }
  if (op.ignoreResultAndError) return undefined;
  if (op.expectError) {
    const x = op.expectError as Document;
    if (error === undefined) return `${op.name}: expected an error, got ${EJSON.stringify(result)}`;
    const server = error instanceof MongoServerError ? error : undefined;
    if (x.isClientError === true && server) return `${op.name}: expected a client error, got ${server.message}`;
    if (x.isClientError === false && !server) return `${op.name}: expected a server error, got ${String(error)}`;
    if (x.errorCode !== undefined && server?.code !== x.errorCode) {
      return `${op.name}: expected code ${x.errorCode}, got ${server?.code} ${String(error)}`;
    }
    if (x.errorCodeName !== undefined && server?.codeName !== x.errorCodeName) {
      return `${op.name}: expected ${x.errorCodeName}, got ${server?.codeName} ${String(error)}`;
    }
    if (
      x.errorContains &&
      !String((error as Error).message)
        .toLowerCase()
        .includes(x.errorContains.toLowerCase())
    ) {
      return `${op.name}: message should contain "${x.errorContains}": ${(error as Error).message}`;
    }
    if (x.errorResponse) return mismatch(x.errorResponse, server?.errorResponse, true, `${op.name} errorResponse`);
    if (x.expectResult) {
      const partial = (error as { result?: Document }).result;
      return partial ? mismatch(x.expectResult, bulkResult(partial), true, `${op.name} partial result`) : undefined;
    }
    return undefined;
  }
  if (error !== undefined) return `${op.name}: ${String(error)}`;
  if (op.saveResultAsEntity) e.results.set(op.saveResultAsEntity, result);
  return 'expectResult' in op ? mismatch(op.expectResult, result ?? null, true, op.name as string) : undefined;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { verbose: { type: 'boolean' } }, allowPositionals: true });
  const checkout = positionals[0];
  if (!checkout) throw new Error('usage: npm run test:crud-spec -- <checkout of mongodb/specifications>');
  const dir = path.join(checkout, 'source/crud/tests/unified');
  const engine = await startEmbeddedEngine();
  const client = new MongoClient(`${engine.uri}/?directConnection=true`);
  await client.connect();
  const tally = { passed: 0, failed: 0, refused: 0, skipped: 0 };
  const failures: string[] = [];
  try {
    for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
      const spec = EJSON.parse(await readFile(path.join(dir, file), 'utf8'), { relaxed: true }) as Document;
      for (const test of spec.tests as Document[]) {
        const label = `${file}: ${test.description}`;
        const skip =
          !runnable(spec.runOnRequirements) ||
          !runnable(test.runOnRequirements) ||
          test.skipReason ||
          DRIVER_BEHAVIOUR.has(file);
        if (skip) {
          tally.skipped++;
          continue;
        }
        const e: Entities = { clients: new Map(), dbs: new Map(), colls: new Map(), results: new Map() };
        try {
          for (const entity of spec.createEntities ?? []) {
            const [kind, d] = Object.entries(entity as Document)[0] as [string, Document];
            if (kind === 'client') e.clients.set(d.id, client);
            else if (kind === 'database') e.dbs.set(d.id, client.db(d.databaseName));
            else if (kind === 'collection') {
              const db = e.dbs.get(d.database) as Db;
              e.colls.set(d.id, db.collection(d.collectionName, d.collectionOptions));
            } else throw new Skip(`entity ${kind}`);
          }
          for (const data of spec.initialData ?? []) {
            const db = client.db(data.databaseName);
            await db.dropCollection(data.collectionName).catch(() => undefined);
            await db.createCollection(data.collectionName, data.createOptions ?? {});
            if (data.documents.length) await db.collection(data.collectionName).insertMany(data.documents);
          }
          let problem: string | undefined;
          for (const op of test.operations as Document[]) {
            if (op.object === 'testRunner') throw new Skip(`testRunner ${op.name}`);
            problem = await expectOperation(op, e);
            if (problem) break;
          }
          for (const data of problem ? [] : (test.outcome ?? [])) {
            const docs = await client
              .db(data.databaseName)
              .collection(data.collectionName)
              .find({}, { sort: { _id: 1 } })
              .toArray();
            problem = mismatch(data.documents, docs, false, `outcome ${data.collectionName}`);
            if (problem) break;
          }
          if (problem && refusal(problem)) {
            tally.refused++;
            if (values.verbose) console.log(`refused ${label}\n    ${problem}`);
          } else if (problem) {
            tally.failed++;
            failures.push(`${label}\n    ${problem}`);
          } else tally.passed++;
        } catch (err) {
          if (!(err instanceof Skip)) throw err;
          tally.skipped++;
          if (values.verbose) console.log(`skipped ${label} (${err.message})`);
        }
      }
    }
  } finally {
    await client.close();
    await engine.stop();
  }
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(
    `CRUD spec tests: ${tally.passed} passed, ${tally.failed} failed, ${tally.refused} refused by the embedded engine, ${tally.skipped} skipped`,
  );
  if (tally.failed) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
