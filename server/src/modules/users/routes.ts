import { Router } from 'express';
import { MESSAGES, addressSchema, type AddressResponse } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireAdmin, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { getProfile, listUsers, removeAddress, setAddress } from './service.js';

/** Profile calls; mounted under /api/auth because that is where the spec's client calls them. */
export function userRoutes({ config }: AppDeps): Router {
  const customer = requireCustomer(config.jwtSecret);
  const router = Router();

  router.get('/user', customer, async (req, res) => {
    res.json(await getProfile(authOf(req).sub));
  });

  router.post('/add-address', customer, validateBody(addressSchema), async (req, res) => {
    const address = await setAddress(authOf(req).sub, bodyOf(addressSchema, req.body).address);
    const answer: AddressResponse = { address, message: MESSAGES.addressSaved };
    res.json(answer);
  });

  router.post('/remove-address', customer, async (req, res) => {
    await removeAddress(authOf(req).sub);
    const answer: AddressResponse = { address: null, message: MESSAGES.addressRemoved };
    res.json(answer);
  });

  router.get('/users', requireAdmin(config.jwtSecret), async (_req, res) => {
    res.json(await listUsers());
  });

  return router;
}
