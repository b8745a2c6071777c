import { LANGUAGES, addressInLanguage, languageAlternates } from '@kesh/shared';
import { MainCategory } from '../catalog/index.js';

/** Storefront pages worth indexing; carts, checkout, dashboards and admin screens are private. */
export const INDEXED_PAGES = [
  { path: '/', changefreq: 'weekly', priority: '1.0' },
  { path: '/products', changefreq: 'daily', priority: '0.9' },
  { path: '/profile', changefreq: 'monthly', priority: '0.6' },
  { path: '/gallery', changefreq: 'weekly', priority: '0.6' },
  { path: '/contact', changefreq: 'monthly', priority: '0.6' },
  { path: '/termsandconditions', changefreq: 'yearly', priority: '0.3' },
  { path: '/cancellation-refunds', changefreq: 'yearly', priority: '0.3' },
  { path: '/privacyandpolicy', changefreq: 'yearly', priority: '0.3' },
] as const;

export const PRIVATE_PATHS = ['/admin', '/api/', '/cart', '/shipping', '/userdashbord'] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** The product list changes when the owner edits the catalogue; its lastmod says when. */
async function catalogueUpdatedAt(): Promise<Date | undefined> {
  const newest = await MainCategory.findOne({}, { updatedAt: 1 }).sort({ updatedAt: -1 }).lean();
  return newest?.updatedAt ?? undefined;
}

/**
 * Each page once per language (`?lang=`) and once as the x-default (the shopper's own language),
 * every entry naming all of them as its `hreflang` alternates. Product pages are not listed, so
 * the sitemap reads no product: a crawler reaches them from /products, and each kept page names
 * its own alternates in <head> (modules/pages/language-alternates.ts).
 */
export async function sitemapXml(publicUrl: string): Promise<string> {
  const productsChanged = await catalogueUpdatedAt();
  const urls = INDEXED_PAGES.flatMap(({ path, changefreq, priority }) => {
    const lastmod =
      path === '/products' && productsChanged ? `<lastmod>${productsChanged.toISOString()}</lastmod>` : '';
    const alternates = languageAlternates(path)
      .map((a) => `<xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(publicUrl + a.address)}"/>`)
      .join('');
    const addresses = [addressInLanguage(path), ...LANGUAGES.map(({ code }) => addressInLanguage(path, code))];
    return addresses.map(
      (address) =>
        `  <url><loc>${escapeXml(publicUrl + address)}</loc>${lastmod}<changefreq>${changefreq}</changefreq><priority>${priority}</priority>${alternates}</url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
