import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_SIZES, type InitialData } from '@kesh/shared';
import { createApp, createRequestListener } from '../../app.js';
import { metricsRegistry } from '../../lib/metrics.js';
import { cachedJson } from '../../lib/response-cache.js';
import { storefrontChanged, watchStorefrontVersion } from '../../lib/storefront-version.js';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { gifImage } from '../../test/images.js';
import { MainCategory } from '../catalog/category.model.js';
import { GalleryItem } from '../gallery/gallery.model.js';
import { Slider } from '../sliders/slider.model.js';
import { clientRoutes } from './routes.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Kesh</title>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'] },
  '_react-r1.js': { file: 'assets/react-r1.js' },
  '_SafeImage-s1.js': { file: 'assets/SafeImage-s1.js', imports: ['_react-r1.js'] },
  'src/shell.ts': { file: 'assets/shell-x1.js', imports: ['_app-a1.js'] },
  'src/boot.tsx': { file: 'assets/boot-b1.js', imports: ['_react-r1.js', 'index.html'] },
  '_app-a1.js': { file: 'assets/app-a1.js', imports: ['_react-r1.js'] },
  'src/features/home/HomePage.tsx': {
    file: 'assets/HomePage-h1.js',
    imports: ['index.html', '_react-r1.js', '_SafeImage-s1.js'],
  },
  'src/i18n/locales/en/home.json': { file: 'assets/i18n-home1.js' },
  'src/i18n/locales/en/catalog.json': { file: 'assets/i18n-catalog1.js' },
  'src/features/catalog/ProductsPage.tsx': { file: 'assets/ProductsPage-p1.js', imports: ['_SafeImage-s1.js'] },
  'src/features/gallery/GalleryPage.tsx': { file: 'assets/GalleryPage-g1.js' },
  'src/app/queries.tsx': { file: 'assets/queries-q1.js', imports: ['_query-core-k1.js'] },
  '_query-core-k1.js': { file: 'assets/query-core-k1.js' },
  'src/features/admin/AdminApp.tsx': { file: 'assets/AdminApp-a1.js', imports: ['_react-r1.js', '_app-a1.js'] },
  'src/features/admin/pages/OrdersPage.tsx': { file: 'assets/OrdersPage-o1.js', imports: ['_query-core-k1.js'] },
  'src/features/admin/pages/DashboardPage.tsx': { file: 'assets/DashboardPage-d1.js' },
  'src/features/admin/orders-early-script.ts': { file: 'assets/orders-early-e1.js' },
  'src/i18n/locales/en/admin.json': { file: 'assets/admin-en1.js' },
  'src/i18n/locales/hi/admin.json': { file: 'assets/admin-hi1.js' },
  'src/i18n/locales/gu/admin.json': { file: 'assets/admin-gu1.js' },
  'src/i18n/locales/mr/admin.json': { file: 'assets/admin-mr1.js' },
};

const SCRIPT = 'export const greeting = "namaste";\n'.repeat(200);

/** The JSON the page carries, as the client reads it. */
function initialData(html: string): InitialData {
  const match = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no initial data in the page');
  return JSON.parse(match[1]) as InitialData;
}
const modulePreloads = (html: string) =>
  [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
/** The page's own code, listed for the entry to fetch once the page has painted (not before). */
const pageModules = (html: string) =>
  modulePreloads(/<template id="page-modules">(.*?)<\/template>/.exec(html)?.[1] ?? '');
const withoutPageModules = (html: string) => html.replace(/<template id="page-modules">.*?<\/template>/, '');
const STYLES = 'body{margin:0}.hero{color:#14532d}';
/** The classic scripts a page runs as soon as they arrive (<script async src>). */
const earlyScripts = (html: string) =>
  [...html.matchAll(/<script async fetchpriority="high" src="([^"]+)"><\/script>/g)].map((m) => m[1]);
const imagePreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);

