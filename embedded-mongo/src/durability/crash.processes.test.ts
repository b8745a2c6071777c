/**
 * The crash harness: the engine runs in a child process, many clients write to it at
 * once, and it is killed with SIGKILL at a random moment, or (every other time) right into a
 * checkpoint, which a tiny checkpoint threshold keeps starting all the time.
 * After every restart, every write the engine acknowledged must be there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { externalUri } from '../../test/testing.js';

const STANDALONE = fileURLToPath(new URL('../standalone.ts', import.meta.url));
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 15);
const WRITERS = 20;

interface Engine {
  child: ChildProcess;
  uri: string;
}

function startEngine(dataDir: string): Promise<Engine> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', STANDALONE, '--data-dir', dataDir, '--checkpoint-bytes', '16384'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (mongodb:\/\/\S+)/.exec(output);
      if (m) {
        child.stdout?.off('data', onData);
        resolve({ child, uri: m[1] as string });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`engine exited (${code}) before listening:\n${output}`)));
  });
}

function kill(engine: Engine): Promise<void> {
  return new Promise((resolve) => {
    if (engine.child.exitCode !== null || engine.child.signalCode !== null) return resolve();
    engine.child.once('exit', () => resolve());
    engine.child.kill('SIGKILL');
  });
}

const connect = async (uri: string) => {
  const client = new MongoClient(`${uri}/crash?directConnection=true`, {
    retryWrites: false,
    maxPoolSize: WRITERS + 2,
    serverSelectionTimeoutMS: 3000,
  });
  await client.connect();
  return client;
};

describe.skipIf(externalUri !== undefined)('crash harness: kill -9 at random moments', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it(`loses no acknowledged write over ${ITERATIONS} kills`, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-crash-harness-'));
    dirs.push(dataDir);
    const ackedInserts: string[] = [];
    const ackedDeletes: string[] = [];
    // A delete that was sent but not acknowledged may or may not have happened.
    const attemptedDeletes = new Set<string>();
    // Per writer: increments acknowledged, and attempted (acknowledged or not).
    const counters = Array.from({ length: WRITERS }, () => ({ acked: 0, attempted: 0 }));
    let killedMidCheckpoint = 0;
    const tmpCheckpoint = path.join(dataDir, 'embedded-db.bson.tmp');
    let totalAcked = 0;

    for (let iteration = 0; iteration <= ITERATIONS; iteration++) {
      const engine = await startEngine(dataDir);
      const client = await connect(engine.uri);
      const items = client.db('crash').collection<{ _id: string; pad?: string }>('items');
      const counterColl = client.db('crash').collection<{ _id: string; n: number }>('counters');

      // Everything acknowledged before the last kill is there...
      const present = new Set((await items.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
      const missing = ackedInserts.filter((id) => !present.has(id) && !attemptedDeletes.has(id));
      expect(missing, `iteration ${iteration}: acknowledged inserts lost`).toEqual([]);
      const undeleted = ackedDeletes.filter((id) => present.has(id));
      expect(undeleted, `iteration ${iteration}: acknowledged deletes undone`).toEqual([]);
      for (const [w, c] of counters.entries()) {
        const n = (await counterColl.findOne({ _id: `w${w}` }))?.n ?? 0;
        expect(n, `iteration ${iteration}: counter ${w}`).toBeGreaterThanOrEqual(c.acked);
        expect(n, `iteration ${iteration}: counter ${w}`).toBeLessThanOrEqual(c.attempted);
        c.acked = n;
        c.attempted = n;
      }
      if (iteration === ITERATIONS) {
        await client.close();
        await kill(engine);
        break;
      }

      // ...then many writers at once until the process dies under them.
      let alive = true;
      const writer = async (w: number) => {
        for (let i = 0; alive; i++) {
          const id = `${iteration}-${w}-${i}`;
          try {
            if (i % 7 === 3) {
              counters[w]!.attempted += 1;
              await counterColl.updateOne({ _id: `w${w}` }, { $inc: { n: 1 } }, { upsert: true });
              counters[w]!.acked += 1;
            } else if (i % 11 === 5 && ackedInserts.length > 0) {
              const victim = ackedInserts[(w * 31 + i) % ackedInserts.length] as string;
              attemptedDeletes.add(victim);
              const res = await items.deleteOne({ _id: victim });
              if (res.deletedCount === 1) ackedDeletes.push(victim);
            } else {
              await items.insertOne({ _id: id, pad: 'x'.repeat(200 + ((i * 37) % 400)) });
              ackedInserts.push(id);
              totalAcked += 1;
            }
          } catch {
            return; // the engine is gone: this write was not acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      if (iteration % 2 === 0) {
        // At a random moment...
        await new Promise((r) => setTimeout(r, 40 + Math.random() * 360));
      } else {
        // ...or as soon as a checkpoint is being written (within 3 s), a random moment into it.
        const deadline = Date.now() + 3000;
        while (!existsSync(tmpCheckpoint) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1));
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      }
      await kill(engine);
      if (existsSync(tmpCheckpoint)) killedMidCheckpoint += 1;
      alive = false;
      await Promise.all(writers);
      await client.close(true).catch(() => undefined);
      // Documents a delete was sent for are no longer expected; acknowledged deletes are checked above.
      for (let i = ackedInserts.length - 1; i >= 0; i--) {
        if (attemptedDeletes.has(ackedInserts[i] as string)) ackedInserts.splice(i, 1);
      }
    }
    console.log(
      `crash harness: ${ITERATIONS} kills, ${totalAcked} acknowledged inserts, ${ackedDeletes.length} deletes, ` +
        `${killedMidCheckpoint} kills during a checkpoint, 0 acknowledged writes lost`,
    );
    expect(totalAcked).toBeGreaterThan(ITERATIONS * 20);
    expect(killedMidCheckpoint).toBeGreaterThan(0);
  }, 300_000);
});
