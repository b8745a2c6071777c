import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request } from 'express';
import {
  IMAGE_SIZES,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_SWITCH_PATH,
  LANGUAGES,
  negotiateLanguage,
  productListQuerySchema,
  type GalleryItem,
  type InitialData,
  type LanguageCode,
  type Product,
  type ProductSearchData,
  type RenderedPageBody,
  type Slider,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import type { CachedEntry, CachedJson } from '../../lib/response-cache.js';
import { withTimeout } from '../../lib/timeout.js';
import { searchCategories } from '../catalog/service.js';
import { INDEXED_PAGES, PRIVATE_PATHS } from '../seo/service.js';
import { shopSettings } from '../shop/routes.js';
import { chunkFiles, readManifest } from './manifest.js';
import { inlineStylesheets, renderPage, type ImagePreload } from './page-html.js';
import { precompressedAssets } from './precompressed.js';
import { loadRenderer } from './renderer.js';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The public lists, one cache each, shared by their API routes and the pages that show them. */
export interface PublicLists {
  sliders: CachedJson<Slider[]>;
  products: CachedJson<Product[]>;
  gallery: CachedJson<GalleryItem[]>;
}
type ListName = keyof PublicLists;
interface Loaded {
  sliders?: CachedEntry<Slider[]>;
  products?: CachedEntry<Product[]>;
  gallery?: CachedEntry<GalleryItem[]>;
}

/**
 * The storefront pages whose first screen comes from the catalogue. Their HTML carries the lists
 * they show (no API round trip after the code arrives), preloads their code (the page's chunk and
 * word catalogues, named by source path in the build manifest; client/src/app/router.tsx lazily loads
 * the same modules) and their largest picture, so a phone on a slow network shows it sooner.
 */
interface PageSpec {
  sources: readonly string[];
  lists: readonly ListName[];
  images(lists: Loaded, req: Request): ImagePreload[];
}

const preload = (item: { image: string | null; imageSrcSet: string | null } | undefined, sizes: string) =>
  item?.image ? [{ src: item.image, srcSet: item.imageSrcSet, sizes }] : [];

/** Gallery tiles preloaded: the first row on a phone. */
const GALLERY_PRELOADS = 2;

function textPage(pagePath: string, ...sources: string[]): Record<string, PageSpec> {
  return { [pagePath]: { sources, lists: [], images: () => [] } };
}

const PAGES: Record<string, PageSpec> = {
  '/': {
    sources: ['src/features/home/HomePage.tsx', 'src/features/home/i18n.ts', 'src/features/catalog/i18n.ts'],
    lists: ['sliders', 'products'],
    images: ({ sliders }) => preload(sliders?.value[0], IMAGE_SIZES.hero),
  },
  '/products': {
    sources: ['src/features/catalog/ProductsPage.tsx', 'src/features/catalog/i18n.ts'],
    lists: ['products'],
    images: ({ products }, req) => {
      const id = typeof req.query.id === 'string' ? req.query.id : undefined;
      if (id === undefined) return preload(products?.value[0], IMAGE_SIZES.productCard);
      return preload(
        products?.value.find((p) => p._id === id),
        IMAGE_SIZES.productDetail,
      );
    },
  },
  '/gallery': {
    sources: ['src/features/gallery/GalleryPage.tsx', 'src/features/gallery/i18n.ts'],
    lists: ['gallery'],
    images: ({ gallery }) =>
      (gallery?.value.slice(0, GALLERY_PRELOADS) ?? []).flatMap((g) => preload(g, IMAGE_SIZES.galleryTile)),
  },
  // Pages whose first screen is all words: their code is preloaded, so they hydrate sooner.
  ...textPage('/profile', 'src/features/profile/ProfilePage.tsx', 'src/features/profile/i18n.ts'),
  ...textPage('/contact', 'src/features/contact/ContactPage.tsx', 'src/features/contact/i18n.ts'),
  ...textPage('/termsandconditions', 'src/features/policies/TermsPage.tsx', 'src/features/policies/i18n.ts'),
  ...textPage('/cancellation-refunds', 'src/features/policies/RefundsPage.tsx', 'src/features/policies/i18n.ts'),
  ...textPage('/privacyandpolicy', 'src/features/policies/PrivacyPage.tsx', 'src/features/policies/i18n.ts'),
};

interface RenderedPage {
  html: string;
  etag: string;
  /** The list entries it was made from: while they are current, the page is too. */
  from: readonly unknown[];
  /** 404 for an address that is no page (the "not found" page, rendered). */
  status: 200 | 404;
}

/**
 * How long a page waits for a list that is not in memory. A database that hangs (rather than
 * failing fast) must not hold the HTML back: without its data the page still loads at once and asks
 * the API itself, which then shows the shopper what is wrong.
 */
export const PAGE_DATA_WAIT_MS = 300;

/**
 * Pages behind a login (cart, checkout, dashboard, admin) are rendered in the browser: they show one
 * shopper's data and nothing a crawler or a script-less browser could use.
 */
const clientRendered = (pagePath: string) =>
  PRIVATE_PATHS.some((p) => pagePath === p.replace(/\/$/, '') || pagePath.startsWith(p.replace(/\/?$/, '/')));

const INDEXED_PATHS = new Set<string>(INDEXED_PAGES.map((p) => p.path));

/** A page of this site to return to ("/products?id=1"), never another host ("//evil", "/\\evil", "https:"). */
function sameSitePath(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('/') || back.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  return /[\\\u0000-\u001f]/.test(back) ? '/' : back;
}

const strongEtag = (html: string) => `"${createHash('sha1').update(html).digest('base64').slice(0, 27)}"`;

/**
 * The built client, before the API because /gallery is both a page (a browser asking for HTML) and
 * the gallery list (a script asking for JSON); the Accept header tells them apart.
 */
export function clientRoutes(
  deps: AppDeps & { clientDir: string },
  lists: PublicLists,
  { dataWaitMs = PAGE_DATA_WAIT_MS }: { dataWaitMs?: number } = {},
): express.Router {
  const { clientDir, logger } = deps;
  const router = express.Router();
  const assets = path.join(clientDir, 'assets');
  router.use('/assets', precompressedAssets(assets, ONE_YEAR_MS));
  router.use('/assets', express.static(assets, { immutable: true, maxAge: ONE_YEAR_MS }));
  const publicFiles = express.static(clientDir, { index: false, maxAge: '1h' });
  // Every file the build emits has an extension; skipping the disk lookup for the rest keeps API
  // reads off the file system (it cost the catalogue a third of its throughput).
  router.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  const template = inlineStylesheets(readFileSync(path.join(clientDir, 'index.html'), 'utf8'), (href) => {
    const file = path.join(clientDir, href);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  });
  const manifest = readManifest(clientDir);
  const shopJson = JSON.stringify(shopSettings(deps));
  // What index.html loads itself needs no preload (the bundler may split the entry into several files).
  const chunksOf = (sources: readonly string[]) =>
    manifest ? chunkFiles(manifest, sources).filter((file) => !template.includes(`/${file}"`)) : [];
  // Every page needs the app shell, which boot.tsx imports only once React is in (client/src/shell.ts):
  // named here, it downloads alongside React rather than after it.
  const shellScripts = chunksOf(['src/shell.ts']);
  const scripts = new Map(
    Object.entries(PAGES).map(([page, spec]) => [page, [...new Set([...shellScripts, ...chunksOf(spec.sources)])]]),
  );
  // The common words of a language other than English are their own chunk (client/src/i18n).
  const languageScripts = new Map(LANGUAGES.map(({ code }) => [code, chunksOf([`src/i18n/common.${code}.ts`])]));
  const rendered = new Map<string, RenderedPage>();
  const renderer = loadRenderer(clientDir, logger);

  /** Each list the page shows, unless it failed or took longer than dataWaitMs (then it is left out). */
  async function load(spec: PageSpec | undefined): Promise<Loaded> {
    const loaded: Loaded = {};
    if (!spec) return loaded;
    const settled = await Promise.allSettled(
      spec.lists.map((name) => withTimeout<CachedEntry<unknown[]>>(lists[name].current(), dataWaitMs)),
    );
    settled.forEach((outcome, i) => {
      const name = spec.lists[i]!;
      if (outcome.status === 'fulfilled' && outcome.value !== undefined) {
        Object.assign(loaded, { [name]: outcome.value });
      } else {
        const reason = outcome.status === 'rejected' ? outcome.reason : `no answer within ${dataWaitMs} ms`;
        logger.warn({ err: reason, list: name }, 'page served without one of its lists');
      }
    });
    return loaded;
  }

  /** The page rendered by React on the server, or undefined (no renderer, or it failed: the client renders). */
  async function serverRender(
    url: string,
    language: LanguageCode,
    loaded: Loaded,
    productSearch: ProductSearchData | undefined,
  ): Promise<RenderedPageBody | undefined> {
    const render = await renderer;
    if (!render) return undefined;
    const data: InitialData = { language, shop: shopSettings(deps), ...(productSearch ? { productSearch } : {}) };
    for (const [name, entry] of Object.entries(loaded)) Object.assign(data, { [name]: entry.value });
    try {
      return await render({ url, language, data });
    } catch (err) {
      logger.error({ err, url }, 'server render failed: the page is rendered in the browser');
      return undefined;
    }
  }

  /**
   * The answer of the products page's search (`?q=&sort=`), as GET /api/main-category would give it,
   * so a shared link or a script-less search form shows the result in the HTML. An address the API
   * would refuse (an unknown sort) shows the page as without it, like the client does.
   */
  async function productSearch(req: Request, products: CachedEntry<Product[]> | undefined) {
    const sort = productListQuerySchema.shape.sort.safeParse(req.query.sort);
    const query = productListQuerySchema.safeParse({ q: req.query.q, sort: sort.success ? sort.data : undefined });
    if (!query.success || !products || (!query.data.q?.trim() && !query.data.sort)) return undefined;
    try {
      const found = await withTimeout(
        searchCategories(query.data, async () => products.value),
        dataWaitMs,
      );
      if (!found) return undefined;
      return { q: query.data.q ?? '', sort: query.data.sort ?? '', products: found } satisfies ProductSearchData;
    } catch (err) {
      logger.warn({ err }, 'products page served without its search');
      return undefined;
    }
  }

  async function page(req: Request): Promise<RenderedPage> {
    // "/products/" is the same page as "/products". (A loop, not /\/+$/, which is quadratic on many slashes.)
    let end = req.path.length;
    while (end > 1 && req.path[end - 1] === '/') end -= 1;
    const pagePath = req.path.slice(0, end);
    const language = negotiateLanguage(req.headers);
    const spec = PAGES[pagePath];
    const loaded = await load(spec);
    const search = pagePath === '/products' ? await productSearch(req, loaded.products) : undefined;
    const from = spec?.lists.map((name) => loaded[name]) ?? [];
    // Only the site's own pages are kept: product details, unknown addresses and the pages left to the
    // browser are made per request (any number of those addresses exist).
    const cacheKey =
      req.query.id === undefined && !search && INDEXED_PATHS.has(pagePath) ? `${language} ${pagePath}` : undefined;
    const previous = cacheKey === undefined ? undefined : rendered.get(cacheKey);
    if (previous && previous.from.every((entry, i) => entry !== undefined && entry === from[i])) return previous;

    const ssr = !clientRendered(pagePath) && (await renderer) !== undefined;
    const body = ssr ? await serverRender(req.originalUrl, language, loaded, search) : undefined;
    const data = [
      `"language":"${language}"`,
      `"shop":${shopJson}`,
      ...Object.entries(loaded).map(([name, entry]) => `"${name}":${entry.body}`),
      ...(search ? [`"productSearch":${JSON.stringify(search)}`] : []),
    ];
    const html = renderPage(template, {
      scripts: [...(languageScripts.get(language) ?? []), ...(scripts.get(pagePath) ?? shellScripts)],
      images: spec ? spec.images(loaded, req) : [],
      data: `{${data.join(',')}}`,
      language,
      body,
    });
    const result = { html, etag: strongEtag(html), from, status: body?.status ?? 200 };
    // A failed render is not kept: the next request tries again.
    if (cacheKey !== undefined && result.status === 200 && (body || !ssr)) rendered.set(cacheKey, result);
    return result;
  }

  // The language selector without JavaScript (a GET form): the cookie the next pages are rendered by,
  // then back to the page it was sent from. Only a path on this site is followed back.
  router.get(LANGUAGE_SWITCH_PATH, (req, res) => {
    const { lang, back } = req.query;
    if (isLanguageCode(lang)) {
      res.cookie(LANGUAGE_COOKIE, lang, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_S * 1000, sameSite: 'lax' });
    }
    res.set('Cache-Control', 'no-store').redirect(303, sameSitePath(back));
  });

  router.get(/^\/(?!api\/|uploads\/)[^.]*$/, async (req, res, next) => {
    if (!(req.headers.accept ?? '').includes('text/html')) {
      next();
      return;
    }
    const { html, etag, status } = await page(req);
    // /gallery/ answers HTML or JSON by the Accept header, and a page's language follows the cookie
    // and Accept-Language: caches must keep them all apart.
    res.vary('Accept').vary('Cookie').vary('Accept-Language');
    res.status(status).set({ 'Cache-Control': 'no-cache', ETag: etag }).type('html').send(html);
  });
  return router;
}
