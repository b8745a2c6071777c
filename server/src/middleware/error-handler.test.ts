import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../test/harness.js';

/** Requests that are the client's fault must never read as a server failure. */
describe('error handler: client errors raised by Express itself', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 400 for a route parameter with broken percent-encoding', async () => {
    const admin = await createAdminToken(ctx);
    const res = await ctx.http
      .put('/api/orders/%E0%A4%A/status')
      .set(bearer(admin.token))
      .send({ status: 'Delivered' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MESSAGES.invalidRequest, message: MESSAGES.invalidRequest });
  });

  it('answers 415 for a JSON body in a charset the server does not read', async () => {
    const res = await ctx.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json; charset=koi8-r')
      .send('{"email":"a@b.co","password":"x"}');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(MESSAGES.invalidRequest);
  });

  it('answers 415 for a body in an unknown content encoding', async () => {
    const res = await ctx.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'snappy')
      .send('{"email":"a@b.co","password":"x"}');
    expect(res.status).toBe(415);
    expect(res.body.error).toBe(MESSAGES.invalidRequest);
  });
});
