import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from './test/server-process.js';

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
