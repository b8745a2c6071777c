#!/usr/bin/env node
// npm run bench:db: the embedded engine's durability costs, measured through the official driver
// on this machine's disk (a temporary data directory), printed and written to bench/db.md.
//   - durable inserts/s and write latency with 1 and with 20 concurrent writers (every insert
//     acknowledged only after its journal record was fdatasync'ed; group commit shares the syncs),
//     the engine in its own process and the driver in this one
//   - the longest event-loop stall while a checkpoint of 100k documents is written
//   - start-up time at 100k documents, from a checkpoint and from the journal alone
// BENCH_DB_SECONDS (default 5) sets the length of each write run; BENCH_DB_DOCS (default 100000).
import { cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedEngine, type EmbeddedEngine } from '../src/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_DB_SECONDS ?? 5);
const DOCS = Number(process.env.BENCH_DB_DOCS ?? 100_000);

/** An order as the shop stores it (about the size of the real ones). */
const order = (i: number) => ({
  _id: new ObjectId(),
  userId: new ObjectId(),
  products: [
    { productId: new ObjectId(), title: 'Bhringraj Hair Oil 200 ml', quantity: 1 + (i % 3), pricePaise: 34900 },
  ],
  totalPaise: 34900 * (1 + (i % 3)),
  status: 'Processing',
  createdAt: new Date(),
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function open(dataDir: string): Promise<{ engine: EmbeddedEngine; client: MongoClient }> {
  const engine = await startEmbeddedEngine({ dataDir });
  const client = new MongoClient(`${engine.uri}/bench?directConnection=true`, { maxPoolSize: 25 });
  await client.connect();
  return { engine, client };
}

/** The engine as its own process (as `npm run db` runs it), so the load generator is not measured. */
function startEngineProcess(dataDir: string): Promise<{ uri: string; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'src/standalone.ts'), '--data-dir', dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (\S+)/.exec(output);
      if (m)
        resolve({
          uri: m[1] as string,
          stop: () =>
            new Promise<void>((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`engine exited with ${code}`)));
  });
}

async function writeRun(writers: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-db-'));
  const engine = await startEngineProcess(dir);
  const client = new MongoClient(`${engine.uri}/bench?directConnection=true`, { maxPoolSize: 25 });
  await client.connect();
  const coll = client.db('bench').collection('orders');
  await coll.insertOne(order(0)); // connection and collection exist before the clock starts
  const latencies: number[] = [];
  const until = performance.now() + SECONDS * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await coll.insertOne(order(i++));
        latencies.push(performance.now() - started);
      }
    }),
  );
  await client.close();
  await engine.stop();
  await rm(dir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    writers,
    perSecond: latencies.length / SECONDS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

async function largeDatabase() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-db-large-'));
  const { engine } = await open(dir).then(async (o) => {
    await o.client.close();
    return o;
  });
  let client = new MongoClient(`${engine.uri}/bench?directConnection=true`);
  await client.connect();
  let coll = client.db('bench').collection('orders');
  await coll.createIndex({ userId: 1, createdAt: -1 });
  for (let done = 0; done < DOCS; done += 1000) {
    await coll.insertMany(Array.from({ length: Math.min(1000, DOCS - done) }, (_, k) => order(done + k)));
  }

  // Start-up from the journal alone (no checkpoint was written: the default threshold is 32 MiB).
  await client.close(true);
  const journalOnly = path.join(dir, '..', `${path.basename(dir)}-journal-copy`);
  await mkdir(journalOnly);
  await cp(dir, journalOnly, { recursive: true, filter: (src) => !src.endsWith('.lock') });
  let started = performance.now();
  const fromJournal = await startEmbeddedEngine({ dataDir: journalOnly });
  const startFromJournalMs = performance.now() - started;
  await fromJournal.stop();
  await rm(journalOnly, { recursive: true, force: true });

  // The longest stall of the event loop while a checkpoint of everything is written, with
  // writes going on at the same time (they must keep being answered).
  client = new MongoClient(`${engine.uri}/bench?directConnection=true`);
  await client.connect();
  coll = client.db('bench').collection('orders');
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let writesDuringCheckpoint = 0;
  let checkpointing = true;
  const writer = (async () => {
    while (checkpointing) {
      await coll.insertOne(order(0));
      writesDuringCheckpoint += 1;
    }
  })();
  delay.enable();
  started = performance.now();
  await engine.flush();
  const checkpointMs = performance.now() - started;
  delay.disable();
  checkpointing = false;
  await writer;
  const stallMs = delay.max / 1e6;

  await client.close();
  await engine.stop();
  started = performance.now();
  const fromCheckpoint = await startEmbeddedEngine({ dataDir: dir });
  const startFromCheckpointMs = performance.now() - started;
  await fromCheckpoint.stop();
  const checkpointBytes = (await stat(path.join(dir, 'embedded-db.bson'))).size;
  await rm(dir, { recursive: true, force: true });
  return { checkpointMs, stallMs, writesDuringCheckpoint, startFromCheckpointMs, startFromJournalMs, checkpointBytes };
}

async function main() {
  console.log(`Durable writes, ${SECONDS} s per run ...`);
  const runs = [await writeRun(1), await writeRun(20)];
  console.log(`Database of ${DOCS} orders: checkpoint stall and start-up ...`);
  const large = await largeDatabase();
  const f = (n: number, digits = 1) => n.toFixed(digits);
  const lines = [
    `| concurrent writers | durable inserts/s | p50 ms | p99 ms |`,
    `| ---: | ---: | ---: | ---: |`,
    ...runs.map((r) => `| ${r.writers} | ${Math.round(r.perSecond)} | ${f(r.p50)} | ${f(r.p99)} |`),
    '',
    `| ${DOCS} orders (${f(large.checkpointBytes / 1024 / 1024)} MiB checkpoint) | figure |`,
    `| --- | ---: |`,
    `| checkpoint written in | ${Math.round(large.checkpointMs)} ms |`,
    `| longest event-loop stall during the checkpoint | ${f(large.stallMs)} ms |`,
    `| inserts answered during the checkpoint | ${large.writesDuringCheckpoint} |`,
    `| start-up from the checkpoint | ${Math.round(large.startFromCheckpointMs)} ms |`,
    `| start-up from the journal alone (replay of every insert) | ${Math.round(large.startFromJournalMs)} ms |`,
    '',
  ];
  const report = lines.join('\n');
  console.log(`\n${report}`);
  await mkdir(path.join(ROOT, 'bench'), { recursive: true });
  await writeFile(
    path.join(ROOT, 'bench/db.md'),
    `# Embedded engine durability benchmark\n\n\`npm run bench:db\`, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}, data directory on ${tmpdir()}.\n\n${report}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
