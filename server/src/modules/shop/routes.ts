import { Router } from 'express';
import type { ShopSettings } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';

/** The shop's public details (spec placeholders {phone}, {email}, {host}) for the client. */
export function shopRoutes({ config, payments }: AppDeps): Router {
  const router = Router();
  const settings: ShopSettings = {
    ...config.shop,
    paymentMode: payments.mode,
    razorpayKeyId: payments.keyId,
  };
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(settings);
  });
  return router;
}
