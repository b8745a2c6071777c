/**
 * The official shell against `npm run db`: an operator's session typed into mongosh (from npm),
 * line by line as at its prompt, with the answers it prints — what works, and what the embedded
 * engine refuses and how (docs/engine.md, "mongosh").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runToEnd } from '../test/run-to-end.js';
import { freePort, startScript, type Run } from '../test/server-process.js';

const MONGOSH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('mongosh/package.json')),
  'bin/mongosh.js',
);

/** mongosh colours its errors and puts a \r in "Uncaught \rMongoServerError…". */
// eslint-disable-next-line no-control-regex -- the escape that starts a colour
const DECORATION = /\x1b\[[0-9;]*m|\r/g;

/** The session, and what mongosh answers to each line (its prompt stripped). */
const SESSION: Array<[typed: string, answer: string]> = [
  ['use kesh', 'switched to db kesh'],
  [
    "db.orders.insertMany([{_id: 1, user: 'u1', status: 'Delivered', total: 500}, {_id: 2, user: 'u1', status: 'Processing', total: 300}, {_id: 3, user: 'u2', status: 'Delivered', total: 700}])",
    "{ acknowledged: true, insertedIds: { '0': 1, '1': 2, '2': 3 } }",
  ],
  ['show collections', 'orders'],
  ["db.orders.countDocuments({status: 'Delivered'})", '2'],
  [
    "EJSON.stringify(db.orders.find({user: 'u1'}, {_id: 0, total: 1}).sort({total: -1}).toArray())",
    '[{"total":500},{"total":300}]',
  ],
  [
    "EJSON.stringify(db.orders.aggregate([{$group: {_id: '$status', n: {$sum: 1}}}, {$sort: {_id: 1}}]).toArray())",
    '[{"_id":"Delivered","n":2},{"_id":"Processing","n":1}]',
  ],
  ['db.orders.createIndex({user: 1, total: -1})', 'user_1_total_-1'],
  ['db.orders.getIndexes().map(i => i.name).join()', '_id_,user_1_total_-1'],
  ["db.orders.updateOne({_id: 2}, {$set: {status: 'Delivered'}}).modifiedCount", '1'],
  ["db.orders.find({user: 'u1'}).explain().queryPlanner.winningPlan.inputStage.stage", 'IXSCAN'],
  ['db.stats().collections', '1'],
  ['db.serverStatus().opcounters.insert', '3'],
  ['db.currentOp().inprog.length', '1'],
  [
    "db.orders.find({$where: 'true'})",
    'Uncaught MongoServerError[NotImplemented]: $where is not supported by the embedded engine: it runs no server-side JavaScript',
  ],
  [
    "db.createCollection('log', {capped: true, size: 4096})",
    'Uncaught MongoServerError[NotImplemented]: capped collections are not supported by the embedded engine',
  ],
  [
    'db.orders.insertOne({_id: 4}, {writeConcern: {w: 2}})',
    "Uncaught MongoServerError[BadValue]: cannot use 'w' > 1 when a host is not replicated",
  ],
  ['db.orders.deleteOne({_id: 3}).deletedCount', '1'],
  ['db.orders.countDocuments()', '2'],
];

/** mongosh reading `input` as typed at its prompt; resolves with what it printed. */
function mongosh(uri: string, input: string, home: string): Promise<string> {
  // A home of its own (history, logs); no telemetry from a test.
  const env = { PATH: process.env.PATH ?? '', HOME: home, MONGOSH_FORCE_DISABLE_TELEMETRY_FOR_TESTING: '1' };
  return runToEnd(process.execPath, [MONGOSH, uri, '--quiet'], { env }, input);
}

describe('mongosh against npm run db', () => {
  let dataDir: string;
  let db: Run;
  let uri: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-mongosh-'));
    const port = await freePort();
    db = startScript('src/scripts/db-server.ts', dataDir, { DB_PORT: String(port) });
    await db.waitFor('embedded database on');
    uri = `mongodb://127.0.0.1:${port}`;
  }, 90_000);

  afterAll(async () => {
    db?.child.kill('SIGTERM');
    await db?.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers an operator session as the shell expects, refusals included', async () => {
    const printed = await mongosh(uri, SESSION.map(([typed]) => typed).join('\n') + '\n', dataDir);
    // Each answer follows the prompt of the database in use ("test> ", then "kesh> ").
    const answers = printed
      .split('\n')
      .map((line) =>
        line
          .replace(DECORATION, '')
          .replace(/^(\w+> )+/, '')
          .trimEnd(),
      )
      .filter((line) => line !== '');
    expect(answers).toEqual(SESSION.map(([, answer]) => answer));
  }, 60_000);
});
