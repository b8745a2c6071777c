#!/usr/bin/env node
// npm run scale:shop -- --out <dir> [--orders 100000] [--users 20000] [--products 300] [--seed 26]
//   [--days 730] [--end 2026-11-26T12:00:00Z]
// Builds a shop with years of orders in an empty data directory (see docs/scale-benchmark.md),
// with a README beside the data saying how to start a server on a copy of it, and a READY file.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildShopDirectory } from './shop-dir.js';

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
  const built = await buildShopDirectory(
    path.resolve(values.out),
    {
      orders: Number(values.orders),
      users: Number(values.users),
      products: Number(values.products),
      ...(values.seed ? { seed: Number(values.seed) } : {}),
      ...(values.days ? { days: Number(values.days) } : {}),
      ...(values.end ? { end: new Date(values.end) } : {}),
    },
    (line) => console.log(line),
  );
  console.log(`built ${built.dataDir} in ${built.seconds.toFixed(0)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
