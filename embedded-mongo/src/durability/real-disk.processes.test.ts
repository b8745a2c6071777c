/**
 * The engine on a real, tiny file system (tmpfs, mounted for the test): a disk that really
 * fills up and a file system really remounted read-only, not an injected error. Mounting
 * needs root, which CI and the developers' machines have.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient, type Document } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { externalUri } from '../../test/testing.js';

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });

describe.skipIf(externalUri !== undefined)('the engine on a real tiny file system', () => {
  let dir: string;
  const engines: EmbeddedEngine[] = [];
  const clients: MongoClient[] = [];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'embedded-tmpfs-'));
    mount('-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir);
  });

  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    for (const e of engines.splice(0)) await e.stop().catch(() => undefined);
    execFileSync('umount', ['-l', dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  async function start() {
    const engine = await startEmbeddedEngine({ dataDir: dir, checkpointBytes: 256 * 1024 });
    engines.push(engine);
    const client = new MongoClient(`${engine.uri}/tiny?directConnection=true&retryWrites=false`);
    clients.push(client);
    await client.connect();
    return { engine, client, items: client.db('tiny').collection<{ _id: number; pad: string }>('items') };
  }
  const storage = async (client: MongoClient) =>
    ((await client.db('tiny').command({ ping: 1 })) as Document).embeddedStorage as {
      writable: boolean;
      cause?: string;
    };

  it('fills the disk: every acknowledged write survives, the rest are refused, writing resumes with space', async () => {
    const { engine, client, items } = await start();
    const acked: number[] = [];
    let refusals = 0;
    for (let i = 0; i < 400 && refusals < 5; i++) {
      try {
        await items.insertOne({ _id: i, pad: 'x'.repeat(8000) });
        acked.push(i);
      } catch (err) {
        expect((err as { code?: number }).code).toBe(14031);
        refusals++;
      }
    }
    expect(refusals).toBe(5);
    expect(acked.length).toBeGreaterThan(10);
    expect(await storage(client)).toMatchObject({ writable: false, cause: expect.stringMatching(/ENOSPC/) });

    // A stop on a full disk cannot write its checkpoint; the journal still has everything.
    await client.close();
    await engine.stop();
    const again = await start();
    expect((await again.items.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id)).toEqual(
      expect.arrayContaining(acked),
    );

    mount('-o', 'remount,size=16m', dir);
    await expect.poll(async () => (await storage(again.client)).writable, { timeout: 5000 }).toBe(true);
    await again.items.insertOne({ _id: 1000, pad: 'after' });
    await again.engine.flush();
    expect(await again.items.countDocuments({ _id: { $in: [...acked, 1000] } })).toBe(acked.length + 1);
  }, 60_000);

  it('starts on a read-only file system: serves reads, refuses writes with the reason, resumes once writable', async () => {
    // (Linux refuses to remount read-only while the engine has its journal open for writing,
    // so the file system goes read-only between two runs; mid-run EROFS is in durability.test.ts.)
    const first = await start();
    await first.items.insertOne({ _id: 1, pad: 'before' });
    await first.client.close();
    await first.engine.stop();
    mount('-o', 'remount,ro', dir);

    const { client, items } = await start();
    expect(await items.findOne({ _id: 1 })).toMatchObject({ pad: 'before' });
    const refused = await items.insertOne({ _id: 2, pad: 'while read-only' }).catch((e: unknown) => e);
    expect((refused as { code?: number }).code).toBe(39);
    expect(await storage(client)).toMatchObject({ writable: false, cause: expect.stringMatching(/EROFS/) });

    mount('-o', 'remount,rw', dir);
    await expect.poll(async () => (await storage(client)).writable, { timeout: 5000 }).toBe(true);
    await items.insertOne({ _id: 3, pad: 'after' });
    await client.close();
    await engines.pop()?.stop();
    const again = await start();
    expect((await again.items.find().toArray()).map((d) => d._id)).toEqual([1, 3]);
  }, 60_000);
});
