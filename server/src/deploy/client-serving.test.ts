import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { startTestApp, type TestContext } from '../test/harness.js';

const INDEX_HTML = '<!doctype html><html><head><title>Kesh</title></head><body><div id="root"></div></body></html>';

describe('the built client beside the API', () => {
  let ctx: TestContext;
  let clientDir: string;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    ctx = await startTestApp();
    clientDir = await mkdtemp(path.join(tmpdir(), 'kesh-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(clientDir, 'assets/index-abc123.js'), 'console.log(1)');
    await writeFile(path.join(clientDir, 'assets/vendor-def456.js'), 'export const a = 1;\n'.repeat(500));
    await writeFile(path.join(clientDir, 'assets/hero-0a1b2c.jpg'), Buffer.alloc(4096, 7));
    // A stray copy in the build must not shadow the server's own, which knows PUBLIC_URL.
    await writeFile(path.join(clientDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    http = request(createApp({ ...ctx.deps, clientDir }));
  });
  afterAll(async () => {
    await ctx.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves pages as index.html with the CSP, and hashed assets for a year', async () => {
    const page = await http.get('/products').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    // The build's index.html, with the page's language alternates and the shop's details added (modules/pages).
    expect(page.text.startsWith('<!doctype html><html><head><title>Kesh</title><link rel="alternate"')).toBe(true);
    expect(page.text).toContain('</head><body><div id="root"></div>');
    expect(page.text).toContain('<script type="application/json" id="initial-data">{"language":"en","shop":');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' https://checkout.razorpay.com");

    const asset = await http.get('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const icon = await http.get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('compresses scripts and pages for browsers that accept it, but not photos', async () => {
    const script = await http.get('/assets/vendor-def456.js').set('Accept-Encoding', 'br, gzip');
    expect(script.headers['content-encoding']).toBe('br');
    expect(script.text).toBe('export const a = 1;\n'.repeat(500));
    const gzipped = await http.get('/assets/vendor-def456.js').set('Accept-Encoding', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    const photo = await http.get('/assets/hero-0a1b2c.jpg').set('Accept-Encoding', 'br, gzip');
    expect(photo.status).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
  });

  it('answers scripts asking for JSON from the API on the same paths', async () => {
    const gallery = await http.get('/gallery/').set('Accept', 'application/json');
    expect(gallery.status).toBe(200);
    expect(gallery.body).toEqual([]);
    const products = await http.get('/api/main-category');
    expect(products.status).toBe(200);
    expect(products.body).toEqual([]);
  });

  it('serves robots.txt from the server, not from the build folder', async () => {
    const res = await http.get('/robots.txt');
    expect(res.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(res.text).not.toContain('Disallow: /\n');
  });

  it('answers a missing file with the JSON 404', async () => {
    const res = await http.get('/missing.png');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Not found');
  });
});
