import { Router, type Request } from 'express';
import {
  MESSAGES,
  cartAddVariantSchema,
  cartRemoveVariantSchema,
  cartUpdateVariantSchema,
  type CartResponse,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireCustomer } from '../../middleware/auth.js';
import { requireJsonBody } from '../../middleware/media-type.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import { CART_MESSAGES, addToCart, cartReads, clearCart, loadCart, removeFromCart, updateQuantity } from './service.js';

export function cartRoutes({ config }: AppDeps, storefront: StorefrontVersion): Router {
  // Another process sharing the database could change a cart without this one knowing; the
  // catalogue's changes reach every process through the storefront's version.
  const reads = cartReads(!config.db.uri, storefront);
  /** Every mutation answers the fresh cart, so the client can redraw without a second call. */
  const freshCart = async (req: Request, message: string): Promise<CartResponse> => ({
    ...(await loadCart(authOf(req).sub, reads)),
    message,
  });
  const router = Router();
  router.use(requireJsonBody);
  router.use(requireCustomer(config.jwtSecret));

  router.get('/cart', async (req, res) => {
    res.json(await loadCart(authOf(req).sub, reads));
  });

  // A line is its product and variant (docs/variants.md); the spec's bodies without a variant still work.
  router.post('/add-to-cart', validateBody(cartAddVariantSchema), async (req, res) => {
    const { productId, quantity, variantId } = bodyOf(cartAddVariantSchema, req.body);
    await addToCart(authOf(req).sub, productId, quantity, variantId);
    res.json(await freshCart(req, MESSAGES.addedToCart));
  });

  router.post('/update-quantity', validateBody(cartUpdateVariantSchema), async (req, res) => {
    const { productId, quantity, variantId } = bodyOf(cartUpdateVariantSchema, req.body);
    await updateQuantity(authOf(req).sub, productId, quantity, variantId);
    res.json(await freshCart(req, CART_MESSAGES.updated));
  });

  router.post('/remove-from-cart', validateBody(cartRemoveVariantSchema), async (req, res) => {
    const { productId, variantId } = bodyOf(cartRemoveVariantSchema, req.body);
    await removeFromCart(authOf(req).sub, productId, variantId);
    res.json(await freshCart(req, CART_MESSAGES.removed));
  });

  router.post('/clear-cart', async (req, res) => {
    await clearCart(authOf(req).sub);
    res.json(await freshCart(req, CART_MESSAGES.cleared));
  });

  return router;
}
