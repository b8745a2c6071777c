import express, { Router } from 'express';
import {
  DELIVERY_BODY_LIMIT_BYTES,
  deliveryCheckQuerySchema,
  deliveryCsvSchema,
  deliverySettingsSchema,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { requireAdmin } from '../../middleware/auth.js';
import { isJsonMediaType } from '../../middleware/media-type.js';
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
  // A full list is larger than the app-wide JSON limit (app.ts leaves these bodies to this parser).
  const listBody = express.json({
    limit: DELIVERY_BODY_LIMIT_BYTES,
    type: (req) => isJsonMediaType(req.headers['content-type']),
  });

  router.get('/delivery', admin, async (_req, res) => {
    res.json(await getDeliverySettings());
  });

  router.put('/delivery', admin, listBody, validateBody(deliverySettingsSchema), async (req, res) => {
    res.json(await saveDeliverySettings(bodyOf(deliverySettingsSchema, req.body)));
  });

  // The file's areas replace the list; the owner's other settings stay.
  router.post('/delivery/csv', admin, listBody, validateBody(deliveryCsvSchema), async (req, res) => {
    const areas = parseDeliveryCsv(bodyOf(deliveryCsvSchema, req.body).csv);
    const current = await getDeliverySettings();
    res.json(await saveDeliverySettings({ ...current, areas }));
  });

  return router;
}
