// The store under test: `node server/dist/main.js` on a copy of a generated shop, on a free port of
// 127.0.0.1, with the time and CPU it took to answer /readyz.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCALE_ADMIN, SCALE_DB_NAME } from '../../server/src/scale/build-shop.js';
import { cpuSeconds, memoryMb, send } from './measure.js';
import { HOST, freePort } from '../lib/production-store.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The store writes its final checkpoint on the way out: 2.2 GB and 144-198 s at 1,000,000 orders
 * on the shared 2-core machine (docs/engine-scale.md), so a kill after 2 minutes cut it short.
 */
const STOP_GRACE_MS = 600_000;
const POLL_MS = 50;
/**
 * Node flags for the store, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p --trace-gc` to see what a long
 * event-loop delay was (V8 flags such as --trace-gc are refused in NODE_OPTIONS).
 */
const NODE_ARGS = (process.env.BENCH_SCALE_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** A file that gets everything the store prints (--trace-gc's lines among them). */
const STORE_LOG = process.env.BENCH_SCALE_STORE_LOG;

export interface Store {
  url: string;
  pid: number;
  startup: { wallMs: number; cpuSeconds: number; memory: { rss: number; peak: number } };
  stop(): Promise<void>;
}

/**
 * Production is the store as shipped (NODE_ENV=production, its secrets for this run only; Razorpay
 * keys that are never used, so online checkout cannot be driven); development has the payment
 * simulator for the checkout journey.
 */
export async function startStore(
  dataDir: string,
  mode: 'production' | 'development',
  opts: { timeoutMs: number; heapMb?: number },
): Promise<Store> {
  const { timeoutMs } = opts;
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  const env: Record<string, string> = {
    ...process.env,
    // The store runs with node's own heap limit unless told otherwise (a million orders need more).
    NODE_OPTIONS: opts.heapMb ? `--max-old-space-size=${opts.heapMb}` : '',
    NODE_ENV: mode,
    HOST,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DB_NAME: SCALE_DB_NAME,
    EMBEDDED_ENGINE: 'wire',
    MONGODB_URI: '',
    RATE_LIMIT: 'false',
    SEED_ON_EMPTY: 'false',
    LOG_LEVEL: 'warn',
    SMTP_HOST: '',
    ADMIN_PASSWORD: SCALE_ADMIN.password,
    JWT_SECRET: `run-only-${randomBytes(12).toString('hex')}`,
    RAZORPAY_KEY_ID: mode === 'production' ? 'rzp_test_scale_bench' : '',
    RAZORPAY_KEY_SECRET: mode === 'production' ? 'scale-bench-secret-never-used' : '',
  };
  const started = performance.now();
  const child = spawn(process.execPath, [...NODE_ARGS, 'server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const log = STORE_LOG ? createWriteStream(STORE_LOG, { flags: 'a' }) : undefined;
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    log?.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const pid = child.pid!;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };

  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited while starting:\n${output}`);
    if (performance.now() - started > timeoutMs) {
      await stop();
      throw new Error(`the store did not answer /readyz within ${timeoutMs / 1000} s:\n${output}`);
    }
    try {
      if ((await send(url, '/readyz', { timeoutMs: 1000 })).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const startup = { wallMs: performance.now() - started, cpuSeconds: cpuSeconds(pid), memory: memoryMb(pid) };
  return { url, pid, startup, stop };
}

/** After a request that timed out, waits (up to 10 minutes) until the store answers promptly again. */
export async function settle(store: Store): Promise<void> {
  const deadline = performance.now() + 600_000;
  while (performance.now() < deadline) {
    try {
      if ((await send(store.url, '/readyz', { timeoutMs: 1000 })).status === 200) return;
    } catch {
      // still busy with the request we gave up on
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
