import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDataDirectory, restoreDataDirectory, RestoreError } from './backup.js';
import { startEmbeddedEngine, type EmbeddedEngine } from '../index.js';
import { externalUri } from '../../test/testing.js';

describe.skipIf(externalUri !== undefined)('backup and restore of a data directory', () => {
  const dirs: string[] = [];
  const engines: EmbeddedEngine[] = [];
  const clients: MongoClient[] = [];
  const temp = async (name: string) => {
    const d = await mkdtemp(path.join(tmpdir(), `embedded-${name}-`));
    dirs.push(d);
    return d;
  };
  async function open(dataDir: string, checkpointBytes?: number) {
    const engine = await startEmbeddedEngine({ dataDir, checkpointBytes });
    engines.push(engine);
    const client = new MongoClient(`${engine.uri}/shop?directConnection=true`);
    clients.push(client);
    await client.connect();
    return { engine, client, orders: client.db('shop').collection<{ _id: number; total: number }>('orders') };
  }
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await temp('live');
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    for (const e of engines.splice(0)) await e.stop().catch(() => undefined);
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('copies a running shop consistently while writes and checkpoints go on, and restores it', async () => {
    const live = await open(dataDir, 8 * 1024);
    await live.orders.createIndex({ total: 1 });
    for (let i = 0; i < 300; i++) await live.orders.insertOne({ _id: i, total: i * 100 });
    let writing = true;
    const more = (async () => {
      for (let i = 300; writing; i++) await live.orders.insertOne({ _id: i, total: i * 100 });
    })();
    const backupDir = path.join(await temp('backup'), 'copy');
    const manifest = await backupDataDirectory(dataDir, backupDir);
    writing = false;
    await more;
    expect(manifest.documents).toBeGreaterThanOrEqual(300);
    expect(manifest.collections).toContainEqual({ db: 'shop', name: 'orders', documents: manifest.documents });

    const target = await temp('restored');
    await restoreDataDirectory(backupDir, target);
    const restored = await open(target);
    const ids = (await restored.orders.find().sort({ _id: 1 }).toArray()).map((d) => d._id);
    // A prefix of the history, with no hole: everything before the backup, in order.
    expect(ids).toEqual(Array.from({ length: manifest.documents }, (_, i) => i));
    expect((await restored.orders.indexes()).map((i) => i.name)).toContain('total_1');
  });

  it('refuses to restore over an existing database, into a running one, or from a damaged backup', async () => {
    const live = await open(dataDir);
    await live.orders.insertOne({ _id: 1, total: 100 });
    const backupDir = path.join(await temp('backup'), 'copy');
    await backupDataDirectory(dataDir, backupDir);

    await expect(restoreDataDirectory(backupDir, dataDir)).rejects.toThrow(/in use by another embedded engine/);
    await live.client.close();
    await live.engine.stop();
    await expect(restoreDataDirectory(backupDir, dataDir)).rejects.toThrow(RestoreError);
    await expect(restoreDataDirectory(backupDir, dataDir)).rejects.toThrow(/already holds a database/);

    const damaged = path.join(await temp('damaged'), 'copy');
    await cp(backupDir, damaged, { recursive: true });
    const file = path.join(damaged, 'embedded-db.bson');
    const bytes = await readFile(file);
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] as number) ^ 1;
    await writeFile(file, bytes);
    const empty = await temp('empty');
    await expect(restoreDataDirectory(damaged, empty)).rejects.toThrow(/does not match its manifest/);
  });
});
