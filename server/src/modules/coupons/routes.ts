import { Router } from 'express';
import { COUPON_TEXTS, MESSAGES, applyCouponSchema, couponBodySchema } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { badRequest } from '../../lib/errors.js';
import { authOf, requireAdmin, requireCustomer } from '../../middleware/auth.js';
import { limiter } from '../../middleware/rate-limit.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { getCartSnapshot } from '../cart/index.js';
import { createCoupon, deleteCoupon, listCoupons, quoteCoupon, updateCoupon } from './service.js';

/** Wrong codes tried per IP: enough for typos, too few to guess codes. */
const APPLY_LIMIT = { windowMs: 15 * 60 * 1000, limit: 30, failuresOnly: true };

/** POST /api/coupons/apply (shopper): what a code takes off the cart, before paying. */
export function couponRoutes(deps: AppDeps): Router {
  const router = Router();
  const applyLimit = limiter({ enabled: deps.config.rateLimit, ...APPLY_LIMIT, name: 'couponApply' });
  router.post(
    '/apply',
    applyLimit,
    requireCustomer(deps.config.jwtSecret),
    validateBody(applyCouponSchema),
    async (req, res) => {
      const userId = authOf(req).sub;
      const cart = await getCartSnapshot(userId);
      if (cart.lines.length === 0) throw badRequest(MESSAGES.cartEmpty);
      const quote = await quoteCoupon(deps, userId, bodyOf(applyCouponSchema, req.body).code, cart.lines);
      res.json({ ...quote, message: COUPON_TEXTS.applied });
    },
  );
  return router;
}

/** The owner's coupons, under /api/admin. */
export function couponAdminRoutes(deps: AppDeps): Router {
  const router = Router();
  const admin = requireAdmin(deps.config.jwtSecret);

  router.get('/coupons', admin, async (_req, res) => {
    res.json(await listCoupons());
  });

  router.post('/coupons', admin, validateBody(couponBodySchema), async (req, res) => {
    const coupon = await createCoupon(bodyOf(couponBodySchema, req.body));
    res.status(201).json({ ...coupon, message: COUPON_TEXTS.saved(coupon.code, 'added') });
  });

  router.put('/coupons/:id', admin, validateBody(couponBodySchema), async (req, res) => {
    const coupon = await updateCoupon(req.params.id, bodyOf(couponBodySchema, req.body));
    res.json({ ...coupon, message: COUPON_TEXTS.saved(coupon.code, 'updated') });
  });

  router.delete('/coupons/:id', admin, async (req, res) => {
    const coupon = await deleteCoupon(req.params.id);
    res.json({ ...coupon, message: COUPON_TEXTS.saved(coupon.code, 'deleted') });
  });

  return router;
}
