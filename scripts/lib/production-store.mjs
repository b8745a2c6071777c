// Starts the production build (node server/dist/main.js) for the benchmark and Lighthouse: the
// in-process database engine in a temporary folder, filled by the seed command first, on a free
// port of 127.0.0.1. Nothing here reaches beyond this machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HOST = '127.0.0.1';
/** A store opening a 10,000-order shop while other work loads the machine can take over a minute. */
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 15_000;

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export function buildIfMissing(root = ROOT) {
  const built =
    existsSync(path.join(root, 'server/dist/main.js')) &&
    existsSync(path.join(root, 'client/dist/index.html')) &&
    existsSync(path.join(root, 'client/dist-ssr/entry-server.js'));
  if (built) return;
  console.log(`No production build found in ${root}: running npm run build`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Starts `node ...args` and keeps the tail of its output for the error message should it die.
 * `exactEnv: true` gives the process `env` alone instead of adding it to this process's environment.
 */
export function startProcess(name, args, env, { cwd = ROOT, exactEnv = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: exactEnv ? env : { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited early (code ${code}, signal ${signal}):\n${output}`);
      process.exitCode = 1;
    }
  });
  return {
    child,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function waitUntilReady(url) {
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
 * The store as it runs in production (NODE_ENV=production, its own secrets for this run only),
 * seeded with the demo catalogue, rate limits off so that load tests measure the code. `root`: the
 * checkout whose build runs (another one's, to compare two builds in one run).
 */
export async function startProductionStore({ logLevel = 'warn', env = {}, copyFrom, root = ROOT } = {}) {
  buildIfMissing(root);
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kesh-store-'));
  // A copy, so a run never writes into a generated shop (npm run scale:shop) that others reuse.
  if (copyFrom) await cp(copyFrom, dataDir, { recursive: true });
  const storeEnv = {
    NODE_ENV: 'production',
    HOST,
    PORT: String(port),
    PUBLIC_URL: `http://${HOST}:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_ENGINE: 'wire',
    MONGODB_URI: '',
    RATE_LIMIT: 'false',
    SEED_ON_EMPTY: 'true',
    LOG_LEVEL: logLevel,
    JWT_SECRET: `run-only-${Math.random().toString(36).slice(2)}-${Date.now()}`,
    // A private password: an admin on the published one may do nothing until it is changed.
    ADMIN_PASSWORD: `run-only-${Math.random().toString(36).slice(2)}`,
    RAZORPAY_KEY_ID: 'rzp_test_local_run',
    RAZORPAY_KEY_SECRET: 'local-run-secret-never-used',
    SMTP_HOST: '',
    ...env,
  };
  // The seed command fills the data file first, so the store always serves the full demo catalogue.
  const seeded = spawnSync(process.execPath, ['server/dist/scripts/seed.js'], {
    cwd: root,
    env: { ...process.env, ...storeEnv },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`seeding failed:\n${seeded.stdout}${seeded.stderr}`);
  }
  const store = startProcess('store', ['server/dist/main.js'], storeEnv, { cwd: root });
  const url = `http://${HOST}:${port}`;
  const stop = async () => {
    await store.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${url}/readyz`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, port, pid: store.child.pid, stop };
}
