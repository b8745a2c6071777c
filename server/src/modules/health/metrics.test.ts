import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';

/** The value of one series in a scrape, e.g. `kesh_event_loop_delay_max_seconds`. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} in the scrape`);
  return Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let shopper: { token: string };
  /** The same app, as reached by a client on another machine (its socket's peer address). */
  let remote: ReturnType<typeof request>;

  beforeAll(async () => {
    // Behind a proxy that Express trusts, req.ip believes X-Forwarded-For: /metrics must not.
    ctx = await startTestApp({ TRUST_PROXY: 'loopback, 203.0.113.0/24' });
    admin = await createAdminToken(ctx);
    shopper = await signUpCustomer(ctx);
    const outside = express();
    outside.use((req, _res, next) => {
      Object.defineProperty(req.socket, 'remoteAddress', { value: '203.0.113.7', configurable: true });
      next();
    });
    outside.use(ctx.app);
    remote = request(outside);
  });
  afterAll(() => ctx.close());

  it('counts and times requests by method, route pattern and status class, never by raw URL', async () => {
    await ctx.http.get('/healthz').expect(200);
    const id = '0123456789abcdef01234567';
    await ctx.http.get(`/api/orders/${id}/invoice`).set(bearer(shopper.token)).expect(404);
    // A route's own error, answered by the app's error handler, still counts under the route.
    await ctx.http.get('/api/orders/not-an-id/invoice').set(bearer(shopper.token)).expect(400);
    await ctx.http.get('/api/nothing-here').expect(404);

    const res = await ctx.http.get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.text;
    expect(valueOf(text, 'http_requests_total{method="GET",route="/healthz",status_class="2xx"}')).toBeGreaterThan(0);
    expect(
      valueOf(text, 'http_requests_total{method="GET",route="/api/orders/:id/invoice",status_class="4xx"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'http_requests_total{method="GET",route="(no route)",status_class="4xx"}')).toBeGreaterThan(0);
    expect(
      valueOf(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/orders/:id/invoice",status_class="4xx"}',
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.05",method="GET",route="/healthz"');
    expect(text).not.toContain(id);
    expect(text).not.toContain('not-an-id');
    expect(text).not.toContain('nothing-here');
    for (const series of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'kesh_event_loop_delay_max_seconds',
    ]) {
      expect(valueOf(text, series)).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers a remote client only with an admin token; others get the 404 of an unknown path', async () => {
    const notFound = { error: MESSAGES.notFound, message: MESSAGES.notFound };
    const anonymous = await remote.get('/metrics');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toEqual(notFound);
    const asShopper = await remote.get('/metrics').set(bearer(shopper.token));
    expect(asShopper.status).toBe(404);
    expect(asShopper.body).toEqual(notFound);
    expect((await remote.get('/metrics').set('Authorization', 'Bearer forged')).status).toBe(404);
    // Claiming to be this machine in a header does not make a request local.
    expect((await remote.get('/metrics').set('X-Forwarded-For', '127.0.0.1')).status).toBe(404);
    const asAdmin = await remote.get('/metrics').set(bearer(admin.token));
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.text).toContain('kesh_event_loop_delay_max_seconds');
  });

  it('does not count a request a reverse proxy on this machine passed on as local', async () => {
    expect((await ctx.http.get('/metrics').set('X-Forwarded-For', '198.51.100.4')).status).toBe(404);
    expect((await ctx.http.get('/metrics').set('Forwarded', 'for=198.51.100.4')).status).toBe(404);
    expect(
      (await ctx.http.get('/metrics').set('X-Forwarded-For', '198.51.100.4').set(bearer(admin.token))).status,
    ).toBe(200);
  });

  it('reports the longest event-loop delay since the previous scrape, and starts again after each', async () => {
    await ctx.http.get('/metrics').expect(200);
    const until = performance.now() + 120;
    while (performance.now() < until) {
      // Holding the event loop on purpose, as a slow synchronous handler would.
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
    const blocked = valueOf((await ctx.http.get('/metrics')).text, 'kesh_event_loop_delay_max_seconds');
    expect(blocked).toBeGreaterThanOrEqual(0.1);
    const after = valueOf((await ctx.http.get('/metrics')).text, 'kesh_event_loop_delay_max_seconds');
    expect(after).toBeLessThan(0.1);
  });
});
