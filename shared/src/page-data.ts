import type { GalleryItem, Product, Slider } from './schemas.js';
import type { LanguageCode } from './constants.js';
import type { ShopSettings } from './shop.js';
import type { ProductSort } from './catalog.js';
import type { Page } from './paging.js';

/** Products shown on one page of /products: a page of this size, more with "Show more". */
export const PRODUCTS_PER_PAGE = 24;

/**
 * One page of /products (`?page=`, with the search's `?q=&sort=`): the answer of
 * GET /api/main-category?page=&limit=24&q=&sort=, and the address it answers.
 */
export interface ProductPageData {
  q: string;
  sort: ProductSort | '';
  page: Page<Product>;
}

/**
 * The first screen of a storefront page, sent inside its HTML: the server writes the lists the page
 * shows into `<script type="application/json" id="initial-data">`, so the client renders them
 * without asking the API again. Each field is the exact body its API call would answer.
 */
export interface InitialData {
  /** The language the server rendered the page in; the client hydrates in the same one. */
  language?: LanguageCode;
  shop?: ShopSettings;
  sliders?: Slider[];
  gallery?: GalleryItem[];
  /** Home: the newest products (GET /api/main-category/newest). */
  featuredProducts?: Product[];
  /** /products: the page of products the address asks for. */
  productPage?: ProductPageData;
  /** /products?id=: that product (GET /api/main-category/:id). */
  product?: Product;
  /** /products?id= of a product there is none of (any more): the page says so above `productPage`. */
  missingProduct?: string;
}

export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/** An inert <template> of modulepreload links: the page's own code, fetched once the page has painted. */
export const PAGE_MODULES_ELEMENT_ID = 'page-modules';

/**
 * The storefront's <footer>, which follows the page's content. A server-rendered page holds its first
 * paint until the footer's start tag is parsed (`<link rel="expect" blocking="render">`; Chromium
 * releases it there), so the first screen is never painted half-parsed: a slow phone's parser pauses
 * anywhere, and a half-parsed header or hero moved its buttons and centred text as the rest arrived
 * (a layout shift of up to 0.11 on the home page). Measured: first paint no later, largest paint earlier.
 */
export const FOOTER_ELEMENT_ID = 'site-footer';

/**
 * The contract between the server and the client's server-render bundle (client/src/entry-server.tsx,
 * built to client/dist-ssr): the server passes the page's address, language and the same data it
 * writes into the page; the bundle answers the markup of <div id="root"> and what <head> needs.
 */
export interface PageRenderRequest {
  /** Path and query, e.g. "/products?id=…". */
  url: string;
  language: LanguageCode;
  data: InitialData;
}
export interface RenderedPageBody {
  html: string;
  /** The tab title and meta description the page sets (usePageMeta). */
  title: string;
  description: string;
  /** 404 when the address matched no page (the "not found" page was rendered), 400 for a bad ?page=. */
  status: PageStatus;
}
export type PageStatus = 200 | 400 | 404;
export type RenderPage = (request: PageRenderRequest) => Promise<RenderedPageBody>;

/**
 * The `sizes` of each storefront picture. The server preloads a page's largest picture with the same
 * srcset and sizes as the client's <img>, so the browser uses the preloaded file instead of a second.
 */
export const IMAGE_SIZES = {
  hero: '100vw',
  /** A card in the 1/2/3-column grids of max-w-7xl pages (products page, featured products). */
  productCard:
    '(min-width: 1280px) 390px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 4.5rem) / 2), calc(100vw - 2rem)',
  productDetail: '(min-width: 1024px) 532px, calc(100vw - 2rem)',
  /** A tile in the 2/3/4-column gallery grid of the max-w-7xl section. */
  galleryTile:
    '(min-width: 1280px) 293px, (min-width: 1024px) calc((100vw - 6.75rem) / 4), (min-width: 768px) calc((100vw - 5.5rem) / 3), calc((100vw - 2.75rem) / 2)',
} as const;

/** Gallery tiles in the first screen on a phone (two rows of two): loaded at once, not lazily. */
export const GALLERY_EAGER_TILES = 4;
