#!/usr/bin/env node
// npm run bench: the production build on the in-process database engine against a bare Express
// hello-world, alternated over several rounds on this machine (127.0.0.1 only). Absolute figures
// on shared machines are noisy, so the table reports medians and ratios to the baseline measured
// in the same run. Writes the table to bench/results.md as well.
//
// Environment: BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (20),
// BENCH_ENFORCE=1 exits non-zero when a catalogue read misses its target.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRequire = createRequire(path.join(ROOT, 'server/package.json'));
const autocannon = serverRequire('autocannon');

const ROUNDS = positiveInt('BENCH_ROUNDS', 3);
const SECONDS = positiveInt('BENCH_SECONDS', 5);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 20);
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;

/** Catalogue reads must keep up with a bare Express: half its throughput, at most twice its p99. */
const TARGET = { throughputRatio: 0.5, p99Ratio: 2 };

function positiveInt(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function buildIfMissing() {
  const built =
    existsSync(path.join(ROOT, 'server/dist/main.js')) && existsSync(path.join(ROOT, 'client/dist/index.html'));
  if (built) return;
  console.log('No production build found: running npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Starts a child process and keeps its output for the error message should it die. */
function startProcess(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!child.stopping) {
      console.error(`${name} exited early (code ${code}, signal ${signal}):\n${output}`);
      process.exitCode = 1;
    }
  });
  return {
    child,
    async stop() {
      child.stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitUntilReady(url) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * autocannon closes its sockets when a run ends, but the server still finishes what it accepted
 * (bcrypt-heavy logins take seconds): wait until it answers promptly so the next run starts clean.
 */
async function settle(baseUrl) {
  const deadline = Date.now() + START_TIMEOUT_MS;
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
  const { url, method = 'GET', headers = {}, body } = target;
  const opts = { url, method, headers, connections: CONNECTIONS, duration, ...(body ? { body } : {}) };
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
  buildIfMissing();
  const [storePort, helloPort] = await Promise.all([freePort(), freePort()]);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kesh-bench-'));
  const storeEnv = {
    NODE_ENV: 'production',
    HOST,
    PORT: String(storePort),
    DATA_DIR: dataDir,
    EMBEDDED_ENGINE: 'wire',
    MONGODB_URI: '',
    RATE_LIMIT: 'false',
    SEED_ON_EMPTY: 'true',
    LOG_LEVEL: 'warn',
    // Production refuses development secrets; these only exist for this run.
    JWT_SECRET: `bench-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    RAZORPAY_KEY_ID: 'rzp_test_bench',
    RAZORPAY_KEY_SECRET: 'bench-secret-never-used',
    SMTP_HOST: '',
  };
  // The seed command fills the data file first, so the store always serves the full demo catalogue.
  const seeded = spawnSync(process.execPath, ['server/dist/scripts/seed.js'], {
    cwd: ROOT,
    env: { ...process.env, ...storeEnv },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`);
  const store = startProcess('store', ['server/dist/main.js'], storeEnv);
  const hello = startProcess('hello-world', ['--input-type=module', '-e', HELLO_WORLD], {
    PORT: String(helloPort),
    SERVER_PACKAGE: path.join(ROOT, 'server/package.json'),
  });

  try {
    const storeUrl = `http://${HOST}:${storePort}`;
    const helloUrl = `http://${HOST}:${helloPort}`;
    await Promise.all([waitUntilReady(`${storeUrl}/readyz`), waitUntilReady(`${helloUrl}/`)]);

    const shopper = {
      username: 'Bench Shopper',
      email: 'bench@example.com',
      contact: '9876543210',
      password: 'bench-password-1',
    };
    const { token } = await postJson(`${storeUrl}/api/auth/signup`, shopper);
    const products = await fetch(`${storeUrl}/api/main-category`).then((r) => r.json());
    if (products.length === 0) throw new Error('the seeded catalogue is empty');
    await postJson(
      `${storeUrl}/api/cart/add-to-cart`,
      { productId: products[0]._id, quantity: 2 },
      { Authorization: `Bearer ${token}` },
    );

    const storeTargets = [
      { name: 'GET /api/main-category', url: `${storeUrl}/api/main-category`, catalogue: true },
      {
        name: 'GET /gallery/ (JSON)',
        url: `${storeUrl}/gallery/`,
        headers: { Accept: 'application/json' },
        catalogue: true,
      },
      { name: 'GET / (index.html)', url: `${storeUrl}/`, headers: { Accept: 'text/html' } },
      {
        name: 'GET /api/cart/cart (signed in)',
        url: `${storeUrl}/api/cart/cart`,
        headers: { Authorization: `Bearer ${token}` },
      },
      {
        name: 'POST /api/auth/login (bcrypt)',
        url: `${storeUrl}/api/auth/login`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: shopper.email, password: shopper.password }),
      },
    ].map((t) => ({ ...t, origin: storeUrl }));
    const targets = [
      { name: 'hello-world GET / (baseline)', url: `${helloUrl}/`, origin: helloUrl, baseline: true },
      ...storeTargets,
    ];

    console.log(
      `Warming up, then ${ROUNDS} rounds x ${targets.length} runs x ${SECONDS} s, ${CONNECTIONS} connections`,
    );
    for (const t of targets) {
      await cannon(t, 1);
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
    let missed = 0;
    const lines = [
      '| endpoint | req/s | p50 ms | p99 ms | req/s vs hello-world | p99 vs hello-world | target |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
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
        return `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${ratio(throughput)} | ${ratio(latency)} | ${verdict} |`;
      }),
    ];
    const cpus = os.cpus();
    const header = [
      `Medians of ${ROUNDS} alternating rounds, ${SECONDS} s each, ${CONNECTIONS} connections, autocannon in the same process tree.`,
      `Machine: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.`,
      `Store: production build (node server/dist/main.js) on the in-process engine, seeded, rate limits off.`,
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
    await Promise.all([store.stop(), hello.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
