import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectMongoose, databaseUri, syncIndexes } from '../db/index.js';
import { startEmbeddedEngine, type EmbeddedEngine } from '@kesh/embedded-mongo';
import { FaultyFs } from '@kesh/embedded-mongo/testing/faults';
import { MESSAGES } from '@kesh/shared';
import { createMailer } from '../lib/mailer.js';
import { createDiskStorage } from '../lib/storage.js';
import { createSimulatorGateway } from '../modules/payments/gateway.js';
import { storefrontChanged } from '../lib/storefront-version.js';
import { MainCategory } from '../modules/catalog/category.model.js';

/** The driver notices a dead server on its next heartbeat and a revived one a moment later. */
const RECOVERY_DEADLINE_MS = 15_000;
const POLL_MS = 250;

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function waitFor(probe: () => Promise<Answer>, wanted: (a: Answer) => boolean): Promise<Answer> {
  const deadline = Date.now() + RECOVERY_DEADLINE_MS;
  let last = await probe();
  while (!wanted(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    last = await probe();
  }
  return last;
}

describe('readiness while the database goes away and comes back', () => {
  let dataDir: string;
  let engine: EmbeddedEngine;
  let port: number;
  let server: Server;
  let base: string;
  const disk = new FaultyFs();

  const get = async (url: string): Promise<Answer> => {
    const res = await fetch(base + url, { headers: { Accept: 'application/json' } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-readiness-'));
    engine = await startEmbeddedEngine({ dataDir, fs: disk });
    port = engine.port;
    await connectMongoose(databaseUri(engine.uri, 'readiness'));
    await syncIndexes();

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT: 'false', DATA_DIR: dataDir });
    const logger = pino({ level: 'silent' });
    const app = createApp({
      config,
      logger,
      mailer: createMailer({ from: config.mailFrom, logger }),
      storage: createDiskStorage(path.join(dataDir, 'uploads')),
      payments: createSimulatorGateway(),
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await mongoose.disconnect();
    await engine?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('disk full: writes answer 503 with a clear message, /readyz names the cause, reads go on, all recovers', async () => {
    await MainCategory.create({ title: 'Amla Shampoo' });
    const contact = (n: number) =>
      fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: `Asha ${n}`, email: 'asha@example.com', message: 'Is the oil in stock?' }),
      });
    expect((await contact(1)).status).toBe(201);

    disk.freeBytes = 0;
    const refused = await contact(2);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: MESSAGES.storageUnavailable, message: MESSAGES.storageUnavailable });
    const ready = await get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', database: 'read-only' });
    expect(String(ready.body.error)).toMatch(/ENOSPC/);
    // Shoppers can still browse.
    const products = await fetch(`${base}/api/main-category`);
    expect(products.status).toBe(200);

    disk.freeBytes = Number.POSITIVE_INFINITY;
    const back = await waitFor(
      () => get('/readyz'),
      (a) => a.status === 200,
    );
    expect(back).toEqual({ status: 200, body: { status: 'ready', database: 'up' } });
    expect((await contact(3)).status).toBe(201);
    await MainCategory.deleteMany({});
  }, 30_000);

  it('reports 503 on /readyz while the engine is down, keeps /healthz at 200, and recovers', async () => {
    await MainCategory.create({ title: 'Bhringraj Hair Oil' });
    // Written behind the catalogue service's back: the kept list is told, as the service would.
    await storefrontChanged();
    expect(await get('/readyz')).toEqual({ status: 200, body: { status: 'ready', database: 'up' } });

    await engine.stop();

    const down = await waitFor(
      () => get('/readyz'),
      (a) => a.status === 503,
    );
    expect(down).toEqual({
      status: 503,
      body: { status: 'unavailable', database: 'down', error: 'Database is not answering' },
    });
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    // Same port, same data file: what a restarted mongod (or a failover) looks like to the driver.
    engine = await startEmbeddedEngine({ port, dataDir });

    const up = await waitFor(
      () => get('/readyz'),
      (a) => a.status === 200,
    );
    expect(up).toEqual({ status: 200, body: { status: 'ready', database: 'up' } });
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });

    const products = await fetch(`${base}/api/main-category`).then((r) => r.json() as Promise<{ title: string }[]>);
    expect(products.map((p) => p.title)).toEqual(['Bhringraj Hair Oil']);
  }, 45_000);
});
