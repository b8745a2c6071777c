#!/usr/bin/env node
// npm run bench:scale: a shop with years of orders, served by `node server/dist/main.js` as in
// production, measured screen by screen as the owner and the shoppers use it. See
// docs/scale-benchmark.md for what is measured, the parameters and how to read the output.
//
//   npm run bench:scale -- [--orders 10000,100000] [--users 20000] [--products 300] [--runs 15]
//     [--label "after"] [--data-dir <a built shop, one size>] [--skip-browser] [--timeout 120]
//     [--server-heap-mb 16384]
// Environment: BENCH_SCALE_ORDERS, BENCH_SCALE_RUNS, BENCH_SCALE_CACHE (where built shops are kept).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { STATS_MAX_DAYS, istDay } from '@kesh/shared';
import {
  GENERATOR_VERSION,
  SAMPLES_FILE,
  SCALE_ADMIN,
  shopParameters,
  type ShopSamples,
} from '../server/src/scale/build-shop.js';
import { READY_FILE, buildShopDirectory } from './scale/shop-dir.js';
import { concurrentLoad, launchBrowser, openOrdersPage, placeOrders } from './scale/journeys.js';
import { memoryMb, restartPeak, startStallProbe, untilQuiet, watchLoop, type StallProbe } from './scale/measure.js';
import { measureRequest, type Row } from './scale/rows.js';
import { startStore, type Store } from './scale/store.js';
import { reportSection, writeSection } from './scale/report.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: process.env.BENCH_SCALE_ORDERS ?? '10000,100000' },
    users: { type: 'string', default: '20000' },
    products: { type: 'string', default: '300' },
    runs: { type: 'string', default: process.env.BENCH_SCALE_RUNS ?? '15' },
    timeout: { type: 'string', default: '120' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    label: { type: 'string' },
    'data-dir': { type: 'string' },
    'skip-browser': { type: 'boolean', default: false },
    'server-heap-mb': { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'bench/scale.md') },
  },
});

const RUNS = Number(args.runs);
const TIMEOUT_MS = Number(args.timeout) * 1000;
const CACHE = process.env.BENCH_SCALE_CACHE ?? path.join(os.tmpdir(), 'kesh-scale-shops');
const CHECKOUT_RUNS = Math.min(RUNS, 10);
const NODE_ARGS = process.env.BENCH_SCALE_NODE_ARGS;
const STORE_OPTIONS = {
  timeoutMs: TIMEOUT_MS * 5,
  ...(args['server-heap-mb'] ? { heapMb: Number(args['server-heap-mb']) } : {}),
};

/** A built shop of these parameters, from the cache or made now. */
async function shopOf(orders: number): Promise<{ dir: string; note: string }> {
  if (args['data-dir']) return { dir: path.resolve(args['data-dir']), note: `given: ${args['data-dir']}` };
  const params = shopParameters({ orders, users: Number(args.users), products: Number(args.products) });
  const key = `v${GENERATOR_VERSION}-${params.orders}o-${params.users}u-${params.products}p-s${params.seed}`;
  const dir = path.join(CACHE, key);
  if (existsSync(path.join(dir, READY_FILE))) return { dir, note: `reused ${dir}` };
  await rm(dir, { recursive: true, force: true });
  console.log(`building the shop (${orders} orders) in ${dir}`);
  const built = await buildShopDirectory(dir, params, (line) => console.log(`  ${line}`));
  return { dir, note: `built in ${built.seconds.toFixed(0)} s into ${dir}` };
}

/** The longest event-loop delay of any phase so far (seconds), for the whole run's line. */
let longestDelay: number | undefined;
/** The stall probe's longest delay of any phase so far (ms). */
let longestStall = 0;
/** An idle process beside the store, started by main(): what the machine alone delays. */
let probe: StallProbe | undefined;

/**
 * Runs `phase`, reporting the longest event-loop delay the server saw during it, and in brackets the
 * stall probe's over the same phase: a delay both saw is the machine's, not the server's work.
 */
async function phase<T>(store: Store, loop: Record<string, string>, name: string, run: () => Promise<T>): Promise<T> {
  await probe?.longestMs();
  const { result, maxSeconds: max } = await watchLoop(store.url, run);
  const stall = await probe?.longestMs();
  loop[name] =
    (max === undefined ? 'n/a (no /metrics)' : `${(max * 1000).toFixed(0)} ms`) +
    (stall === undefined ? '' : ` (${stall.toFixed(0)} ms)`);
  if (max !== undefined) longestDelay = Math.max(longestDelay ?? 0, max);
  longestStall = Math.max(longestStall, stall ?? 0);
  return result;
}

