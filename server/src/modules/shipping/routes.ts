import { Router } from 'express';
import { deliveryCheckQuerySchema, deliveryCsvSchema, deliverySettingsSchema } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { bodyOf, queryOf, validateBody } from '../../middleware/validate.js';
import { checkPin, getDeliverySettings, parseDeliveryCsv, saveDeliverySettings } from './service.js';

/** GET /api/shipping/check?pin=360001 for the shipping page. */
export function shippingRoutes(): Router {
  const router = Router();
  router.get('/check', async (req, res) => {
    const { pin } = queryOf(deliveryCheckQuerySchema, req.query);
    res.set('Cache-Control', 'no-store').json(await checkPin(pin));
  });
  return router;
}

/** The owner's delivery settings, under /api/admin. */
export function deliveryAdminRoutes(deps: AppDeps): Router {
  const router = Router();
  const admin = requireAdmin(deps.config.jwtSecret);

  router.get('/delivery', admin, async (_req, res) => {
    res.json(await getDeliverySettings());
  });

  router.put('/delivery', admin, validateBody(deliverySettingsSchema), async (req, res) => {
    res.json(await saveDeliverySettings(bodyOf(deliverySettingsSchema, req.body)));
  });

  // The file's areas replace the list; the owner's other settings stay.
  router.post('/delivery/csv', admin, validateBody(deliveryCsvSchema), async (req, res) => {
    const areas = parseDeliveryCsv(bodyOf(deliveryCsvSchema, req.body).csv);
    const current = await getDeliverySettings();
    res.json(await saveDeliverySettings({ ...current, areas }));
  });

  return router;
}
