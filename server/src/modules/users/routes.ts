import { Router } from 'express';
import { MESSAGES, addressSchema, userListQuerySchema, type AddressResponse } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { streamJsonArray } from '../../lib/json-stream.js';
import { authOf, requireAdmin, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, queryOf, validateBody } from '../../middleware/validate.js';
import { eachUser, getProfile, listUserPage, removeAddress, setAddress } from './service.js';

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

  // The spec's every-account list; the owner's screen reads GET /api/admin/users instead.
  router.get('/users', requireAdmin(config.jwtSecret), async (_req, res) => {
    await streamJsonArray(res.set('Cache-Control', 'private, no-store'), eachUser());
  });

  return router;
}

/** GET /api/admin/users?q=&page=&limit=: the owner's users list, a page at a time. */
export function userAdminRoutes({ config }: AppDeps): Router {
  const router = Router();
  router.get('/users', requireAdmin(config.jwtSecret), async (req, res) => {
    const page = await listUserPage(queryOf(userListQuerySchema, req.query));
    res.set('Cache-Control', 'private, no-store').json(page);
  });
  return router;
}
