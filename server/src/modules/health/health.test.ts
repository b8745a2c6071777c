import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { firstReadiness } from '../../db/index.js';

/** 'settled' when the promise already is (its callbacks run before the next macrotask), else 'pending'. */
const stateOf = (p: Promise<void>) =>
  Promise.race([p.then(() => 'settled'), new Promise((resolve) => setImmediate(() => resolve('pending')))]);

describe('health', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('answers /healthz while the process is up', async () => {
    const res = await ctx.http.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database pings back, which lets the background start-up work begin', async () => {
    expect(await stateOf(firstReadiness())).toBe('pending');
    const res = await ctx.http.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.database).toBe('up');
    expect(await stateOf(firstReadiness())).toBe('settled');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.http.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Not found');
  });

  it('never sends x-powered-by', async () => {
    const res = await ctx.http.get('/healthz');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});
