import { Router, type Request } from 'express';
import {
  MESSAGES,
  cartAddSchema,
  cartRemoveSchema,
  cartUpdateSchema,
  type CartResponse,
  type Product,
} from '@kesh/shared';
import type { CachedJson } from '../../lib/response-cache.js';
import type { AppDeps } from '../../deps.js';
import { authOf, requireCustomer } from '../../middleware/auth.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import {
  CART_MESSAGES,
  addToCart,
  clearCart,
  loadCart,
  removeFromCart,
  updateQuantity,
  type CartReadSources,
} from './service.js';

/** `products`: the storefront's kept product list (app.ts), which a cart's lines are shown from. */
export function cartRoutes({ config }: AppDeps, products?: CachedJson<Product[]>): Router {
  const sources: CartReadSources = {
    catalogue: products && (async () => (await products.kept())?.value),
    // Another process sharing the database could change a cart without this one knowing.
    keepCart: !config.db.uri,
  };
  /** Every mutation answers the fresh cart, so the client can redraw without a second call. */
  const freshCart = async (req: Request, message: string): Promise<CartResponse> => ({
    ...(await loadCart(authOf(req).sub, sources)),
    message,
  });
  const router = Router();
  router.use(requireJsonBody);
  router.use(requireCustomer(config.jwtSecret));

  router.get('/cart', async (req, res) => {
    res.json(await loadCart(authOf(req).sub, sources));
  });

  router.post('/add-to-cart', validateBody(cartAddSchema), async (req, res) => {
    const { productId, quantity } = bodyOf(cartAddSchema, req.body);
    await addToCart(authOf(req).sub, productId, quantity);
    res.json(await freshCart(req, MESSAGES.addedToCart));
  });

  router.post('/update-quantity', validateBody(cartUpdateSchema), async (req, res) => {
    const { productId, quantity } = bodyOf(cartUpdateSchema, req.body);
    await updateQuantity(authOf(req).sub, productId, quantity);
    res.json(await freshCart(req, CART_MESSAGES.updated));
  });

  router.post('/remove-from-cart', validateBody(cartRemoveSchema), async (req, res) => {
    await removeFromCart(authOf(req).sub, bodyOf(cartRemoveSchema, req.body).productId);
    res.json(await freshCart(req, CART_MESSAGES.removed));
  });

  router.post('/clear-cart', async (req, res) => {
    await clearCart(authOf(req).sub);
    res.json(await freshCart(req, CART_MESSAGES.cleared));
  });

  return router;
}
