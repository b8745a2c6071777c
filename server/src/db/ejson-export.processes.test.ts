/**
 * `npm run db:export` and `npm run db:import` as an operator runs them, on a generated shop of
 * 10,000 orders (server/src/scale): exported from its data directory, imported into an empty one,
 * exported again — every file (each document, each collection's options and indexes) the same.
 * docs/engine.md gives the figures of the same round trip at 100,000 orders.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../scale/build-shop.js';
import { runToEnd } from '../test/run-to-end.js';
import type { ExportManifest } from './ejson-export.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ORDERS = 10_000;

/** `npm run <script> -- args` from the repository, on `dataDir`'s embedded engine; resolves with its output. */
function npmRun(script: string, dataDir: string, args: string[]): Promise<string> {
  // MONGODB_URI empty: the engine on DATA_DIR, whatever a .env says.
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: dataDir,
    DATA_DIR: dataDir,
    EMBEDDED_ENGINE: 'wire',
    MONGODB_URI: '',
  };
  return runToEnd('npm', ['run', '-s', script, '--', ...args], { cwd: ROOT, env });
}

async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const name of (await readdir(dir)).sort()) {
    if (name !== 'manifest.json') files.set(name, await readFile(path.join(dir, name)));
  }
  return files;
}

describe('db:export → db:import → db:export of a generated shop', () => {
  let work: string;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kesh-export-shop-'));
    await buildShop(path.join(work, 'shop'), { orders: ORDERS, users: 2_000, products: 300, seed: 26 });
  }, 240_000);

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('gives back every document, collection option and index', async () => {
    const first = path.join(work, 'first');
    const second = path.join(work, 'second');
    expect(await npmRun('db:export', path.join(work, 'shop'), [first])).toMatch(
      /^Exported \d+ documents in \d+ collections of "kesh"/,
    );
    expect(await npmRun('db:import', path.join(work, 'moved'), [first])).toMatch(
      /^Imported \d+ documents in \d+ collections into "kesh" \(wire engine\)/,
    );
    await npmRun('db:export', path.join(work, 'moved'), [second]);

    const manifest = JSON.parse(await readFile(path.join(first, 'manifest.json'), 'utf8')) as ExportManifest;
    expect(manifest.collections.find((c) => c.name === 'orders')?.documents).toBe(ORDERS);
    const again = JSON.parse(await readFile(path.join(second, 'manifest.json'), 'utf8')) as ExportManifest;
    expect(again.collections).toEqual(manifest.collections);
    const [before, after] = [await filesOf(first), await filesOf(second)];
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [name, bytes] of before) expect(after.get(name)?.equals(bytes), name).toBe(true);
  }, 300_000);
});
