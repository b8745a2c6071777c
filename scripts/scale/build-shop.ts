#!/usr/bin/env node
// npm run scale:shop -- --out <dir> [--orders 100000] [--users 20000] [--products 300] [--seed 26]
//   [--days 730] [--end 2026-11-26T12:00:00Z]
// Builds a shop with years of orders in an empty data directory (see docs/scale-benchmark.md),
// writes a README beside the data saying how to start a server on a copy of it, then an empty
// READY file, last, so that whoever waits for the folder knows it is complete.
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildShop, shopParameters } from '../../server/src/scale/build-shop.js';
import { shopReadme } from './readme.js';

async function main() {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      orders: { type: 'string', default: '100000' },
      users: { type: 'string', default: '20000' },
      products: { type: 'string', default: '300' },
      seed: { type: 'string' },
      days: { type: 'string' },
      end: { type: 'string' },
    },
  });
  if (!values.out) throw new Error('--out <empty directory> is required');
  const dataDir = path.resolve(values.out);
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) throw new Error(`${dataDir} is not empty`);
  await mkdir(dataDir, { recursive: true });
  const size = {
    orders: Number(values.orders),
    users: Number(values.users),
    products: Number(values.products),
    ...(values.seed ? { seed: Number(values.seed) } : {}),
    ...(values.days ? { days: Number(values.days) } : {}),
    ...(values.end ? { end: new Date(values.end) } : {}),
  };
  const params = shopParameters(size);
  const built = await buildShop(dataDir, size, (line) => console.log(line));
  await writeFile(path.join(dataDir, 'README.md'), shopReadme(built, params));
  await writeFile(path.join(dataDir, 'READY'), '');
  console.log(`built ${dataDir} in ${built.seconds.toFixed(0)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
