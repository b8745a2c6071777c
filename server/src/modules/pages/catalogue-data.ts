import type { Request } from 'express';
import {
  OBJECT_ID_PATTERN,
  isLanguageCode,
  PAGE_LANGUAGE_PARAM,
  PRODUCTS_PER_PAGE,
  pageQuerySchema,
  productListQuerySchema,
  type InitialData,
  type Product,
} from '@kesh/shared';
import { findCategory, newestCategories, searchPage } from '../catalog/index.js';

/** What of the catalogue a page shows: never all of it. */
export type CatalogueData = Pick<InitialData, 'featuredProducts' | 'productPage' | 'product' | 'missingProduct'>;

/** The home page's newest products. */
export async function featuredData(): Promise<CatalogueData> {
  return { featuredProducts: await newestCategories() };
}

/**
 * What /products shows at this address: the product of `?id=` (and nothing else of the catalogue),
 * or one page of the catalogue or of the search's answer (`?page=&q=&sort=`), as
 * GET /api/main-category?page=&limit=24&q=&sort= answers it. A `?page=` that is no page number
 * gets no products: the page says so. An unknown sort is ignored, as the client ignores it.
 */
export async function productsPageData(req: Request, all: () => Promise<Product[]>): Promise<CatalogueData> {
  const { id } = req.query;
  if (id !== undefined) {
    const product = typeof id === 'string' && OBJECT_ID_PATTERN.test(id) ? await findCategory(id) : undefined;
    if (product) return { product };
    // A shared link to a product that is gone: the page says so above the first page of products.
    const page = await searchPage({ page: 1, limit: PRODUCTS_PER_PAGE }, all);
    // The id as the browser's router reads it (the first ?id=), so its query finds this answer.
    const asked = new URLSearchParams(req.originalUrl.slice(req.originalUrl.indexOf('?') + 1)).get('id') ?? '';
    return { missingProduct: asked, productPage: { q: '', sort: '', page } };
  }
  const page = pageQuerySchema.shape.page.safeParse(req.query.page);
  if (!page.success) return {};
  const sort = productListQuerySchema.shape.sort.safeParse(req.query.sort);
  const search = productListQuerySchema.safeParse({ q: req.query.q, sort: sort.success ? sort.data : undefined });
  const { q, sort: order } = search.success ? search.data : {};
  const found = await searchPage({ q, sort: order, page: page.data, limit: PRODUCTS_PER_PAGE }, all);
  return { productPage: { q: q ?? '', sort: order ?? '', page: found } };
}

/**
 * The query parameters the storefront's own links use; an address with others is not kept. A chosen
 * size or pack (`variant`) is one of a product's few; made-up ones only churn the byte-bounded LRU.
 */
const KEPT_PARAMETERS = new Set(['id', 'page', 'sort', 'variant']);

/**
 * The address under which a rendered page is kept, or undefined when it is made per request: a
 * search (`?q=`, any text) and addresses with parameters of their own (a campaign's `?utm_…`) have no
 * bound on their number. The address is kept as requested, because the page repeats it (the
 * language form's way back), and the browser must hydrate the very markup it was sent.
 */
export function keptAddress(pagePath: string, url: string): string | undefined {
  const query = url.indexOf('?');
  if (query === -1) return pagePath;
  const params = new URLSearchParams(url.slice(query + 1));
  // One of the four languages is kept on any page (the sitemap's alternates); any other ?lang= is not.
  const namesLanguage = (name: string) =>
    name === PAGE_LANGUAGE_PARAM && params.getAll(name).length === 1 && isLanguageCode(params.get(name));
  for (const name of params.keys()) {
    if (!namesLanguage(name) && (pagePath !== '/products' || !KEPT_PARAMETERS.has(name))) return undefined;
  }
  return url;
}
