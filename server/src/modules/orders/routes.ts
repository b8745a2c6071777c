import { Router } from 'express';
import { createOrderSchema, orderStatusSchema } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireAdmin, requireAnyRole, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { listOrders, placeOrderForVerifiedPayment, updateOrderStatus } from './service.js';

export function ordersRoutes(deps: AppDeps): Router {
  const router = Router();
  const secret = deps.config.jwtSecret;

  router.get('/', requireAnyRole(secret), async (req, res) => {
    res.json(await listOrders(authOf(req)));
  });

  // The browser's products, total and userDetails are ignored: the order comes from the verified checkout.
  router.post('/', requireCustomer(secret), validateBody(createOrderSchema), async (req, res) => {
    const body = bodyOf(createOrderSchema, req.body);
    const { order, created } = await placeOrderForVerifiedPayment(deps, authOf(req).sub, body);
    res.status(created ? 201 : 200).json(order);
  });

  router.put('/:id/status', requireAdmin(secret), validateBody(orderStatusSchema), async (req, res) => {
    const { status } = bodyOf(orderStatusSchema, req.body);
    res.json(await updateOrderStatus(String(req.params.id), status));
  });

  return router;
}
