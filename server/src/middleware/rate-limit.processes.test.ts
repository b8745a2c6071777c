import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { databaseUri, startEngine, type DatabaseEngine } from '../db/index.js';
import { freePort, startServer, type Run } from '../test/server-process.js';

/**
 * Two real server processes against one database count one limit: the counters are in the
 * database, not in either process's memory, and they outlive a restart.
 */
describe('rate limits across server processes', () => {
  let engine: DatabaseEngine;
  let dataDir: string;
  let mongoUri: string;
  const runs: Run[] = [];

  beforeAll(async () => {
    engine = await startEngine({ preference: 'wire' });
    mongoUri = databaseUri(engine.uri, `limits_${randomBytes(4).toString('hex')}`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-limits-'));
  });
  afterAll(async () => {
    for (const run of runs) run.child.kill('SIGTERM');
    await Promise.all(runs.map((r) => r.exited));
    await engine.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startApp(): Promise<{ run: Run; url: string }> {
    const port = await freePort();
    const run = startServer(dataDir, { MONGODB_URI: mongoUri, PORT: String(port), RATE_LIMIT: 'true' });
    runs.push(run);
    await run.waitFor('store listening');
    return { run, url: `http://127.0.0.1:${port}` };
  }

  const adminLogin = (url: string) =>
    fetch(`${url}/logAdmin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'not-the-password' }),
    });

  it('lets 10 admin logins through in all, however they are spread over two processes, and keeps counting after a restart', async () => {
    const [a, b] = await Promise.all([startApp(), startApp()]);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await adminLogin(i % 2 === 0 ? a.url : b.url)).status);
    expect(statuses).toEqual(Array(10).fill(401));

    const [fromA, fromB] = await Promise.all([adminLogin(a.url), adminLogin(b.url)]);
    expect([fromA.status, fromB.status]).toEqual([429, 429]);
    expect(((await fromB.json()) as { error: string }).error).toBe(MESSAGES.tooManyRequests);

    b.run.child.kill('SIGTERM');
    await b.run.exited;
    const restarted = await startApp();
    expect((await adminLogin(restarted.url)).status).toBe(429);
  }, 90_000);
});