/** Waits, as a phase of its own, until the server has done the work it starts after /readyz. */
async function backgroundWork(store: Store, loop: Record<string, string>, name: string, which: string) {
  const settled = await phase(store, loop, name, () => untilQuiet(store.pid));
  return (
    `${name} (${which}), until the server was quiet: ` +
    `${(settled.wallMs / 1000).toFixed(0)} s (${settled.cpuSeconds.toFixed(1)} s CPU)` +
    (settled.quiet ? '' : ', still busy when the benchmark went on')
  );
}

function ownerRequests(samples: ShopSamples, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const today = istDay(new Date());
  const monthAgo = istDay(new Date(Date.now() - 30 * 86_400_000));
  const email = encodeURIComponent(samples.customer.email);
  let invoice = 0;
  return [
    {
      name: 'order list, all orders (`GET /api/orders/`, the spec list; the panel reads pages)',
      path: '/api/orders/',
      heavy: true,
    },
    {
      name: 'order list page 1 (`/api/admin/orders?page=1&limit=25`)',
      path: '/api/admin/orders?page=1&limit=25',
      planned: true,
    },
    {
      name: 'order list, Delivered tab page 2',
      path: '/api/admin/orders?status=Delivered&page=2&limit=25',
      planned: true,
    },
    { name: 'order list, search by e-mail', path: `/api/admin/orders?q=${email}&page=1&limit=25`, planned: true },
    {
      name: 'order list, last 30 days',
      path: `/api/admin/orders?from=${monthAgo}&to=${today}&page=1&limit=25`,
      planned: true,
    },
    {
      name: 'users, all (`GET /api/auth/users`, the spec list; the panel reads pages)',
      path: '/api/auth/users',
      heavy: true,
    },
    {
      name: 'users page 1 (`/api/admin/users?page=1&limit=25`)',
      path: '/api/admin/users?page=1&limit=25',
      planned: true,
    },
    { name: 'users, search by e-mail', path: `/api/admin/users?q=${email}&page=1&limit=25`, planned: true },
    {
      name: 'messages, all (`GET /api/contact`, the spec list; the panel reads pages)',
      path: '/api/contact',
      heavy: true,
    },
    {
      name: 'messages page 1 (`/api/admin/messages?page=1&limit=25`)',
      path: '/api/admin/messages?page=1&limit=25',
      planned: true,
    },
    { name: 'coupons (`/api/admin/coupons`)', path: '/api/admin/coupons' },
    { name: 'low stock (`/api/admin/low-stock`)', path: '/api/admin/low-stock' },
    { name: 'sales stats, 30 days', path: '/api/admin/stats?days=30' },
    { name: 'sales stats, 365 days', path: '/api/admin/stats?days=365', heavy: true },
    ...(STATS_MAX_DAYS > 366
      ? [
          {
            name: `sales stats, ${STATS_MAX_DAYS} days (longest allowed)`,
            path: `/api/admin/stats?days=${STATS_MAX_DAYS}`,
            heavy: true,
          },
        ]
      : []),
    { name: 'CSV export of all orders', path: '/api/orders/export.csv', heavy: true },
    {
      name: 'invoice PDF (a different delivered order each run)',
      path: () => `/api/orders/${samples.invoiceOrderIds[invoice++ % samples.invoiceOrderIds.length]}/invoice`,
    },
  ].map((r) => ({ ...r, headers: auth }));
}

function storefrontRequests(samples: ShopSamples) {
  const page = { accept: 'text/html' };
  return [
    { name: 'home page `/`', path: '/', headers: page },
    { name: '`/products`', path: '/products', headers: page },
    { name: '`/products?page=2`', path: '/products?page=2', headers: page },
    { name: 'product page `/products?id=`', path: `/products?id=${samples.productIds[0]}`, headers: page },
    { name: '`GET /api/main-category` (every product)', path: '/api/main-category' },
    { name: '`GET /api/main-category?page=1&limit=24`', path: '/api/main-category?page=1&limit=24' },
  ];
}

