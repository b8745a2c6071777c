import { Router } from 'express';
import { MESSAGES, productListQuerySchema, type Product } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { publicListCache } from '../../middleware/public-cache.js';
import { cachedJson, type CachedJson } from '../../lib/response-cache.js';
import { queryOf } from '../../middleware/validate.js';
import { CATEGORY_IMAGE_KINDS, CATEGORY_IMAGE_MESSAGES, imageUpload } from '../../middleware/upload.js';
import {
  categoryIdOf,
  categoryValues,
  createCategory,
  deleteCategory,
  listCategories,
  searchCategories,
  updateCategory,
} from './service.js';

/** Main categories, shown to shoppers as products: /api/main-category (spec section 7). */
export function catalogRoutes(
  { config, storage, logger }: AppDeps,
  products: CachedJson<Product[]> = cachedJson(listCategories),
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

  router.use(products.invalidateOnWrite);
  // ?q= and ?sort= (the products page's search box and sort select); without them, the cached list.
  router.get('/', publicListCache, async (req, res, next) => {
    const query = queryOf(productListQuerySchema, req.query);
    if (!query.q?.trim() && !query.sort) {
      await products.send(req, res, next);
      return;
    }
    res.json(await searchCategories(query, async () => (await products.current()).value));
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

  router.delete('/:id', admin, async (req, res) => {
    const product = await deleteCategory(deps, req.params.id);
    res.json({ message: MESSAGES.categorySaved(product.title, 'deleted'), category: product });
  });

  return router;
}
