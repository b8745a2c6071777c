#!/usr/bin/env node
/**
 * Sales stats and CSV export at scale: starts `node server/dist/main.js` on a COPY of a generated
 * shop (see docs/scale-benchmark.md) and prints, per request, wall time, the server's CPU time
 * (from /proc) and the event loop's longest delay (perf_hooks, preloaded by sales-loop-monitor.mjs).
 *   npm run build && node scripts/bench-sales.mjs <shop copy> [--rebuild-first]
 * The first stats requests of a shop without roll-ups build them; later ones are warm.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const dataDir = path.resolve(process.argv[2] ?? '');
if (!process.argv[2]) throw new Error('usage: node scripts/bench-sales.mjs <copy of a generated shop>');
const port = 3200 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const loopFile = path.join(dataDir, '..', `loop-${port}.json`);
const here = path.dirname(new URL(import.meta.url).pathname);

// BENCH_WRAP runs the server under another command: on a machine busy with other work,
// `chrt -f 10` (real-time priority) keeps the figures about this server, not the scheduler.
const wrap = (process.env.BENCH_WRAP ?? '').split(' ').filter(Boolean);
const nodeArgs = [
  ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  '--import',
  path.join(here, 'sales-loop-monitor.mjs'),
  'server/dist/main.js',
];
const server = spawn(
  wrap[0] ?? process.execPath,
  wrap.length ? [...wrap.slice(1), process.execPath, ...nodeArgs] : nodeArgs,
  {
    cwd: path.join(here, '..'),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      EMBEDDED_ENGINE: 'wire',
      DB_NAME: 'kesh',
      PORT: String(port),
      NODE_ENV: 'development',
      ADMIN_PASSWORD: 'scale-admin-12345',
      RATE_LIMIT: 'false',
      LOG_LEVEL: 'warn',
      LOOP_MONITOR_FILE: loopFile,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
const ticks = () => {
  const f = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, 100 Hz -> ms
};
async function loopMax() {
  server.kill('SIGUSR2');
  for (let i = 0; i < 100; i += 1) {
    await sleep(20);
    try {
      const { maxMs } = JSON.parse(readFileSync(loopFile, 'utf8'));
      rmSync(loopFile);
      return maxMs;
    } catch {
      /* not written yet */
    }
  }
  return NaN;
}

async function measure(label, url, token) {
  await loopMax();
  const cpu0 = ticks();
  const t0 = performance.now();
  const res = await fetch(base + url, { headers: { Authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  const ms = performance.now() - t0;
  const cpu = ticks() - cpu0;
  const loop = await loopMax();
  console.log(
    `${label.padEnd(34)} ${String(res.status)} ${ms.toFixed(0).padStart(7)} ms  cpu ${String(cpu).padStart(6)} ms  ` +
      `loop max ${loop.toFixed(1).padStart(6)} ms  ${(bytes / 1024).toFixed(0)} kB`,
  );
}

try {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  console.log(`ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const login = await fetch(`${base}/logAdmin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'scale-admin-12345' }),
  });
  const { token } = await login.json();
  await sleep(2000);
  await loopMax();
  for (const days of [30, 365, 1096])
    await measure(`stats ${days} days (first)`, `/api/admin/stats?days=${days}`, token);
  for (let round = 1; round <= 3; round += 1) {
    for (const days of [30, 365, 1096])
      await measure(`stats ${days} days (warm ${round})`, `/api/admin/stats?days=${days}`, token);
  }
  await measure('export.csv, every order', '/api/orders/export.csv', token);
  await measure('export.csv, one month', '/api/orders/export.csv?from=2026-10-01&to=2026-10-31', token);
} finally {
  server.kill('SIGTERM');
}
