#!/usr/bin/env node
// npm run bench: the production build on the in-process database engine against two hello-worlds
// (Express, and bare node:http: the ceiling of any Node server), alternated over several rounds on
// this machine (127.0.0.1 only). Absolute figures on shared machines are noisy, so the table reports
// medians and ratios to the ceilings measured in the same run. Writes the table to bench/results.md.
//
// Environment: BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (20),
// BENCH_SHOP=<dir> runs on a copy of a generated shop (npm run scale:shop, e.g. 300 products)
// instead of the 8-product demo catalogue,
// BENCH_ENFORCE=1 exits non-zero when a catalogue read misses its target.
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { HOST, ROOT, freePort, startProcess, startProductionStore, waitUntilReady } from './lib/production-store.mjs';

const serverRequire = createRequire(path.join(ROOT, 'server/package.json'));
const autocannon = serverRequire('autocannon');

const ROUNDS = positiveInt('BENCH_ROUNDS', 3);
const SECONDS = positiveInt('BENCH_SECONDS', 5);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20);
const LOGIN_CONNECTIONS = 2;
/** The first seconds run cold code; they are not measured. */
const WARMUP_SECONDS = 2;
const SETTLE_TIMEOUT_MS = 60_000;

/** Catalogue reads must keep up with a bare Express: half its throughput, at most twice its p99. */
const TARGET = { throughputRatio: 0.5, p99Ratio: 2 };

