import { Agent, request as httpRequest } from 'node:http';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_ADMIN_PASSWORD, DEV_JWT_SECRET } from './config.js';
import { verifyToken } from './lib/tokens.js';
import { SECRETS_FILE } from './secrets.js';
import { startServer, type Run } from './test/server-process.js';

const ADMIN_PASSWORD = 'owner-pass-123';

async function logInAdmin(base: string, password = ADMIN_PASSWORD) {
  const login = await fetch(`${base}/logAdmin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  return (await login.json()) as { token: string; mustChangePassword?: true };
}

/** The owner's inbox size, read through the API as the admin. */
async function countContactMessages(port: number): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const { token } = await logInAdmin(base);
  const inbox = await fetch(`${base}/api/contact`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await inbox.json()) as unknown[]).length;
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
  }, 90_000);

  it('finishes cleanly with exit code 0 on SIGTERM', async () => {
    const run = startServer(await tempDir(), { PORT: '0' });
    await run.waitFor('store listening');
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toContain('stopped');
  }, 90_000);

  it('refuses to start, exit code 1, when its data directory is held by a running server or its data file is damaged', async () => {
    const dataDir = await tempDir();
    const first = startServer(dataDir, { PORT: '0' });
    await first.waitFor('store listening');
    const second = startServer(dataDir, { PORT: '0' });
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another embedded engine`);
    expect(second.output()).not.toContain('store listening');
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(0);

    const file = path.join(dataDir, 'embedded-db.bson');
    await writeFile(file, Buffer.from('not a database'));
    const damaged = startServer(dataDir, { PORT: '0' });
    expect(await damaged.exited, damaged.output()).toBe(1);
    expect(damaged.output().trim()).toBe(
      `Embedded database file "${file}" is corrupt (invalid document length at byte 0). Refusing to start so ` +
        'the data is not overwritten; move the file away or restore a backup.',
    );
  }, 120_000);

  it('SIGTERM under load: every request it received is answered 2xx, nothing is lost, exit code 0', async () => {
    const dataDir = await tempDir();
    const env = { PORT: '0', RATE_LIMIT: 'false', ADMIN_PASSWORD };
    const run = startServer(dataDir, env);
    await run.waitFor('store listening');
    const port = Number(/store listening on http:\/\/localhost:(\d+)/.exec(run.output())?.[1]);
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    cleanups.push(async () => agent.destroy());

    type Outcome = { status: number } | { error: string };
    const post = (n: number) =>
      new Promise<Outcome>((resolve) => {
        const body = JSON.stringify({ name: `Load ${n}`, email: `load${n}@example.com`, message: `message ${n}` });
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/contact',
            method: 'POST',
            agent,
            headers: { 'Content-Type': 'application/json' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
            res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
        req.end(body);
      });

    const outcomes: Outcome[] = [];
    const accepted: number[] = [];
    let sent = 0;
    let refused = false;
    const client = async () => {
      while (!refused) {
        const n = sent++;
        const outcome = await post(n);
        outcomes.push(outcome);
        if ('status' in outcome && outcome.status === 201) accepted.push(n);
        if ('error' in outcome && outcome.error === 'ECONNREFUSED') refused = true;
      }
    };
    const clients = Array.from({ length: 20 }, () => client());
    await new Promise((r) => setTimeout(r, 700));
    run.child.kill('SIGTERM');
    await Promise.all(clients);
    expect(await run.exited, run.output().split('\n').slice(-15).join('\n')).toBe(0);

    // Every answer was a 201: no 5xx, no 4xx. The only failures are connections the closed port
    // refused or reset before the app read the request (the kernel's accept queue when the listener
    // closes) — the count below proves none of those requests was processed with its answer lost.
    const answered = outcomes.filter((o): o is { status: number } => 'status' in o);
    expect(answered.filter((o) => o.status !== 201)).toEqual([]);
    const errors = outcomes.filter((o): o is { error: string } => 'error' in o).map((o) => o.error);
    expect(errors.filter((e) => e !== 'ECONNREFUSED' && e !== 'ECONNRESET')).toEqual([]);
    expect(accepted.length).toBeGreaterThan(20);
    expect(run.output()).not.toContain('requests still running');

    // Everything acknowledged is in the data directory, and nothing else.
    const again = startServer(dataDir, env);
    await again.waitFor('store listening');
    const port2 = Number(/store listening on http:\/\/localhost:(\d+)/.exec(again.output())?.[1]);
    const count = await countContactMessages(port2);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
    expect(count).toBe(accepted.length);
  }, 120_000);

  const portOf = (run: Run) => Number(/store listening on http:\/\/localhost:(\d+)/.exec(run.output())?.[1]);
  const usersWith = (port: number, token: string) =>
    fetch(`http://127.0.0.1:${port}/api/auth/users`, { headers: { Authorization: `Bearer ${token}` } });
  const stop = async (run: Run) => {
    run.child.kill('SIGTERM');
    expect(await run.exited, run.output()).toBe(0);
  };

  it('runs as a shop with nothing set: production, its own secrets kept and reused, the simulator, the password change', async () => {
    const dataDir = await tempDir();
    const shop = { NODE_ENV: '', PORT: '0' };
    const first = startServer(dataDir, shop);
    await first.waitFor('store listening');
    expect(first.output()).toContain('(payments: simulator)');
    expect(first.output()).toContain('No Razorpay keys: the payment simulator takes payments');
    expect(first.output()).toContain('made the server secrets');
    const file = path.join(dataDir, SECRETS_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const { jwtSecret } = JSON.parse(await readFile(file, 'utf8')) as { jwtSecret: string };

    // The admin of the first start has the published password: signed with the file's secret, and
    // asked to change it before anything else.
    const login = await logInAdmin(`http://127.0.0.1:${portOf(first)}`, DEV_ADMIN_PASSWORD);
    expect(login.mustChangePassword).toBe(true);
    expect(verifyToken(jwtSecret, login.token).ok).toBe(true);
    expect(verifyToken(DEV_JWT_SECRET, login.token).ok).toBe(false);
    expect((await usersWith(portOf(first), login.token)).status).toBe(403);
    await stop(first);

    // A restart reuses the file: the session is still good, and the file is unchanged.
    const before = await readFile(file, 'utf8');
    const second = startServer(dataDir, shop);
    await second.waitFor('store listening');
    expect(second.output()).not.toContain('made the server secrets');
    expect((await usersWith(portOf(second), login.token)).status).toBe(403);
    expect(await readFile(file, 'utf8')).toBe(before);
    await stop(second);

    // JWT_SECRET from the environment wins over the file; Razorpay keys replace the simulator.
    const envSecret = 'an-operator-chosen-secret-of-40-characters';
    const third = startServer(dataDir, {
      ...shop,
      JWT_SECRET: envSecret,
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'rzp_test_secret',
    });
    await third.waitFor('store listening');
    expect(third.output()).toContain('(payments: razorpay)');
    expect((await usersWith(portOf(third), login.token)).status).toBe(401);
    const envLogin = await logInAdmin(`http://127.0.0.1:${portOf(third)}`, DEV_ADMIN_PASSWORD);
    expect(verifyToken(envSecret, envLogin.token).ok).toBe(true);
    await stop(third);
    expect(await readFile(file, 'utf8')).toBe(before);

    // A damaged file stops the start with one clear line instead of signing everyone out.
    await writeFile(file, '{"jwtSecret": "trunc');
    const damaged = startServer(dataDir, shop);
    expect(await damaged.exited, damaged.output()).toBe(1);
    expect(damaged.output().trim()).toBe(
      `${file} is damaged (not JSON). Restore it from the backup of the data directory, or delete it to have ` +
        'new secrets made at the next start (that signs out every shopper and admin).',
    );
  }, 240_000);
});