async function writeClient(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  await writeFile(path.join(dir, 'assets/HomePage-h1.js'), SCRIPT);
  await writeFile(path.join(dir, 'assets/HomePage-h1.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'assets/HomePage-h1.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(dir, 'assets/plain-x1.css'), 'body{margin:0}');
  await writeFile(path.join(dir, 'assets/index-c1.css'), `${STYLES}\n`);
}

describe('storefront pages: index.html with the data, code and picture the page shows first', () => {
  let ctx: TestContext;
  let clientDir: string;
  let http: ReturnType<typeof request>;
  let adminToken: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    clientDir = await mkdtemp(path.join(tmpdir(), 'kesh-pages-'));
    await writeClient(clientDir);
    const app = createApp({ ...ctx.deps, clientDir });
    http = request(app);
    adminToken = (await createAdminToken(ctx)).token;
  });
  afterAll(async () => {
    await ctx.close();
    await rm(clientDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await Promise.all([Slider.deleteMany({}), MainCategory.deleteMany({}), GalleryItem.deleteMany({})]);
    // A write through the API moves the storefront's version itself; these writes behind its back say so.
    await storefrontChanged();
  });

  const page = (url: string) => http.get(url).set('Accept', 'text/html');

  it('home carries the sliders and products the API answers, preloads its code and the first slide', async () => {
    await Slider.create({
      title: 'Pure',
      description: 'Oils',
      imageKey: 'hero-a1.jpg',
      imageVariants: [800, 1600],
      slot: 0,
    });
    await Slider.create({
      title: 'Second',
      description: 'Packs',
      imageKey: 'hero-b2.jpg',
      imageVariants: [800],
      slot: 1,
    });
    await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900, offerPricePaise: 39900 });
    await storefrontChanged();

    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept\b/);

    const data = initialData(res.text);
    expect(data.sliders).toEqual((await http.get('/sliders/getSliders')).body);
    expect(data.featuredProducts).toEqual((await http.get('/api/main-category/newest')).body);
    expect(data.featuredProducts?.map((p) => p.title)).toEqual(['Bhringraj Oil']);
    expect(data.shop).toEqual((await http.get('/api/shop')).body);
    expect(data.gallery).toBeUndefined();

    // What index.html preloads itself stays; the page's code waits in an inert template.
    expect(modulePreloads(withoutPageModules(res.text))).toEqual(['/assets/react-r1.js']);
    // The app shell first (boot.tsx imports it once React is in), then the page's own code.
    expect(pageModules(res.text)).toEqual([
      '/assets/shell-x1.js',
      '/assets/app-a1.js',
      '/assets/HomePage-h1.js',
      '/assets/SafeImage-s1.js',
      '/assets/i18n-home1.js',
      '/assets/i18n-catalog1.js',
    ]);
    expect(imagePreloads(res.text)).toEqual([
      `<link rel="preload" as="image" href="/uploads/hero-a1.jpg" imagesrcset="/uploads/hero-a1-w800.webp 800w, /uploads/hero-a1-w1600.webp 1600w" imagesizes="${IMAGE_SIZES.hero}" fetchpriority="high">`,
    ]);
    // The stylesheet is in the page: nothing but the HTML and the picture before the first paint.
    expect(res.text).toContain(
      `<style>${STYLES}</style><link rel="stylesheet" crossorigin href="/assets/index-c1.css" disabled>`,
    );
    expect(res.text.match(/rel="stylesheet"/g)).toHaveLength(1);
    // The additions sit inside <head> and <body>, the rest of the file is untouched.
    expect(res.text.indexOf('fetchpriority="high"')).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('keeps an owner-written title from closing the script or acting as a replacement pattern', async () => {
    const title = '</script><script>alert(1)</script> $& $` Oil <!--';
    await MainCategory.create({ title, mainPricePaise: 10000, offerPricePaise: 9000 });
    await storefrontChanged();

    const res = await page('/products');
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).not.toContain('<!--');
    expect(res.text.match(/<\/script>/g)).toHaveLength(2);
    expect(initialData(res.text).productPage?.page.items[0]?.title).toBe(title);
  });

  it('shows an owner edit on the next page load, and answers an unchanged page with 304', async () => {
    const first = await page('/');
    expect(initialData(first.text).sliders).toEqual([]);
    const again = await page('/').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);

    const added = await http
      .post('/sliders/addSlider')
      .set(bearer(adminToken))
      .field('title', 'Monsoon care')
      .field('description', 'New')
      .attach('image', await gifImage(), 'hero.gif');
    expect(added.status).toBe(201);

    const after = await page('/').set('If-None-Match', first.headers.etag!);
    expect(after.status).toBe(200);
    expect(initialData(after.text).sliders?.map((s) => s.title)).toEqual(['Monsoon care']);
  });

  it('answers a kept page with the headers, log line and metrics of a freshly made one', async () => {
    const lines: { msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    // The listener: a kept page is answered by the fast lane (middleware/fast-lane.ts), ahead of the app.
    const own = request(createRequestListener({ ...ctx.deps, clientDir, logger }).listener);
    const pageRequests = async (status: string) => {
      const text = (await own.get('/metrics')).text;
      const line = text
        .split('\n')
        .find((l) => l.startsWith('http_requests_total{method="GET",route="/^') && l.includes(status));
      return Number(line?.split(' ').at(-1) ?? 0);
    };
    const [ok, notModified] = [await pageRequests('2xx'), await pageRequests('3xx')];
    await storefrontChanged();
    const sent = (res: request.Response) => {
      const { date: _date, ...headers } = res.headers;
      return headers;
    };
    for (const encoding of ['br', 'gzip', 'identity']) {
      const get = () => own.get('/contact').set('Accept', 'text/html').set('Accept-Encoding', encoding);
      const made = await get();
      const kept = await get();
      expect(made.status).toBe(200);
      expect(sent(kept)).toEqual(sent(made));
      expect(kept.headers['content-security-policy']).toContain("default-src 'self'");
      expect(kept.headers.vary).toBe('Accept, Cookie, Accept-Language, Accept-Encoding');
      const again = await get().set('If-None-Match', made.headers.etag!);
      expect(again.status).toBe(304);
      expect(again.headers['content-security-policy']).toBe(made.headers['content-security-policy']);
    }
    expect(await pageRequests('2xx')).toBe(ok + 6);
    expect(await pageRequests('3xx')).toBe(notModified + 3);
    const logged = lines.filter((l) => l.msg === 'request completed' && l.req?.url === '/contact');
    expect(logged.map((l) => l.res?.statusCode)).toEqual([200, 200, 304, 200, 200, 304, 200, 200, 304]);
  });

  it('answers a kept page to HEAD, If-None-Match: * and weighted encodings as HTTP says', async () => {
    const get = () => page('/contact').set('Accept-Encoding', 'gzip;q=1, br;q=0');
    const made = await get();
    const kept = await get();
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(kept.headers['content-length']).toBe(made.headers['content-length']);
    const head = await http.head('/contact').set('Accept', 'text/html').set('Accept-Encoding', 'gzip;q=1, br;q=0');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(made.headers['content-length']);
    expect(head.headers.etag).toBe(made.headers.etag);
    expect(head.text).toBeUndefined();
    expect((await page('/contact').set('If-None-Match', '*')).status).toBe(304);
    const plain = await page('/contact').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
  });

  it('answers every kept page and list ahead of the app exactly as the app does', async () => {
    const neem = await MainCategory.create({ title: 'Neem', imageKey: 'neem-2.jpg', imageVariants: [400] });
    await Slider.create({ title: 'Monsoon care', description: 'New', imageKey: 'hero.jpg', slot: 0 });
    await GalleryItem.create({ imageKey: 'g1.jpg' });
    await storefrontChanged();
    const { app, listener } = createRequestListener({ ...ctx.deps, clientDir });
    const servers = [createServer(app), createServer(listener)];
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
    const ports = servers.map((s) => (s.address() as AddressInfo).port);
    /** Status, headers in the order sent (but the Date) and body bytes. */
    const ask = (port: number, url: string, headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status: number; headers: string[]; body: string }>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const sent = res.rawHeaders.flatMap((v, i, all) =>
              i % 2 === 0 && v !== 'Date' ? [`${v}: ${all[i + 1]}`] : [],
            );
            resolve({ status: res.statusCode!, headers: sent, body: Buffer.concat(chunks).toString('base64') });
          });
        });
        req.on('error', reject).end();
      });
    const keptAnswers = async () =>
      (await metricsRegistry.getSingleMetric('http_kept_answers_total')!.get()).values[0]?.value ?? 0;
    const html = { Accept: 'text/html,application/xhtml+xml' };
    const json = { Accept: 'application/json' };
    const targets: [string, Record<string, string>][] = [
      ['/', html],
      ['/products', html],
      ['/products/', html],
      [`/products?id=${String(neem._id)}`, html],
      ['/products?page=1&sort=newest', html],
      ['/gallery', html],
      ['/contact', html],
      ['/termsandconditions', html],
      // The page's language from the address, the cookie or the browser's languages.
      ['/?lang=gu', html],
      ['/products', { ...html, Cookie: 'lang=hi; token=someone-elses' }],
      ['/contact', { ...html, 'Accept-Language': 'gu-IN,gu;q=0.9' }],
      // A page left to the browser is one HTML for every address of its kind.
      ['/admin/orders', html],
      ['/admin/orders?status=Delivered&page=2', html],
      ['/cart', { ...html, 'Accept-Language': 'hi' }],
      ['/api/main-category', {}],
      ['/gallery/', json],
      ['/gallery', json],
    ];
    try {
      for (const [url, headers] of targets) {
        const first = await ask(ports[0]!, url, { ...headers, 'Accept-Encoding': 'br' });
        expect(first.status, url).toBe(200);
        const etag = first.headers.find((h) => h.startsWith('ETag: '))!.slice('ETag: '.length);
        const asks: [Record<string, string>, string?][] = [
          ...['br', 'gzip', 'gzip, deflate, br', 'identity', 'gzip;q=0.5, br;q=0'].map(
            (encoding): [Record<string, string>] => [{ ...headers, 'Accept-Encoding': encoding }],
          ),
          [headers],
          [{ ...headers, 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': etag }],
          [{ ...headers, 'If-None-Match': '*' }],
          [{ ...headers, 'Accept-Encoding': 'br' }, 'HEAD'],
        ];
        for (const [sent, method] of asks) {
          const before = await keptAnswers();
          const fast = await ask(ports[1]!, url, sent, method);
          expect(await keptAnswers(), `${url} ${JSON.stringify(sent)} answered ahead of the app`).toBe(before + 1);
          expect(fast, `${url} ${JSON.stringify(sent)} ${method ?? ''}`).toEqual(
            await ask(ports[0]!, url, sent, method),
          );
        }
      }
      // Not kept, or not the lane's: a search, a cross-origin call, a POST, an address with a query of its own.
      const before = await keptAnswers();
      for (const [url, headers] of [
        ['/products?q=neem', html],
        ['/api/main-category', { Origin: 'https://elsewhere.example' }],
        ['/api/main-category?page=1', {}],
        ['/contact?utm_source=mail', html],
      ] as const) {
        expect(await ask(ports[1]!, url, headers), url).toEqual(await ask(ports[0]!, url, headers));
      }
      expect(await keptAnswers()).toBe(before);

      // An edit is on the next page the lane answers.
      await MainCategory.updateOne({ _id: neem._id }, { title: 'Neem Comb' });
      await storefrontChanged();
      const after = await ask(ports[1]!, '/products', html);
      expect(Buffer.from(after.body, 'base64').toString()).toContain('Neem Comb');
    } finally {
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    }
  });

  it('products preloads the first card, or the product a shared link opens', async () => {
    await MainCategory.create({ title: 'Amla', imageKey: 'amla-1.jpg', imageVariants: [400, 800] });
    const neem = await MainCategory.create({ title: 'Neem', imageKey: 'neem-2.jpg', imageVariants: [400] });
    await storefrontChanged();

    const list = await page('/products');
    expect(pageModules(list.text)).toEqual([
      '/assets/shell-x1.js',
      '/assets/app-a1.js',
      '/assets/ProductsPage-p1.js',
      '/assets/SafeImage-s1.js',
      '/assets/i18n-catalog1.js',
    ]);
    expect(imagePreloads(list.text)).toHaveLength(1);
    expect(imagePreloads(list.text)[0]).toContain('href="/uploads/amla-1.jpg"');
    expect(imagePreloads(list.text)[0]).toContain(`imagesizes="${IMAGE_SIZES.productCard}"`);

    const detail = await page(`/products?id=${String(neem._id)}`);
    expect(imagePreloads(detail.text)).toEqual([
      `<link rel="preload" as="image" href="/uploads/neem-2.jpg" imagesrcset="/uploads/neem-2-w400.webp 400w" imagesizes="${IMAGE_SIZES.productDetail}" fetchpriority="high">`,
    ]);
    // A product that is gone: the page shows the first page of products under a notice.
    const gone = imagePreloads((await page('/products?id=000000000000000000000000')).text);
    expect(gone).toHaveLength(1);
    expect(gone[0]).toContain('href="/uploads/amla-1.jpg"');
  });

  it('gallery carries the images and preloads the first row; other pages carry only the shop', async () => {
    for (const key of ['g1.jpg', 'g2.jpg', 'g3.jpg']) await GalleryItem.create({ imageKey: key });
    await storefrontChanged();

    const gallery = await page('/gallery');
    expect(initialData(gallery.text).gallery).toEqual(
      (await http.get('/gallery/').set('Accept', 'application/json')).body,
    );
    expect(imagePreloads(gallery.text).map((l) => /href="([^"]+)"/.exec(l)?.[1])).toEqual([
      '/uploads/g1.jpg',
      '/uploads/g2.jpg',
    ]);

    // The same page with a trailing slash.
    expect(initialData((await page('/gallery/')).text).gallery).toHaveLength(3);

    const contact = await page('/contact');
    expect(Object.keys(initialData(contact.text))).toEqual(['language', 'shop']);
    expect(imagePreloads(contact.text)).toEqual([]);
    expect(pageModules(contact.text)).toEqual(['/assets/shell-x1.js', '/assets/app-a1.js']);
    // A page left to the browser shows nothing before its code runs: the app shell is preloaded at once.
    const cart = (await page('/cart')).text;
    expect(pageModules(cart)).toEqual([]);
    expect(modulePreloads(cart)).toEqual([
      '/assets/react-r1.js',
      '/assets/boot-b1.js',
      '/assets/shell-x1.js',
      '/assets/app-a1.js',
    ]);
  });

  it('admin pages preload the panel, the screen and its words with the shell, not one import after another', async () => {
    const orders = (await page('/admin/orders?status=Delivered').set('Accept-Language', 'hi')).text;
    expect(pageModules(orders)).toEqual([]);
    // The orders screen brings the admin words of every language.
    expect(modulePreloads(orders)).toEqual([
      '/assets/react-r1.js',
      '/assets/boot-b1.js',
      '/assets/shell-x1.js',
      '/assets/app-a1.js',
      '/assets/AdminApp-a1.js',
      '/assets/queries-q1.js',
      '/assets/query-core-k1.js',
      '/assets/OrdersPage-o1.js',
      '/assets/admin-en1.js',
      '/assets/admin-hi1.js',
      '/assets/admin-mr1.js',
      '/assets/admin-gu1.js',
    ]);
    // Another screen: its own code and the admin words in the page's language.
    expect(modulePreloads((await page('/admin/dashboard').set('Accept-Language', 'hi')).text).slice(2)).toEqual([
      '/assets/shell-x1.js',
      '/assets/app-a1.js',
      '/assets/AdminApp-a1.js',
      '/assets/queries-q1.js',
      '/assets/query-core-k1.js',
      '/assets/DashboardPage-d1.js',
      '/assets/admin-hi1.js',
    ]);
    // The sign-in page and an address the panel does not know: the panel alone.
    for (const url of ['/admin', '/admin/nowhere/else'])
      expect(modulePreloads((await page(url)).text).slice(4), url).toEqual([
        '/assets/AdminApp-a1.js',
        '/assets/queries-q1.js',
        '/assets/query-core-k1.js',
        '/assets/admin-en1.js',
      ]);
  });

  it('the orders screen’s HTML asks for its rows first, by a script that reads any of its addresses', async () => {
    for (const url of [
      '/admin/orders',
      '/admin/orders/',
      '/admin/orders?status=Delivered&page=2',
      '/admin/orders?q=asha&from=2026-11-01&limit=50',
    ]) {
      const html = (await page(url)).text;
      expect(earlyScripts(html), url).toEqual(['/assets/orders-early-e1.js']);
      // Opening <head>, ahead of the app's entry and modules, so the browser asks for it first.
      const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
      expect(head.indexOf('orders-early-e1.js'), url).toBeGreaterThan(-1);
      expect(head.indexOf('orders-early-e1.js'), url).toBeLessThan(head.indexOf('<script type="module"'));
      // Its request goes ahead of the screen's code, which waits for a connection after it.
      const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      // index.html's own preload aside, every one the server adds waits for the early request.
      const added = preloads.filter((link) => !link.includes('/assets/react-r1.js"'));
      expect(added.length, url).toBeGreaterThan(0);
      expect(
        added.filter((link) => !link.endsWith(' fetchpriority="low">')),
        url,
      ).toEqual([]);
    }
    expect((await page('/admin/dashboard')).text).not.toContain('fetchpriority="low"');
    for (const url of [
      '/admin',
      '/admin/dashboard',
      '/admin/usermanagment',
      '/admin/nowhere',
      '/cart',
      '/',
      '/products',
    ])
      expect(earlyScripts((await page(url)).text), url).toEqual([]);
  });

  it('sends the build’s brotli or gzip copy of a script to a browser that accepts it', async () => {
    const br = await http.get('/assets/HomePage-h1.js').set('Accept-Encoding', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.text).toBe(SCRIPT);

    const gz = await http.get('/assets/HomePage-h1.js').set('Accept-Encoding', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(SCRIPT);

    const plain = await http.get('/assets/HomePage-h1.js').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text).toBe(SCRIPT);

    const css = await http.get('/assets/plain-x1.css').set('Accept-Encoding', 'br');
    expect(css.status).toBe(200);
    expect(css.text).toBe('body{margin:0}');

    // A compressed copy that went missing after start: the original is sent instead (compressed on
    // the fly), not an error.
    await rm(path.join(clientDir, 'assets/HomePage-h1.js.gz'));
    const fallback = await http.get('/assets/HomePage-h1.js').set('Accept-Encoding', 'gzip;q=1, br;q=0');
    expect(fallback.status).toBe(200);
    expect(fallback.text).toBe(SCRIPT);
  });
});

