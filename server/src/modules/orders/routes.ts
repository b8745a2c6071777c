import { Router } from 'express';
import {
  MESSAGES,
  createOrderSchema,
  orderStatusSchema,
  ordersExportQuerySchema,
  statsQuerySchema,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireAdmin, requireAnyRole, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, queryOf, validateBody } from '../../middleware/validate.js';
import { cancelOrder } from './cancellation.js';
import { buildInvoice, renderInvoicePdf } from './invoice.js';
import { ensureInvoiceNumber } from './invoice-number.js';
import { salesStats, streamOrdersCsv } from './reports.js';
import {
  findVisibleOrder,
  invoiceFileName,
  listOrders,
  nowOf,
  orderIdOf,
  placeOrderForVerifiedPayment,
  updateOrderStatus,
} from './service.js';

export function ordersRoutes(deps: AppDeps): Router {
  const router = Router();
  const secret = deps.config.jwtSecret;

  router.get('/', requireAnyRole(secret), async (req, res) => {
    res.json(await listOrders(authOf(req), nowOf(deps)));
  });

  // The browser's products, total and userDetails are ignored: the order comes from the verified checkout.
  router.post('/', requireCustomer(secret), validateBody(createOrderSchema), async (req, res) => {
    const body = bodyOf(createOrderSchema, req.body);
    const { order, created } = await placeOrderForVerifiedPayment(deps, authOf(req).sub, body);
    res.status(created ? 201 : 200).json(order);
  });

  router.get('/export.csv', requireAdmin(secret), async (req, res) => {
    const filter = queryOf(ordersExportQuerySchema, req.query);
    const name = `orders-${filter.from ?? 'start'}-to-${filter.to ?? 'today'}.csv`;
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });
    await streamOrdersCsv(filter, res);
  });

  router.put('/:id/status', requireAdmin(secret), validateBody(orderStatusSchema), async (req, res) => {
    res.json(await updateOrderStatus(deps, req.params.id, bodyOf(orderStatusSchema, req.body)));
  });

  // A shopper cancels their own order (another's is a 404); the owner any Processing one, in full.
  router.post('/:id/cancel', requireAnyRole(secret), async (req, res) => {
    const claims = authOf(req);
    const id = orderIdOf(req.params.id);
    const by =
      claims.role === 'admin' ? ({ role: 'admin' } as const) : ({ role: 'customer', userId: claims.sub } as const);
    const { order } = await cancelOrder(deps, by, id);
    res.json({ message: MESSAGES.orderCancelled, order });
  });

  router.get('/:id/invoice', requireAnyRole(secret), async (req, res) => {
    const order = await findVisibleOrder(authOf(req), req.params.id);
    const number =
      order.invoiceNumber ?? (await ensureInvoiceNumber(order._id, order.createdAt, deps.config.invoice.prefix));
    const pdf = await renderInvoicePdf(buildInvoice(order, number, deps.config.invoice));
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${invoiceFileName(number)}"`,
        'Cache-Control': 'private, no-store',
      })
      .send(pdf);
  });

  return router;
}

/** GET /api/admin/stats: the owner's sales view. */
export function salesRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/stats', requireAdmin(deps.config.jwtSecret), async (req, res) => {
    const { days } = queryOf(statsQuerySchema, req.query);
    res.set('Cache-Control', 'private, no-store').json(await salesStats(days, nowOf(deps)));
  });
  return router;
}