async function benchSize(orders: number) {
  const shop = await shopOf(orders);
  const samples = JSON.parse(await readFile(path.join(shop.dir, SAMPLES_FILE), 'utf8')) as ShopSamples;
  const copy = await mkdtemp(path.join(os.tmpdir(), 'kesh-scale-run-'));
  await cp(shop.dir, copy, { recursive: true });
  const loop: Record<string, string> = {};
  const rows: Row[] = [];
  const extra: string[] = [];
  try {
    const store = await startStore(copy, 'production', STORE_OPTIONS);
    const { startup } = store;
    let end = { rss: NaN, peak: NaN };
    let beforeScreens = { rss: NaN, peak: NaN };
    let screensPeakOnly = false;
    try {
      const login = await fetch(`${store.url}/logAdmin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(SCALE_ADMIN),
      });
      const { token } = (await login.json()) as { token: string };
      if (!token) throw new Error(`admin login failed (${login.status})`);
      // An upgraded shop's first start has work to do after /readyz (checkouts to classify, sales
      // roll-ups to compute): measured on its own, so the screens' CPU is theirs alone.
      extra.push(await backgroundWork(store, loop, 'background work after start', 'the first start of this copy'));
      // The peak of the start and its background work (an upgraded shop's first start computes its
      // roll-ups) is reported on its own; the screens' peak counts from here.
      beforeScreens = memoryMb(store.pid);
      screensPeakOnly = restartPeak(store.pid);
      const measureAll = async (list: Parameters<typeof measureRequest>[1][]) => {
        for (const spec of list) {
          const row = await measureRequest(store, spec, { runs: RUNS, timeoutMs: TIMEOUT_MS });
          console.log(`  ${row.name}: ${row.summary}`);
          rows.push(row);
        }
      };
      await phase(store, loop, 'owner screens', () => measureAll(ownerRequests(samples, token)));
      await phase(store, loop, 'storefront', () => measureAll(storefrontRequests(samples)));
      const load = { seconds: Number(args.seconds), connections: Number(args.connections) };
      const loaded = await phase(store, loop, `${load.connections} concurrent shoppers`, async () => [
        await concurrentLoad(store.url, '/products', load),
        await concurrentLoad(store.url, `/products?id=${samples.productIds[1]}`, load),
      ]);
      extra.push(...loaded);
      if (!args['skip-browser']) {
        // The owner's browser is open already: its start (a few hundred ms of both cores) is outside the phase.
        const browser = await launchBrowser();
        try {
          extra.push(
            await phase(store, loop, 'orders page in Chromium', () =>
              openOrdersPage(browser, store.url, token, { runs: RUNS, timeoutMs: TIMEOUT_MS }),
            ),
          );
        } finally {
          await browser.close();
        }
      }
      end = memoryMb(store.pid);
    } finally {
      await store.stop();
    }
    // Online checkout needs the payment simulator, which only a development server offers.
    const dev = await startStore(copy, 'development', STORE_OPTIONS);
    try {
      // Its start-up work after /readyz (warming roll-ups, rendering pages) is not the checkout's.
      extra.push(await backgroundWork(dev, loop, 'background work after the second start', 'after a clean stop'));
      rows.push(
        await phase(dev, loop, 'checkout', () =>
          placeOrders(dev, samples.productIds, { runs: CHECKOUT_RUNS, timeoutMs: TIMEOUT_MS }),
        ),
      );
      extra.push(
        `second start-up (development mode, after a clean stop): ${(dev.startup.wallMs / 1000).toFixed(1)} s ` +
          `(${dev.startup.cpuSeconds.toFixed(1)} s CPU)`,
      );
    } finally {
      await dev.stop();
    }
    if (longestDelay !== undefined)
      loop['whole run'] = `${(longestDelay * 1000).toFixed(0)} ms${probe ? ` (${longestStall.toFixed(0)} ms)` : ''}`;
    longestDelay = undefined;
    longestStall = 0;
    return { orders, shop, startup, beforeScreens, end: { ...end, screensPeakOnly }, rows, loop, extra };
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

async function main() {
  const sizes = args.orders.split(',').map((s) => Number(s.trim()));
  const loadStart = os.loadavg();
  const results = [];
  probe = startStallProbe();
  try {
    for (const orders of sizes) {
      console.log(`\n== ${orders} orders ==`);
      results.push(await benchSize(orders));
    }
  } finally {
    probe.stop();
  }
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
  const section = reportSection({
    label: args.label ?? `${commit}${dirty ? ' (uncommitted changes)' : ''}, ${new Date().toISOString().slice(0, 10)}`,
    commit: `${commit}${dirty ? '+' : ''}`,
    // A profiled store (BENCH_SCALE_NODE_ARGS) runs slower: the section says so.
    command:
      `${NODE_ARGS ? `BENCH_SCALE_NODE_ARGS="${NODE_ARGS}" ` : ''}npm run bench:scale -- ${process.argv.slice(2).join(' ')}`.trim(),
    loadStart,
    loadEnd: os.loadavg(),
    runs: RUNS,
    results,
  });
  console.log(`\n${section}`);
  await writeFile(args.out, writeSection(existsSync(args.out) ? await readFile(args.out, 'utf8') : '', section));
  console.log(`written to ${path.relative(ROOT, args.out)}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
