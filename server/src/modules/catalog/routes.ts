import { Router } from 'express';
import { MESSAGES, pageQuerySchema, productListQuerySchema, type Page, type Product } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { publicListCache } from '../../middleware/public-cache.js';
import { cachedJson, type CachedJson } from '../../lib/response-cache.js';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import { queryOf } from '../../middleware/validate.js';
import { CATEGORY_IMAGE_KINDS, CATEGORY_IMAGE_MESSAGES, imageUpload } from '../../middleware/upload.js';
import { notFound } from '../../lib/errors.js';
import {
  CATEGORY_NOT_FOUND,
  categoryIdOf,
  categoryValues,
  createCategory,
  deleteCategory,
  findCategory,
  listCategories,
  newestCategories,
  searchCategories,
  searchPage,
  updateCategory,
} from './service.js';
import { saveVariants } from './variant-save.js';

/** Our own storefront's list: one page (?page=&limit=) of the catalogue or of the search's answer. */
const productPageQuerySchema = productListQuerySchema.extend(pageQuerySchema.shape);

/** Pages of the catalogue kept at once (each a few kB of JSON); searches (any text) are not kept. */
const KEPT_PRODUCT_PAGES = 256;

/** Main categories, shown to shoppers as products: /api/main-category (spec section 7). */
export function catalogRoutes(
  { config, storage, logger }: AppDeps,
  products: CachedJson<Product[]> = cachedJson(listCategories),
  storefront?: StorefrontVersion,
): Router {
  const router = Router();
  const admin = requireAdmin(config.jwtSecret);
  const image = imageUpload({
    field: 'image',
    maxFiles: 1,
    kinds: CATEGORY_IMAGE_KINDS,
    messages: CATEGORY_IMAGE_MESSAGES,
  });
  const deps = { storage, logger };

  const all = async () => (await products.current()).value;
  // The services record every write in the storefront's version (lib/storefront-version.ts), which
  // is what the cached list and pages are kept by.
  // ?q= and ?sort= (the products page's search box and sort select); without them, the cached list
  // (the spec's: every product). With ?page= or ?limit=, one page of either (shared Page envelope).
  // Each page of the catalogue (and of a sort) is kept like the whole list, until the catalogue changes.
  const keptPages = new Map<string, CachedJson<Page<Product>>>();
  router.get('/', publicListCache, async (req, res, next) => {
    if (req.query.page !== undefined || req.query.limit !== undefined) {
      const query = queryOf(productPageQuerySchema, req.query);
      if (query.q?.trim()) {
        res.json(await searchPage(query, all));
        return;
      }
      const key = `${query.page} ${query.limit} ${query.sort ?? ''}`;
      const page = keptPages.get(key) ?? cachedJson(() => searchPage(query, all), storefront);
      keptPages.delete(key);
      keptPages.set(key, page);
      for (const oldest of keptPages.keys()) {
        if (keptPages.size <= KEPT_PRODUCT_PAGES) break;
        keptPages.delete(oldest);
      }
      await page.send(req, res, next);
      return;
    }
    const query = queryOf(productListQuerySchema, req.query);
    if (!query.q?.trim() && !query.sort) {
      await products.send(req, res, next);
      return;
    }
    res.json(await searchCategories(query, all));
  });

  // The home page's newest products, and one product for its own page: neither reads the rest.
  const newest = cachedJson(newestCategories, storefront);
  router.get('/newest', publicListCache, newest.send);
  router.get('/:id', publicListCache, async (req, res) => {
    const product = await findCategory(req.params.id);
    if (!product) throw notFound(CATEGORY_NOT_FOUND);
    res.json(product);
  });

  router.post('/', admin, image, async (req, res) => {
    const product = await createCategory(deps, categoryValues(req.body), req.images?.[0]);
    res.status(201).json({ ...product, message: MESSAGES.categorySaved(product.title, 'added'), category: product });
  });

  router.put('/:id', admin, image, async (req, res) => {
    const id = categoryIdOf(req.params.id);
    const product = await updateCategory(deps, id, categoryValues(req.body), req.images?.[0]);
    res.json({ ...product, message: MESSAGES.categorySaved(product.title, 'updated'), category: product });
  });

  // The product's options and variants, all at once (docs/variants.md).
  router.put('/:id/variants', admin, requireJsonBody, async (req, res) => {
    res.json(await saveVariants(categoryIdOf(req.params.id), req.body));
  });

  router.delete('/:id', admin, async (req, res) => {
    const product = await deleteCategory(deps, req.params.id);
    res.json({ message: MESSAGES.categorySaved(product.title, 'deleted'), category: product });
  });

  return router;
}
