import { Router } from 'express';
import type { ShopSettings } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';

/** The shop's public details (spec placeholders {phone}, {email}, {host}) for the client. */
export function shopSettings({ config, payments }: Pick<AppDeps, 'config' | 'payments'>): ShopSettings {
  return { ...config.shop, paymentMode: payments.mode, razorpayKeyId: payments.keyId };
}

export function shopRoutes(deps: AppDeps): Router {
  const router = Router();
  const settings = shopSettings(deps);
  router.get('/', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=300').json(settings);
  });
  return router;
}
