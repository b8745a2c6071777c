import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';

const PUBLIC_URL = 'https://keshayurveda.example';

describe('robots.txt and sitemap.xml', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp({ PUBLIC_URL: `${PUBLIC_URL}/` });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await MainCategory.deleteMany({});
  });

  it('serves robots.txt that keeps crawlers out of private pages and names the sitemap', async () => {
    const res = await ctx.http.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/api/', '/cart', '/shipping', '/userdashbord']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /products');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists every public page with absolute URLs from PUBLIC_URL', async () => {
    const res = await ctx.http.get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(res.text).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const locs = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      [
        '/',
        '/products',
        '/profile',
        '/gallery',
        '/contact',
        '/termsandconditions',
        '/cancellation-refunds',
        '/privacyandpolicy',
      ].flatMap((p) => ['', '?lang=en', '?lang=hi', '?lang=mr', '?lang=gu'].map((lang) => PUBLIC_URL + p + lang)),
    );
    expect(res.text).not.toContain('/admin');
    expect(res.text).not.toContain('/cart');
  });

  it('dates the product list by the newest catalogue change', async () => {
    expect((await ctx.http.get('/sitemap.xml')).text).not.toContain('<lastmod>');
    await MainCategory.create({ title: 'Amla Oil' });
    const newest = await MainCategory.create({ title: 'Neem Shampoo' });
    const res = await ctx.http.get('/sitemap.xml');
    expect(res.text).toContain(`<loc>${PUBLIC_URL}/products</loc><lastmod>${newest.updatedAt.toISOString()}</lastmod>`);
    expect(res.text).toContain(
      `<loc>${PUBLIC_URL}/products?lang=gu</loc><lastmod>${newest.updatedAt.toISOString()}</lastmod>`,
    );
  });

  it('names every language of a page and the x-default as its hreflang alternates', async () => {
    const res = await ctx.http.get('/sitemap.xml');
    const entries = res.text.split('\n').filter((line) => line.includes('<loc>'));
    const gallery = entries.filter((line) => line.includes(`<loc>${PUBLIC_URL}/gallery`));
    expect(gallery).toHaveLength(5);
    for (const entry of gallery) {
      const links = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)];
      expect(links.map(([, hreflang, href]) => [hreflang, href])).toEqual([
        ['en', `${PUBLIC_URL}/gallery?lang=en`],
        ['hi', `${PUBLIC_URL}/gallery?lang=hi`],
        ['mr', `${PUBLIC_URL}/gallery?lang=mr`],
        ['gu', `${PUBLIC_URL}/gallery?lang=gu`],
        ['x-default', `${PUBLIC_URL}/gallery`],
      ]);
    }
  });

  it('lets crawlers and proxies cache both files for an hour', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml']) {
      const res = await ctx.http.get(path);
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
    }
  });
});
