import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOTER_ELEMENT_ID, type InitialData, type PageRenderRequest, type Product } from '@kesh/shared';
import { metricsRegistry } from '../../lib/metrics.js';
import { fastLane } from '../../middleware/fast-lane.js';
import { requestLog } from '../../middleware/request-log.js';
import { StorefrontVersionDoc, storefrontChanged, watchStorefrontVersion } from '../../lib/storefront-version.js';
import { clientBuildWith, storefrontLists } from '../../test/client-build.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { clientRoutes } from './routes.js';

/**
 * A stand-in for client/dist-ssr/entry-server.js with the same contract: it echoes what the server
 * asked for, so each test sees what the server passed in and what it did with the answer. It renders
 * on the render thread, so it reports its renders in a file beside it (renders.json).
 */
const RENDERER = `
import { readFileSync, writeFileSync } from 'node:fs';
const REPORT = new URL('./renders.json', import.meta.url);
export async function render(request) {
  let renders = 0;
  try { renders = JSON.parse(readFileSync(REPORT, 'utf8')).renders; } catch {}
  writeFileSync(REPORT, JSON.stringify({ renders: renders + 1, lastRequest: request }));
  const path = request.url.split('?')[0];
  if (path === '/broken') throw new Error('a component failed');
  const known = ['/', '/products', '/gallery', '/profile', '/contact'].includes(path);
  const shown = request.data.productPage?.page.items ?? request.data.featuredProducts ?? [];
  const products = (request.data.product ? [request.data.product] : shown).map((p) => p.title).join(', ');
  const footer = path === '/contact' ? '<footer id="site-footer">Rajkot</footer>' : '';
  return {
    html: '<link rel="preload" as="image" href="/hoisted.jpg"><h1>' + request.language + ' ' + path + '</h1><p>' + products + '</p>' + footer,
    title: 'Page <' + request.language + '> | Kesh & Co',
    description: 'About "' + path + '"',
    status: known ? 200 : 404,
  };
}
`;

const PRODUCT = { _id: 'p1', title: 'Bhringraj Oil' } as unknown as Product;
/** What the stand-in renderer of the directory `ssrDir` reported: its renders and the last one's request. */
let ssrDir = '';
function reported(): { renders: number; lastRequest?: PageRenderRequest } {
  try {
    return JSON.parse(readFileSync(path.join(ssrDir, 'renders.json'), 'utf8')) as ReturnType<typeof reported>;
  } catch {
    return { renders: 0 };
  }
}
const lastRequest = () => reported().lastRequest;
const renders = () => reported().renders;
const initialData = (html: string) =>
  JSON.parse(/<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html)![1]!) as InitialData;
const root = (html: string) => /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(html)?.[1];

