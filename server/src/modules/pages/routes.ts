import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import express, { type Request } from 'express';
import {
  IMAGE_SIZES,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_SWITCH_PATH,
  LANGUAGES,
  negotiateLanguage,
  PAGE_LANGUAGE_PARAM,
  type GalleryItem,
  type LanguageCode,
  type Product,
  type RenderedPageBody,
  type Slider,
  withoutPageLanguage,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import type { CachedEntry, CachedJson } from '../../lib/response-cache.js';
import type { WatchedStorefrontVersion } from '../../lib/storefront-version.js';
import { keptShape, type KeptAnswer, type KeptLookup } from '../../middleware/fast-lane.js';
import { withTimeout } from '../../lib/timeout.js';
import { INDEXED_PAGES, PRIVATE_PATHS } from '../seo/index.js';
import { shopSettings } from '../shop/index.js';
import { featuredData, keptAddress, productsPageData, type CatalogueData } from './catalogue-data.js';
import { chunkFiles, readManifest } from './manifest.js';
import { compressedPage, PAGE_SEND_OPTIONS, pageCache, sendPage, type RenderedPage } from './page-cache.js';
import { inlineStylesheets, renderPage, type ImagePreload } from './page-html.js';
import { precompressedAssets } from './precompressed.js';
import { loadRenderer, type PageRenderer } from './renderer.js';
import { withLanguageAlternates } from './language-alternates.js';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The public lists, one cache each, shared by their API routes and the pages that show them, and
 * the storefront version they and the rendered pages are kept by.
 */
export interface PublicLists {
  sliders: CachedJson<Slider[]>;
  products: CachedJson<Product[]>;
  gallery: CachedJson<GalleryItem[]>;
  storefront: WatchedStorefrontVersion;
}
type ListName = 'sliders' | 'gallery';
interface Loaded {
  sliders?: CachedEntry<Slider[]>;
  gallery?: CachedEntry<GalleryItem[]>;
}

/**
 * The storefront pages whose first screen comes from the catalogue. Their HTML carries the lists
 * and products they show (no API round trip after the code arrives), preloads their code (the page's
 * chunk and word catalogues, named by source path in the build manifest; client/src/app/router.tsx
 * lazily loads the same modules) and their largest picture, so a phone on a slow network shows it
 * sooner. `catalogue` reads what of the catalogue the address shows: a page of it, not all of it.
 */
interface PageSpec {
  sources: readonly string[];
  /** The page's word namespaces: client/src/i18n/locales/<language>/<namespace>.json, preloaded in the page's language. */
  namespaces: readonly string[];
  lists: readonly ListName[];
  catalogue?(req: Request, all: () => Promise<Product[]>): Promise<CatalogueData>;
  images(lists: Loaded, catalogue: CatalogueData): ImagePreload[];
}

const preload = (item: { image: string | null; imageSrcSet: string | null } | undefined, sizes: string) =>
  item?.image ? [{ src: item.image, srcSet: item.imageSrcSet, sizes }] : [];

/** Gallery tiles preloaded: the first row on a phone. */
const GALLERY_PRELOADS = 2;

function textPage(pagePath: string, source: string, namespace: string): Record<string, PageSpec> {
  return { [pagePath]: { sources: [source], namespaces: [namespace], lists: [], images: () => [] } };
}

const PAGES: Record<string, PageSpec> = {
  '/': {
    sources: ['src/features/home/HomePage.tsx'],
    namespaces: ['home', 'catalog'],
    lists: ['sliders'],
    catalogue: featuredData,
    images: ({ sliders }) => preload(sliders?.value[0], IMAGE_SIZES.hero),
  },
  '/products': {
    sources: ['src/features/catalog/ProductsPage.tsx'],
    namespaces: ['catalog'],
    lists: [],
    catalogue: productsPageData,
    images: (_lists, { product, productPage }) =>
      product
        ? preload(product, IMAGE_SIZES.productDetail)
        : preload(productPage?.page.items[0], IMAGE_SIZES.productCard),
  },
  '/gallery': {
    sources: ['src/features/gallery/GalleryPage.tsx'],
    namespaces: ['gallery'],
    lists: ['gallery'],
    images: ({ gallery }) =>
      (gallery?.value.slice(0, GALLERY_PRELOADS) ?? []).flatMap((g) => preload(g, IMAGE_SIZES.galleryTile)),
  },
  // Pages whose first screen is all words: their code is preloaded, so they hydrate sooner.
  ...textPage('/profile', 'src/features/profile/ProfilePage.tsx', 'profile'),
  ...textPage('/contact', 'src/features/contact/ContactPage.tsx', 'contact'),
  ...textPage('/termsandconditions', 'src/features/policies/TermsPage.tsx', 'policies'),
  ...textPage('/cancellation-refunds', 'src/features/policies/RefundsPage.tsx', 'policies'),
  ...textPage('/privacyandpolicy', 'src/features/policies/PrivacyPage.tsx', 'policies'),
};

/**
 * The owner's panel (client/src/features/admin/AdminApp.tsx, loaded lazily by the app's router with
 * the query cache) and its screens by the address segment after /admin/. The panel's HTML names their
 * code, so the browser fetches the panel, the screen and its words alongside React instead of one
 * layer of imports after another (four round trips, each behind the previous one's evaluation).
 */
const ADMIN_PANEL = ['src/features/admin/AdminApp.tsx', 'src/app/queries.tsx'];
const ADMIN_SCREENS: Record<string, string> = {
  dashboard: 'DashboardPage',
  slider: 'SliderPage',
  'main-category': 'CategoryPage',
  gallery: 'GalleryPage',
  usermanagment: 'UsersPage',
  orders: 'OrdersPage',
  messages: 'MessagesPage',
  delivery: 'DeliveryPage',
  coupons: 'CouponsPage',
  password: 'ChangePasswordPage',
};
/** The orders screen brings the admin words of every language (an order's message is in its shopper's). */
const EVERY_LANGUAGE_SCREENS = new Set(['orders']);
/**
 * Screens whose HTML runs a classic script before the app's code: the orders screen asks for the page
 * of orders its address names as soon as the HTML is parsed (client/src/features/admin/orders-early.ts,
 * which reads the address with the screen's own function, so the HTML stays the same for every address
 * of the screen and is kept as such).
 */
const EARLY_SCRIPTS: Record<string, readonly string[]> = {
  orders: ['src/features/admin/orders-early-script.ts'],
};

/** What a page left to the browser preloads besides the app shell; `name` keys its kept HTML. */
interface ClientPageSpec {
  name: string;
  sources: readonly string[];
  /** Word namespaces in the page's language, or in every language (`everyLanguage`). */
  namespaces: readonly string[];
  everyLanguage?: boolean;
  /** Classic scripts (source paths) the page runs as soon as they arrive. */
  early?: readonly string[];
}

/**
 * The code a page left to the browser needs, by its address: the admin panel and the screen the
 * address names (one of a fixed few, so the kept HTML is too), or the app shell alone.
 */
export function clientPageSpec(pagePath: string): ClientPageSpec {
  const admin = /^\/admin(?:\/([^/]*))?/.exec(pagePath);
  if (!admin) return { name: 'shell', sources: [], namespaces: [] };
  const segment = admin[1] ?? '';
  const screen = Object.hasOwn(ADMIN_SCREENS, segment) ? ADMIN_SCREENS[segment] : undefined;
  return {
    name: `admin/${screen ?? ''}`,
    sources: [...ADMIN_PANEL, ...(screen ? [`src/features/admin/pages/${screen}.tsx`] : [])],
    namespaces: ['admin'],
    everyLanguage: EVERY_LANGUAGE_SCREENS.has(segment),
    early: Object.hasOwn(EARLY_SCRIPTS, segment) ? EARLY_SCRIPTS[segment] : [],
  };
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

/** A page made without some of its data (a list that failed or was late) is not kept. */
interface Made {
  loaded: Loaded;
  catalogue: CatalogueData;
  complete: boolean;
}

/** The storefront pages' addresses: no dot (files have one), outside the API and the uploads. */
const PAGE_ROUTE = /^\/(?!api\/|uploads\/)[^.]*$/;

/** How a kept page goes out: sendPage's headers, counted under the page route's metrics label. */
const PAGE_SHAPE = keptShape([], PAGE_SEND_OPTIONS, String(PAGE_ROUTE));

/** A browser asking for a page; /gallery/ answers a script asking for JSON with the list. */
export const wantsHtml = (req: IncomingMessage) => (req.headers.accept ?? '').includes('text/html');

/**
 * The page an address shows (`pathname`, the URL up to any '?'; `url`, the whole), its language, and the
 * key it is kept under. Only the site's own pages are kept, at their own addresses: a search, an
 * unknown address and the pages left to the browser are made per request (any number of those
 * addresses exist).
 */
function pageOf(
  pathname: string,
  url: string,
  headers: IncomingHttpHeaders,
): { pagePath: string; language: LanguageCode; key: string | undefined } {
  // "/products/" is the same page as "/products". (A loop, not /\/+$/, which is quadratic on many slashes.)
  let end = pathname.length;
  while (end > 1 && pathname[end - 1] === '/') end -= 1;
  const pagePath = pathname.slice(0, end);
  const query = url.indexOf('?');
  // Read as Express's query parser reads it (req.query): a repeated ?lang= is an array, no language.
  const named = query === -1 ? undefined : parseQuery(url.slice(query + 1))[PAGE_LANGUAGE_PARAM];
  const language = isLanguageCode(named) ? named : negotiateLanguage(headers);
  const address = INDEXED_PATHS.has(pagePath)
    ? keptAddress(pagePath, url)
    : // A page left to the browser is the same HTML for every address of its kind: kept by that kind.
      clientRendered(pagePath)
      ? `client:${clientPageSpec(pagePath).name}`
      : undefined;
  return { pagePath, language, key: address === undefined ? undefined : `${language} ${address}` };
}

/** A page of this site to return to ("/products?id=1"), never another host ("//evil", "/\\evil", "https:"). */
function sameSitePath(back: unknown): string {
  if (typeof back !== 'string' || !back.startsWith('/') || back.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  return /[\\\u0000-\u001f]/.test(back) ? '/' : back;
}

/**
 * The built client, before the API because /gallery is both a page (a browser asking for HTML) and
 * the gallery list (a script asking for JSON); the Accept header tells them apart.
 */
export function clientRoutes(
  deps: AppDeps & { clientDir: string },
  lists: PublicLists,
  { dataWaitMs = PAGE_DATA_WAIT_MS }: { dataWaitMs?: number } = {},
): { router: express.Router; keptPage: KeptLookup } {
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
  // Words are a chunk per language and namespace (client/src/i18n/locales; English common words are
  // in the shell): the page's language's common words first, its namespaces after its code.
  const wordsOf = (language: LanguageCode, namespaces: readonly string[]) =>
    chunksOf(namespaces.map((namespace) => `src/i18n/locales/${language}/${namespace}.json`));
  const commonWords = new Map(LANGUAGES.map(({ code }) => [code, wordsOf(code, ['common'])]));
  const pageWords = new Map(
    LANGUAGES.map(({ code }) => [
      code,
      new Map(Object.entries(PAGES).map(([page, spec]) => [page, wordsOf(code, spec.namespaces)])),
    ]),
  );
  // Pages left to the browser: the app (boot.tsx, which the entry imports at once on such a page, and
  // the shell), and for the admin panel its code and the screen's.
  const bootScripts = chunksOf(['src/boot.tsx']);
  const clientScripts = (language: LanguageCode, spec: ClientPageSpec) => {
    const languages = spec.everyLanguage ? LANGUAGES.map(({ code }) => code) : [language];
    return [
      ...new Set([
        ...bootScripts,
        ...shellScripts,
        ...chunksOf(spec.sources),
        ...languages.flatMap((code) => wordsOf(code, spec.namespaces)),
      ]),
    ];
  };
  const kept = pageCache();
  // Loaded with the first page to render, not at start: its thread's memory is not the idle process's.
  let loading: Promise<PageRenderer | undefined> | undefined;
  const renderer = () => (loading ??= loadRenderer(clientDir, logger));
  const { storefront } = lists;
  const { publicUrl } = deps.config.shop;

  /** Resolves within dataWaitMs: the value, or undefined (logged) when it failed or was late. */
  async function inTime<T>(promise: Promise<T>, what: string): Promise<T | undefined> {
    try {
      const value = await withTimeout(promise, dataWaitMs);
      if (value === undefined)
        logger.warn({ err: `no answer within ${dataWaitMs} ms`, list: what }, 'page served without one of its lists');
      return value;
    } catch (err) {
      logger.warn({ err, list: what }, 'page served without one of its lists');
      return undefined;
    }
  }

  /** Each list and the part of the catalogue the page shows, leaving out what failed or was late. */
  async function load(spec: PageSpec | undefined, req: Request): Promise<Made> {
    const made: Made = { loaded: {}, catalogue: {}, complete: true };
    if (!spec) return made;
    const all = async () => (await lists.products.current()).value;
    const [catalogue, ...entries] = await Promise.all([
      spec.catalogue ? inTime(spec.catalogue(req, all), 'products') : Promise.resolve({}),
      ...spec.lists.map((name) => inTime<CachedEntry<unknown[]>>(lists[name].current(), name)),
    ]);
    made.catalogue = catalogue ?? {};
    made.complete = catalogue !== undefined;
    spec.lists.forEach((name, i) => {
      if (entries[i]) Object.assign(made.loaded, { [name]: entries[i] });
      else made.complete = false;
    });
    return made;
  }

  /** The page rendered by React on the server, or undefined (no renderer, or it failed: the client renders). */
  async function serverRender(
    url: string,
    language: LanguageCode,
    data: string,
  ): Promise<RenderedPageBody | undefined> {
    const render = await renderer();
    if (!render) return undefined;
    try {
      return await render({ url, language, data });
    } catch (err) {
      logger.error({ err, url }, 'server render failed: the page is rendered in the browser');
      return undefined;
    }
  }

  async function make(req: Request, pagePath: string, language: LanguageCode, version: number) {
    const spec = PAGES[pagePath];
    const inBrowser = clientRendered(pagePath);
    // The first page starts the render thread (and its load of the bundle) while its data is read.
    const rendering = inBrowser ? undefined : renderer();
    const { loaded, catalogue, complete } = await load(spec, req);
    const ssr = rendering !== undefined && (await rendering) !== undefined;
    // The page's InitialData, as the client reads it; the render reads the same text.
    const json = [
      `"language":"${language}"`,
      `"shop":${shopJson}`,
      ...Object.entries(loaded).map(([name, entry]) => `"${name}":${entry.body}`),
      ...Object.entries(catalogue).map(([name, value]) => `"${name}":${JSON.stringify(value)}`),
    ];
    const data = `{${json.join(',')}}`;
    const body = ssr ? await serverRender(req.originalUrl, language, data) : undefined;
    const clientSpec = inBrowser ? clientPageSpec(pagePath) : undefined;
    const html = renderPage(template, {
      early: manifest && clientSpec?.early ? clientSpec.early.flatMap((source) => manifest[source]?.file ?? []) : [],
      scripts: [
        ...(commonWords.get(language) ?? []),
        ...(clientSpec ? clientScripts(language, clientSpec) : (scripts.get(pagePath) ?? shellScripts)),
        ...(pageWords.get(language)?.get(pagePath) ?? []),
      ],
      inBrowser,
      images: spec ? spec.images(loaded, catalogue) : [],
      data,
      language,
      body,
    });
    const alternates = INDEXED_PATHS.has(pagePath) ? keptAddress(pagePath, req.originalUrl) : undefined;
    const page = await compressedPage(
      withLanguageAlternates(html, publicUrl, alternates),
      body?.status ?? 200,
      version,
    );
    // A failed render or a page without some of its data is not kept: the next request tries again.
    // Nor is a link to a product that is gone: any number of such ids exist.
    const keep =
      complete && catalogue.missingProduct === undefined && page.status === 200 && (body !== undefined || !ssr);
    return { page, keep };
  }

  async function page(req: Request): Promise<RenderedPage> {
    const { pagePath, language, key } = pageOf(req.path, req.originalUrl, req.headers);
    // Read before the data, so a page is never kept under a version newer than what it shows.
    const version = await inTime(storefront.current(), 'storefront version');
    if (version === undefined || key === undefined) return (await make(req, pagePath, language, -1)).page;
    return kept.get(key, version, () => make(req, pagePath, language, version));
  }

  /**
   * A page already kept, for the fast lane (middleware/fast-lane.ts) to answer ahead of the app: a
   * request for HTML at an address whose page is kept at the current storefront version. Anything
   * else goes on to the app, whose route below makes and keeps the page.
   */
  const keptPage: KeptLookup = (req, pathname) => {
    if (!wantsHtml(req) || !PAGE_ROUTE.test(pathname)) return undefined;
    const { key } = pageOf(pathname, req.url ?? pathname, req.headers);
    if (key === undefined) return undefined;
    const at = (version: number): KeptAnswer | undefined => {
      const page = kept.peek(key, version);
      return page && { body: page, status: page.status, shape: PAGE_SHAPE };
    };
    const version = storefront.known();
    return version === undefined ? storefront.current().then(at) : at(version);
  };

  // The language selector without JavaScript (a GET form): the cookie the next pages are rendered by,
  // then back to the page it was sent from. Only a path on this site is followed back.
  router.get(LANGUAGE_SWITCH_PATH, (req, res) => {
    const { lang, back } = req.query;
    if (isLanguageCode(lang)) {
      res.cookie(LANGUAGE_COOKIE, lang, { path: '/', maxAge: LANGUAGE_COOKIE_MAX_AGE_S * 1000, sameSite: 'lax' });
    }
    res.set('Cache-Control', 'no-store').redirect(303, withoutPageLanguage(sameSitePath(back)));
  });

  router.get(PAGE_ROUTE, async (req, res, next) => {
    if (!wantsHtml(req)) {
      next();
      return;
    }
    sendPage(req, res, await page(req));
  });
  return { router, keptPage };
}
