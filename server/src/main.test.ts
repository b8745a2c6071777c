import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const GIVE_UP_MS = 25_000;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`. */
  waitFor(text: string): Promise<void>;
}

/** The real entry point in a child process, with a clean environment and its own data dir. */
function startServer(dataDir: string, env: Record<string, string>): Run {
  const child = spawn(process.execPath, [TSX_CLI, '--conditions=source', path.join(SERVER_DIR, 'src/main.ts')], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      EMBEDDED_ENGINE: 'wire',
      SEED_ON_EMPTY: 'false',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (b: Buffer) => {
    output += b.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) w.resolve();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const killer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then(() => reject(new Error(`exited before "${text}":\n${output}`)));
      }),
  };
}

describe('server process start and stop', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((c) => c()));
  });

  async function tempDir(): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'kesh-main-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  it('stops with exit code 1 when its port is taken, instead of running without a listener', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as AddressInfo).port;

    const run = startServer(await tempDir(), { PORT: String(port) });
    const code = await run.exited;
    expect(code, run.output()).toBe(1);
    expect(run.output()).toContain('EADDRINUSE');
    expect(run.output()).not.toContain('store listening');
  }, 30_000);

  it('finishes cleanly with exit code 0 on SIGTERM', async () => {
    const run = startServer(await tempDir(), { PORT: '0' });
    await run.waitFor('store listening');
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('stopped');
  }, 30_000);

  it('refuses to run in production while an admin still has the published development password', async () => {
    const run = startServer(await tempDir(), {
      NODE_ENV: 'production',
      PORT: '0',
      JWT_SECRET: 'a-long-private-production-secret',
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'rzp_test_secret',
    });
    expect(await run.exited, run.output()).toBe(1);
    expect(run.output()).toContain('still has the development password');
    expect(run.output()).not.toContain('store listening');
  }, 30_000);

  it('starts in production once the admin password is a private one', async () => {
    const run = startServer(await tempDir(), {
      NODE_ENV: 'production',
      PORT: '0',
      JWT_SECRET: 'a-long-private-production-secret',
      ADMIN_PASSWORD: 'a-private-admin-password',
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'rzp_test_secret',
    });
    await run.waitFor('store listening');
    // Without a webhook secret, a payment whose browser never returns cannot become an order: say so.
    await run.waitFor('RAZORPAY_WEBHOOK_SECRET is not set');
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
  }, 30_000);
});