describe('server-rendered storefront pages', () => {
  let ctx: TestContext;
  let dir: string;
  let http: ReturnType<typeof request>;

  beforeAll(async () => {
    ctx = await startTestApp();
    dir = await clientBuildWith(RENDERER);
    ssrDir = path.join(dir, 'dist-ssr');
    await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 30000 });
    http = request(
      express().use(clientRoutes({ ...ctx.deps, clientDir: path.join(dir, 'dist') }, storefrontLists([])).router),
    );
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (url: string) => http.get(url).set('Accept', 'text/html');

  it('puts the rendered page into #root, with its title and description, from the data it carries', async () => {
    const res = await page('/products');
    expect(res.status).toBe(200);
    expect(root(res.text)).toBe('<h1>en /products</h1><p>Bhringraj Oil</p>');
    expect(res.text).toContain('<title>Page &lt;en&gt; | Kesh &amp; Co</title>');
    expect(res.text).toMatch(/<meta\s+name="description"\s+content="About &quot;\/products&quot;"/);
    expect(res.text).toContain('<meta property="og:title" content="Page &lt;en&gt; | Kesh &amp; Co" />');
    expect(res.text).not.toContain('Default');

    // The renderer got the very data the page carries for the client to hydrate from.
    const data = initialData(res.text);
    expect(lastRequest()).toEqual({ url: '/products', language: 'en', data });
    expect(data.productPage).toMatchObject({ q: '', sort: '', page: { page: 1, limit: 24, total: 1 } });
    expect(data.productPage!.page.items.map((p) => p.title)).toEqual(['Bhringraj Oil']);

    // React's hoisted preload went to <head>, out of the markup React hydrates.
    expect(res.text.indexOf('href="/hoisted.jpg"')).toBeLessThan(res.text.indexOf('</head>'));
  });

  it("carries the products page's search answer (?q=&sort=) into the render and the page, never cached", async () => {
    await MainCategory.deleteMany({});
    await MainCategory.create([
      { title: 'भृंगराज बालों का तेल', mainPricePaise: 30000 },
      { title: 'Amla Shampoo', mainPricePaise: 20000 },
    ]);
    await storefrontChanged();
    const res = await page('/products?q=%E0%A4%AC%E0%A4%BE%E0%A4%B2&sort=price-asc').set('Cookie', 'lang=hi');
    const data = initialData(res.text);
    expect(data.productPage).toMatchObject({ q: 'बाल', sort: 'price-asc', page: { total: 1 } });
    expect(data.productPage!.page.items.map((p) => p.title)).toEqual(['भृंगराज बालों का तेल']);
    expect(lastRequest()!.data.productPage).toEqual(data.productPage);
    // A sort the API would refuse is ignored by the page, as the client ignores it.
    const unknownSort = initialData((await page('/products?q=amla&sort=cheapest')).text);
    expect(unknownSort.productPage).toMatchObject({ q: 'amla', sort: '' });
    expect(unknownSort.productPage!.page.items.map((p) => p.title)).toEqual(['Amla Shampoo']);
    // Each search is rendered for its own request: a second search is not the first one's page.
    const before = renders();
    await page('/products?q=amla');
    await page('/products?q=amla');
    expect(renders()).toBe(before + 2);
    expect(initialData((await page('/products')).text).productPage).toMatchObject({ q: '', page: { total: 2 } });
  });

  it('carries one page of products (?page=), keeps it rendered until the catalogue changes', async () => {
    await MainCategory.deleteMany({});
    await MainCategory.insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        title: `Oil ${i + 1}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, i)),
      })),
    );
    await storefrontChanged();
    const second = await page('/products?page=2');
    const data = initialData(second.text);
    expect(data.productPage!.page).toMatchObject({ page: 2, limit: 24, total: 30 });
    expect(data.productPage!.page.items.map((p) => p.title)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Oil ${25 + i}`),
    );
    expect(second.text).not.toContain('Oil 24<');

    const before = renders();
    await page('/products?page=2');
    await page('/products?page=2');
    expect(renders()).toBe(before);
    await MainCategory.updateOne({ title: 'Oil 25' }, { $set: { title: 'Oil 25, new label' } });
    await storefrontChanged();
    expect(root((await page('/products?page=2')).text)).toContain('Oil 25, new label');
    expect(renders()).toBe(before + 1);

    // A ?page= that is no page number carries no products and is made for its own request.
    const bad = initialData((await page('/products?page=two')).text);
    expect(bad.productPage).toBeUndefined();
  });

  it("carries a product's own page with that product only, not the rest of the catalogue", async () => {
    await MainCategory.deleteMany({});
    const [amla] = await MainCategory.create([{ title: 'Amla Oil' }, { title: 'Neem Comb' }, { title: 'Brahmi Pack' }]);
    await storefrontChanged();
    const res = await page(`/products?id=${String(amla!._id)}`);
    const data = initialData(res.text);
    expect(data.product).toMatchObject({ _id: String(amla!._id), title: 'Amla Oil' });
    expect(data.productPage).toBeUndefined();
    expect(res.text).not.toContain('Neem Comb');
    expect(res.text).not.toContain('Brahmi Pack');
    // A product that is gone: the page says so (the id the browser will look up) above page 1.
    const gone = initialData((await page('/products?id=64b0000000000000000000bb')).text);
    expect(gone.missingProduct).toBe('64b0000000000000000000bb');
    expect(gone.productPage!.page.items.map((p) => p.title)).toEqual(['Amla Oil', 'Neem Comb', 'Brahmi Pack']);
  });

  it('sends a kept page compressed once, in the encoding asked for, and 304 for any of its ETags', async () => {
    const br = await page('/gallery').set('Accept-Encoding', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toMatch(/-br"$/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(root(br.text)).toBe('<h1>en /gallery</h1><p></p>');
    const gzip = await page('/gallery').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(br.text);
    const plain = await page('/gallery').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(br.text);
    for (const etag of [br.headers.etag!, gzip.headers.etag!, plain.headers.etag!]) {
      const again = await page('/gallery').set('Accept-Encoding', 'br').set('If-None-Match', etag);
      expect(again.status).toBe(304);
    }
    // Made again after a change elsewhere in the catalogue, the same bytes keep their ETag.
    const before = renders();
    await storefrontChanged();
    expect((await page('/gallery').set('If-None-Match', br.headers.etag!)).status).toBe(304);
    expect(renders()).toBe(before + 1);
  });

  it("renders in the shopper's language: the selector's cookie, then Accept-Language, then English", async () => {
    const hindi = await page('/').set('Accept-Language', 'hi-IN,hi;q=0.9,en;q=0.8');
    expect(hindi.text).toContain('<html lang="hi">');
    expect(root(hindi.text)).toContain('<h1>hi /</h1>');
    expect(initialData(hindi.text).language).toBe('hi');
    expect(hindi.headers.vary).toMatch(/Cookie/);
    expect(hindi.headers.vary).toMatch(/Accept-Language/);

    const gujarati = await page('/').set('Accept-Language', 'hi').set('Cookie', 'theme=dark; lang=gu');
    expect(gujarati.text).toContain('<html lang="gu">');
    expect(root(gujarati.text)).toContain('<h1>gu /</h1>');

    const unknown = await page('/').set('Accept-Language', 'fr-FR,de;q=0.5').set('Cookie', 'lang=xx');
    expect(unknown.text).toContain('<html lang="en">');
    expect(initialData(unknown.text).language).toBe('en');

    // Each language keeps its own copy: English after Hindi is still English.
    expect(root((await page('/')).text)).toContain('<h1>en /</h1>');
    expect(root((await page('/').set('Cookie', 'lang=hi')).text)).toContain('<h1>hi /</h1>');
  });

  it('switches the language without JavaScript: sets the cookie and returns to the page, rendered in it', async () => {
    const res = await http.get('/language').query({ lang: 'mr', back: '/products?id=p1' }).set('Accept', 'text/html');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/products?id=p1');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=mr; Max-Age=31536000; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    const page = await http.get('/products').set('Accept', 'text/html').set('Cookie', cookie.split(';')[0]!);
    expect(page.text).toContain('<html lang="mr">');
    expect(root(page.text)).toContain('<h1>mr /products</h1>');
  });

  it('keeps the language when the choice is not one of the four, and returns only to a page of this site', async () => {
    const unknown = await http.get('/language').query({ lang: 'fr', back: '/gallery' });
    expect(unknown.status).toBe(303);
    expect(unknown.headers.location).toBe('/gallery');
    expect(unknown.headers['set-cookie']).toBeUndefined();
    for (const back of ['https://evil.example/', '//evil.example/', '/\\evil.example/', 'products', undefined]) {
      const res = await http.get('/language').query({ lang: 'gu', ...(back === undefined ? {} : { back }) });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/');
      expect(String(res.headers['set-cookie'])).toMatch(/^lang=gu;/);
    }
  });

  it('renders the language an address names (?lang=), kept per language until the product changes', async () => {
    await MainCategory.deleteMany({});
    const amla = await MainCategory.create({ title: 'Amla hair oil', translations: { gu: { title: 'આમળા તેલ' } } });
    await storefrontChanged();
    const address = `/products?id=${String(amla._id)}&lang=gu`;
    const gujarati = await page(address).set('Cookie', 'lang=hi');
    expect(gujarati.text).toContain('<html lang="gu">');
    expect(root(gujarati.text)).toContain('<h1>gu /products</h1>');
    expect(initialData(gujarati.text).product?.translations).toEqual({ gu: { title: 'આમળા તેલ' } });
    // Its <head> names the page in each language and the x-default, for crawlers.
    const origin = ctx.deps.config.shop.publicUrl;
    const head = gujarati.text.slice(0, gujarati.text.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="alternate" hreflang="hi" href="${origin}/products?id=${String(amla._id)}&amp;lang=hi">`,
    );
    expect(head).toContain(
      `<link rel="alternate" hreflang="x-default" href="${origin}/products?id=${String(amla._id)}">`,
    );
    const before = renders();
    expect((await page(address)).text).toBe(gujarati.text);
    expect(renders()).toBe(before);
    // The cookie's language, without ?lang=, is its own page.
    expect(root((await page(`/products?id=${String(amla._id)}`).set('Cookie', 'lang=hi')).text)).toContain('<h1>hi ');

    await MainCategory.updateOne({ _id: amla._id }, { $set: { 'translations.gu.title': 'આમળા વાળનું તેલ' } });
    await storefrontChanged();
    expect(initialData((await page(address)).text).product?.translations?.gu?.title).toBe('આમળા વાળનું તેલ');
    // An unknown ?lang= is ignored and its page not kept; switching language drops ?lang= from the way back, so the choice holds.
    expect((await page('/gallery?lang=fr')).text).toContain('<html lang="en">');
    const rendered = renders();
    await page('/gallery?lang=fr');
    expect(renders()).toBe(rendered + 1);
    const back = await http.get('/language').query({ lang: 'hi', back: `/products?id=p1&lang=gu` });
    expect(back.headers.location).toBe('/products?id=p1');
  });

  it("keeps a product page per chosen size or pack (?variant=), the storefront's own link", async () => {
    const oil = await MainCategory.create({ title: 'Amla hair oil' });
    await storefrontChanged();
    const address = `/products?id=${String(oil._id)}&variant=${'a'.repeat(24)}`;
    const first = await page(address);
    const rendered = renders();
    expect((await page(address)).text).toBe(first.text);
    expect(renders()).toBe(rendered);
  });

  it('renders a page once while its lists are unchanged, and answers the same ETag with 304', async () => {
    const first = await page('/gallery').set('Cookie', 'lang=mr');
    const before = renders();
    const again = await page('/gallery').set('Cookie', 'lang=mr').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(renders()).toBe(before);
  });

  it("serves another app process's catalogue write on the next request, without rendering meanwhile", async () => {
    // This app reads the shared version document on every request (recheck 0 ms), as a process
    // would that another process's writes reach only through the database; kept pages are answered
    // by the fast lane in front of it, as in the server.
    const shared = watchStorefrontVersion({ recheckMs: 0 });
    const lists = { ...storefrontLists([]), storefront: shared };
    const { router, keptPage } = clientRoutes({ ...ctx.deps, clientDir: path.join(dir, 'dist') }, lists);
    const lane = fastLane(express().use(router), {
      security: [],
      log: requestLog(pino({ level: 'silent' })),
      lookups: [keptPage],
    });
    const http = request(lane);
    const laneAnswers = async () =>
      (await metricsRegistry.getSingleMetric('http_kept_answers_total')!.get()).values[0]?.value ?? 0;
    const products = () => http.get('/products').set('Accept', 'text/html');
    await MainCategory.create({ title: 'Amla Oil' });
    await storefrontChanged();

    expect(root((await products()).text)).toContain('Amla Oil');
    const before = renders();
    const answered = await laneAnswers();
    expect(root((await products()).text)).toContain('Amla Oil');
    expect(renders()).toBe(before);
    expect(await laneAnswers()).toBe(answered + 1);

    // The other process: its write and its bump of the version, never announced in this one.
    await MainCategory.updateOne({ title: 'Amla Oil' }, { $set: { title: 'Amla Oil 200 ml' } });
    await StorefrontVersionDoc.updateOne({ _id: 'storefront' }, { $inc: { version: 1 } });
    expect(root((await products()).text)).toContain('Amla Oil 200 ml');
    expect(renders()).toBe(before + 1);
    expect(await laneAnswers()).toBe(answered + 1);
  });

  it('answers an address that is no page with the rendered "not found" page and 404', async () => {
    const res = await page('/no-such-page');
    expect(res.status).toBe(404);
    expect(root(res.text)).toContain('<h1>en /no-such-page</h1>');
  });

  it("holds the first paint until the page's content is parsed: a render-blocking expect link to its footer", async () => {
    const expectLink = `<link rel="expect" href="#${FOOTER_ELEMENT_ID}" blocking="render">`;
    const res = await page('/contact');
    expect(root(res.text)).toContain(`<footer id="${FOOTER_ELEMENT_ID}">Rajkot</footer>`);
    expect(res.text.indexOf(expectLink)).toBeGreaterThan(0);
    expect(res.text.indexOf(expectLink)).toBeLessThan(res.text.indexOf('</head>'));
    // A page without that footer, or rendered in the browser, would only wait for the end of the file.
    expect((await page('/products')).text).not.toContain('rel="expect"');
    expect((await page('/cart')).text).not.toContain('rel="expect"');
  });

  it('leaves the pages behind a login to the browser, in the right language', async () => {
    for (const url of ['/cart', '/shipping', '/userdashbord', '/admin', '/admin/orders']) {
      const res = await page(url).set('Cookie', 'lang=gu');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<html lang="gu">');
      expect(initialData(res.text).language).toBe('gu');
    }
  });

  it('serves the page for the browser to render when the server render fails', async () => {
    const res = await page('/broken');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('<title>Default title</title>');
  });
});

describe('storefront pages without a server-render bundle', () => {
  it('are served for the browser to render, as before server rendering', async () => {
    const ctx = await startTestApp();
    const dir = await clientBuildWith();
    try {
      await MainCategory.create({ title: 'Bhringraj Oil' });
      const app = express().use(
        clientRoutes({ ...ctx.deps, clientDir: path.join(dir, 'dist') }, storefrontLists([PRODUCT])).router,
      );
      const res = await request(app).get('/products').set('Accept', 'text/html').set('Cookie', 'lang=hi');
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<html lang="hi">');
      expect(initialData(res.text).productPage!.page.items.map((p) => p.title)).toEqual(['Bhringraj Oil']);
    } finally {
      await ctx.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
