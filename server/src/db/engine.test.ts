import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOTH_ENGINES_MESSAGE, noMongodMessage, startEngine } from './engine.js';

/** A mongod binary is "found": before a folder kept its engine, auto took it even for the in-process engine's data. */
const mongod = vi.hoisted(() => ({ found: true, started: 0 }));
vi.mock('mongodb-memory-server-core', () => ({
  MongoBinary: { getPath: () => Promise.resolve(mongod.found ? '/opt/mongod' : undefined) },
  MongoMemoryServer: {
    create: () => {
      mongod.started++;
      return Promise.resolve({ getUri: () => 'mongodb://127.0.0.1:1/', stop: () => Promise.resolve(true) });
    },
  },
}));

describe('which engine EMBEDDED_ENGINE=auto starts for a data folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kesh-engine-'));
    mongod.found = true;
    mongod.started = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps a folder the in-process engine wrote on that engine, with its data, although a mongod is there', async () => {
    const first = await startEngine({ preference: 'wire', dataDir: dir });
    const { MongoClient } = await import('mongodb');
    const write = await MongoClient.connect(first.uri);
    await write.db('kesh').collection('orders').insertOne({ number: 'KA-1' });
    await write.close();
    await first.stop();

    const again = await startEngine({ preference: 'auto', dataDir: dir });
    try {
      expect(again.name).toBe('wire');
      expect(mongod.started).toBe(0);
      const read = await MongoClient.connect(again.uri);
      expect(await read.db('kesh').collection('orders').countDocuments({ number: 'KA-1' })).toBe(1);
      await read.close();
    } finally {
      await again.stop();
    }
  });

  it('keeps a folder with mongod data on mongod, and refuses to start empty when its binary is gone', async () => {
    await mkdir(path.join(dir, 'mongod'));
    await writeFile(path.join(dir, 'mongod', 'WiredTiger'), 'WiredTiger');
    const engine = await startEngine({ preference: 'auto', dataDir: dir });
    expect(engine.name).toBe('mongod');

    mongod.found = false;
    await expect(startEngine({ preference: 'auto', dataDir: dir })).rejects.toThrow(noMongodMessage('auto'));
  });

  it('refuses a folder holding both engines’ data until EMBEDDED_ENGINE says which is the shop’s', async () => {
    await mkdir(path.join(dir, 'mongod'));
    await writeFile(path.join(dir, 'mongod', 'WiredTiger'), 'WiredTiger');
    await mkdir(path.join(dir, 'journal'));
    await expect(startEngine({ preference: 'auto', dataDir: dir })).rejects.toThrow(BOTH_ENGINES_MESSAGE);
    const chosen = await startEngine({ preference: 'wire', dataDir: dir });
    expect(chosen.name).toBe('wire');
    await chosen.stop();
  });

  it('looks for a mongod only for a new folder, and takes the in-process engine when there is none', async () => {
    const found = await startEngine({ preference: 'auto', dataDir: dir });
    expect(found.name).toBe('mongod');
    mongod.found = false;
    const fresh = await startEngine({ preference: 'auto', dataDir: path.join(dir, 'other') });
    expect(fresh.name).toBe('wire');
    await fresh.stop();
  });
});