function positiveInt(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

/**
 * autocannon closes its sockets when a run ends, but the server still finishes what it accepted
 * (bcrypt-heavy logins take seconds): wait until it answers promptly so the next run starts clean.
 */
async function settle(baseUrl) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let prompt = 0;
  while (prompt < 3 && Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/healthz`).then((r) => r.arrayBuffer());
    prompt = performance.now() - started < 25 ? prompt + 1 : 0;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const HELLO_WORLD = `
import { createRequire } from 'node:module';
const express = createRequire(process.env.SERVER_PACKAGE)('express');
const app = express();
app.get('/', (_req, res) => { res.json({ hello: 'world' }); });
app.get('/healthz', (_req, res) => { res.json({ status: 'ok' }); });
app.listen(Number(process.env.PORT), '127.0.0.1');
`;

const BARE_HELLO_WORLD = `
import { createServer } from 'node:http';
createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end('{"hello":"world"}');
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function postJson(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`POST ${url} -> ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function cannon(target, duration = SECONDS) {
  const { url, method = 'GET', headers = {}, body, connections = CONNECTIONS } = target;
  const opts = { url, method, headers, connections, duration, ...(body ? { body } : {}) };
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const helloPort = await freePort();
  const hello = startProcess('hello-world', ['--input-type=module', '-e', HELLO_WORLD], {
    PORT: String(helloPort),
    SERVER_PACKAGE: path.join(ROOT, 'server/package.json'),
  });
  const bareHelloPort = await freePort();
  const bareHello = startProcess('bare hello-world', ['--input-type=module', '-e', BARE_HELLO_WORLD], {
    PORT: String(bareHelloPort),
  });
  let store;
  try {
    store = await startProductionStore({ copyFrom: process.env.BENCH_SHOP });
    const storeUrl = store.url;
    const helloUrl = `http://${HOST}:${helloPort}`;
    const bareHelloUrl = `http://${HOST}:${bareHelloPort}`;
    await waitUntilReady(`${helloUrl}/`);
    await waitUntilReady(`${bareHelloUrl}/`);

    const shopper = {
      username: 'Bench Shopper',
      email: 'bench@example.com',
      contact: '9876543210',
      password: 'bench-password-1',
    };
    const { token } = await postJson(`${storeUrl}/api/auth/signup`, shopper);
    const signedIn = { Authorization: `Bearer ${token}` };
    const products = await fetch(`${storeUrl}/api/main-category`).then((r) => r.json());
    if (products.length === 0) throw new Error('the seeded catalogue is empty');
    await postJson(`${storeUrl}/api/cart/add-to-cart`, { productId: products[0]._id, quantity: 2 }, signedIn);

    // What a browser sends for a page: it takes brotli, so the kept compressed copy is what is measured.
    const page = { Accept: 'text/html', 'Accept-Encoding': 'gzip, deflate, br' };
    const storeTargets = [
      { name: 'GET /api/main-category', url: `${storeUrl}/api/main-category`, catalogue: true },
      {
        name: 'GET /gallery/ (JSON)',
        url: `${storeUrl}/gallery/`,
        headers: { Accept: 'application/json' },
        catalogue: true,
      },
      { name: 'GET / (home page)', url: `${storeUrl}/`, headers: page },
      { name: 'GET /products (page)', url: `${storeUrl}/products`, headers: page },
      { name: 'GET /products?id= (product page)', url: `${storeUrl}/products?id=${products[0]._id}`, headers: page },
      { name: 'GET /api/cart/cart (signed in)', url: `${storeUrl}/api/cart/cart`, headers: signedIn },
      { name: 'GET /api/orders/ (my orders)', url: `${storeUrl}/api/orders/`, headers: signedIn },
      {
        name: 'POST /api/auth/login (bcrypt)',
        url: `${storeUrl}/api/auth/login`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: shopper.email, password: shopper.password }),
        // Each login is one bcrypt compare on the event loop; 20 interleaved ones would all finish
        // together after the run ends. A few connections measure the hashing rate itself.
        connections: LOGIN_CONNECTIONS,
      },
    ].map((t) => ({ ...t, origin: storeUrl }));
    const targets = [
      { name: 'node:http hello-world (ceiling)', url: `${bareHelloUrl}/`, origin: bareHelloUrl, bare: true },
      { name: 'Express hello-world (baseline)', url: `${helloUrl}/`, origin: helloUrl, baseline: true },
      ...storeTargets,
    ];

    console.log(
      `Warming up, then ${ROUNDS} rounds x ${targets.length} runs x ${SECONDS} s, ${CONNECTIONS} connections`,
    );
    for (const t of targets) {
      await cannon(t, WARMUP_SECONDS);
      await settle(t.origin);
    }

    const samples = new Map(targets.map((t) => [t.name, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const t of targets) {
        const r = await cannon(t);
        await settle(t.origin);
        const failures = r.non2xx + r.errors + r.timeouts;
        if (failures > 0) {
          const codes = Object.entries(r.statusCodeStats ?? {})
            .map(([code, { count }]) => `${code} x${count}`)
            .join(', ');
          throw new Error(`${t.name}: ${r.non2xx} non-2xx (${codes}), ${r.errors} errors, ${r.timeouts} timeouts`);
        }
        samples.get(t.name).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 });
        console.log(
          `  round ${round}: ${t.name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms`,
        );
      }
    }

    const rows = targets.map((t) => {
      const s = samples.get(t.name);
      return {
        ...t,
        rps: median(s.map((x) => x.rps)),
        p50: median(s.map((x) => x.p50)),
        p99: median(s.map((x) => x.p99)),
      };
    });
    const base = rows.find((r) => r.baseline);
    const bare = rows.find((r) => r.bare);
    let missed = 0;
    const lines = [
      '| endpoint | req/s | p50 ms | p99 ms | req/s vs Express hello-world | req/s vs node:http | p99 vs Express hello-world | target |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...rows.map((r) => {
        const throughput = r.rps / base.rps;
        // A sub-millisecond baseline p99 would make any ratio meaningless; 1 ms is autocannon's resolution.
        const latency = r.p99 / Math.max(base.p99, 1);
        let verdict = '';
        if (r.catalogue) {
          const ok = throughput >= TARGET.throughputRatio && latency <= TARGET.p99Ratio;
          if (!ok) missed += 1;
          verdict = ok ? 'met' : 'MISSED';
        } else if (r.method === 'POST') verdict = 'bcrypt-bound';
        const ratio = (x) => (r.baseline ? '1.00' : x.toFixed(2));
        const ofBare = (r.rps / bare.rps).toFixed(2);
        return `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio(throughput)} | ${ofBare} | ${ratio(latency)} | ${verdict} |`;
      }),
    ];
    const cpus = os.cpus();
    const header = [
      `Medians of ${ROUNDS} alternating rounds, ${SECONDS} s each, ${CONNECTIONS} connections (logins: ${LOGIN_CONNECTIONS}); autocannon runs on the same machine.`,
      `Machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
      `Store: production build (node server/dist/main.js) on the in-process engine, ${process.env.BENCH_SHOP ? `a copy of ${path.basename(process.env.BENCH_SHOP)}` : 'the demo catalogue'}, seeded, rate limits off; ${products.length} products.`,
      `Targets for catalogue reads: >= ${TARGET.throughputRatio * 100}% of hello-world req/s and p99 <= ${TARGET.p99Ratio}x hello-world p99.`,
    ];
    const table = lines.join('\n');
    console.log(`\n${header.join('\n')}\n\n${table}\n`);
    await mkdir(path.join(ROOT, 'bench'), { recursive: true });
    await writeFile(path.join(ROOT, 'bench/results.md'), `# Benchmark results\n\n${header.join('\n')}\n\n${table}\n`);
    console.log('Written to bench/results.md');
    if (missed > 0) {
      console.log(`${missed} catalogue read(s) missed the target.`);
      if (process.env.BENCH_ENFORCE === '1') process.exitCode = 1;
    }
  } finally {
    await Promise.all([store?.stop(), hello.stop(), bareHello.stop()]);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
