import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startTestApp, type TestContext } from '../test/harness.js';

const ALLOWED = 'https://admin.keshayurveda.example';
const STRANGER = 'https://evil.example';

/** Directive name -> its sources, from a Content-Security-Policy header. */
function parseCsp(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');

/** Runs the real entry point and resolves with its exit code and output. */
function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [TSX_CLI, '--conditions=source', path.join(SERVER_DIR, 'src/main.ts')],
      // A clean environment (and no .env in cwd) so only what the test sets is seen.
      { cwd: env.DATA_DIR, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('security headers and CORS', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ CORS_ORIGINS: `${ALLOWED}, https://other-allowed.example` });
  });
  afterAll(() => ctx.close());

  /** The same app and database under other settings. */
  const appWith = (env: Record<string, string>) =>
    request(
      createApp({
        ...ctx.deps,
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT: 'false', ...env }),
      }),
    );

  it('sends a Content-Security-Policy that allows exactly the store, Razorpay and the map', async () => {
    const res = await ctx.http.get('/healthz');
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://checkout.razorpay.com']);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://lumberjack.razorpay.com', 'https://api.razorpay.com']);
    expect(csp.get('frame-src')).toEqual([
      'https://api.razorpay.com',
      'https://checkout.razorpay.com',
      'https://www.google.com',
      'https://maps.google.com',
    ]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    // Plain-http development must keep loading its assets.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    const everything = res.headers['content-security-policy'];
    expect(everything).not.toContain('whatsapp');
    expect(everything).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('sends the CSP on pages, API answers and errors alike', async () => {
    for (const path of ['/api/main-category', '/api/nothing-here', '/robots.txt']) {
      const res = await ctx.http.get(path);
      expect(res.headers['content-security-policy']).toContain('https://checkout.razorpay.com');
    }
  });

  it('frames a map from another provider when the owner configures one', async () => {
    const other = appWith({ MAP_EMBED_URL: 'https://www.openstreetmap.org/export/embed.html?bbox=70,22,71,23' });
    const res = await other.get('/healthz');
    expect(parseCsp(res.headers['content-security-policy']).get('frame-src')).toContain(
      'https://www.openstreetmap.org',
    );
  });

  it('hides the framework and sets the other helmet headers', async () => {
    const res = await ctx.http.get('/api/main-category');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('lets a configured origin call the API across origins', async () => {
    const preflight = await ctx.http
      .options('/api/auth/login')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type,authorization');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    const get = await ctx.http.get('/api/main-category').set('Origin', ALLOWED);
    expect(get.status).toBe(200);
    expect(get.headers['access-control-allow-origin']).toBe(ALLOWED);
  });

  it('refuses any other origin', async () => {
    const preflight = await ctx.http
      .options('/api/auth/login')
      .set('Origin', STRANGER)
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.status).toBe(403);
    expect(preflight.body).toEqual({ error: 'Origin not allowed', message: 'Origin not allowed' });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();

    const get = await ctx.http.get('/api/main-category').set('Origin', STRANGER);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers at all when no origins are configured', async () => {
    const sameOriginOnly = appWith({});
    const res = await sameOriginOnly.get('/api/main-category').set('Origin', ALLOWED);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await sameOriginOnly
      .options('/api/main-category')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.status).toBe(403);
  });

  it('turns on upgrade-insecure-requests in production only', async () => {
    const prod = appWith({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-private-production-secret',
      RAZORPAY_KEY_ID: 'rzp_test_key',
      RAZORPAY_KEY_SECRET: 'rzp_test_secret',
    });
    const res = await prod.get('/healthz');
    expect(parseCsp(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
  });

  it('the server process refuses to start in production with the published development JWT secret', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-prod-'));
    try {
      const { code, output } = await runServer({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        JWT_SECRET: 'dev-only-jwt-secret-change-me',
        PORT: '0',
      });
      expect(code).toBe(1);
      expect(output).toContain(
        'JWT_SECRET is the published development value; remove it (the server makes its own) or set a private one',
      );
      expect(output).not.toContain('listening');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('refuses JSON bodies above the limit', async () => {
    const res = await ctx.http
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200 * 1024) }));
    expect(res.status).toBe(413);
  });
});