describe('storefront pages when the catalogue cannot be read', () => {
  let ctx: TestContext;
  let clientDir: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    clientDir = await mkdtemp(path.join(tmpdir(), 'kesh-pages-'));
    await writeClient(clientDir);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const storefront = watchStorefrontVersion({ recheckMs: Infinity });
  const failing = () => cachedJson<never[]>(() => Promise.reject(new Error('database unreachable')), storefront);
  const hanging = () => cachedJson<never[]>(() => new Promise<never[]>(() => undefined), storefront);
  const empty = () => cachedJson<never[]>(() => Promise.resolve([]), storefront);

  it('still serve the page without the list that failed, so the client shows its own error', async () => {
    const app = express().use(
      clientRoutes(
        { ...ctx.deps, clientDir },
        { sliders: failing(), products: failing(), gallery: failing(), storefront },
      ).router,
    );
    const res = await request(app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(Object.keys(initialData(res.text))).toEqual(['language', 'shop', 'featuredProducts']);
    expect(imagePreloads(res.text)).toEqual([]);
    expect(pageModules(res.text)).toContain('/assets/HomePage-h1.js');
  });

  it('do not wait for a database that hangs, and keep the lists that did load', async () => {
    const app = express().use(
      clientRoutes(
        { ...ctx.deps, clientDir },
        { sliders: hanging(), products: empty(), gallery: hanging(), storefront },
        { dataWaitMs: 50 },
      ).router,
    );
    const started = Date.now();
    const res = await request(app).get('/').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(initialData(res.text)).toMatchObject({ featuredProducts: [] });
    expect(initialData(res.text).sliders).toBeUndefined();
  });
});
