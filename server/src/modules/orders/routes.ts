import { Router } from 'express';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  MESSAGES,
  adminOrdersQuerySchema,
  codOrderSchema,
  createOrderSchema,
  orderStatusSchema,
  ordersExportQuerySchema,
  statsQuerySchema,
  type CreateOrderBody,
  type LanguageCode,
  type Order as OrderDto,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireAdmin, requireAnyRole, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, queryOf, validateBody } from '../../middleware/validate.js';
import { lowStockProducts } from '../catalog/index.js';
import type { Canceller } from './cancellation.js';
import { limiter } from '../../middleware/rate-limit.js';
import { invoiceFileName, issuedInvoice } from './invoice-files.js';
import { salesStats, streamOrdersCsv } from './reports.js';
import { listAdminOrders } from './admin-list.js';
import { streamAllOrders } from './admin-list-stream.js';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import {
  findVisibleOrder,
  listOwnOrders,
  markCodOrderPaid,
  nowOf,
  orderIdOf,
  ownOrderReads,
  updateOrderStatus,
} from './service.js';

/** A shopper may download invoices this many times an hour. */
const INVOICE_DOWNLOADS_PER_WINDOW = 30;
const INVOICE_DOWNLOAD_WINDOW_MS = 60 * 60_000;

/**
 * POST /api/orders answers the order of a verified payment, which the online-order flow places
 * (server/src/flows/place-online-order.ts); app.ts hands it in, as flows sit above the modules.
 */
export interface VerifiedPaymentFlow {
  placeOrderForVerifiedPayment(
    deps: AppDeps,
    userId: string,
    body: Pick<CreateOrderBody, 'razorpay_order_id' | 'razorpay_payment_id'>,
  ): Promise<{ order: OrderDto; created: boolean }>;
}

/** POST /api/orders/cod runs the cash-on-delivery flow (server/src/flows/place-cod-order.ts), handed in by app.ts. */
export interface CodOrderFlow {
  placeCodOrder(
    deps: AppDeps,
    userId: string,
    body: { address?: string | undefined; couponCode?: string | undefined },
    language?: LanguageCode,
  ): Promise<OrderDto>;
}

/**
 * Cancelling (the shopper's cancel, the owner's status change to Cancelled), a refused parcel and a
 * refund asked again run the cancel-order flow (server/src/flows/cancel-order.ts), handed in by app.ts.
 */
export interface CancelOrderFlow {
  cancelOrder(deps: AppDeps, by: Canceller, id: string): Promise<{ order: OrderDto }>;
  markCodRefused(deps: AppDeps, id: string): Promise<OrderDto>;
  retryFailedRefund(deps: AppDeps, id: string): Promise<OrderDto>;
}

export function ordersRoutes(
  deps: AppDeps,
  {
    placeOrderForVerifiedPayment,
    placeCodOrder,
    cancelOrder,
    markCodRefused,
    retryFailedRefund,
  }: VerifiedPaymentFlow & CodOrderFlow & CancelOrderFlow,
  storefront: StorefrontVersion,
): Router {
  const router = Router();
  const secret = deps.config.jwtSecret;
  // Another process sharing the database could change an order without this one knowing.
  const ownReads = ownOrderReads(!deps.config.db.uri, storefront);

  router.get('/', requireAnyRole(secret), async (req, res) => {
    const claims = authOf(req);
    if (claims.role === 'admin') await streamAllOrders(res, nowOf(deps), { shelf: ownReads.shelf });
    else res.json(await listOwnOrders(claims.sub, nowOf(deps), ownReads));
  });

  // The browser's products, total and userDetails are ignored: the order comes from the verified checkout.
  router.post('/', requireCustomer(secret), validateBody(createOrderSchema), async (req, res) => {
    const body = bodyOf(createOrderSchema, req.body);
    const { order, created } = await placeOrderForVerifiedPayment(deps, authOf(req).sub, body);
    res.status(created ? 201 : 200).json(order);
  });

  // Cash on delivery: placed from the server-side cart, like a paid order, without a payment.
  router.post('/cod', requireCustomer(secret), validateBody(codOrderSchema), async (req, res) => {
    const language = (req.acceptsLanguages(...LANGUAGES.map((l) => l.code)) || DEFAULT_LANGUAGE) as LanguageCode;
    const order = await placeCodOrder(deps, authOf(req).sub, bodyOf(codOrderSchema, req.body), language);
    res.status(201).json({ success: true, message: MESSAGES.orderPlaced, order });
  });

  router.get('/export.csv', requireAdmin(secret), async (req, res) => {
    const filter = queryOf(ordersExportQuerySchema, req.query);
    const name = `orders-${filter.from ?? 'start'}-to-${filter.to ?? 'today'}.csv`;
    res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` });
    const written = await streamOrdersCsv(filter, res);
    if (!written.complete) deps.logger.info({ orders: written.orders }, 'orders export stopped: the client went away');
  });

  router.put('/:id/status', requireAdmin(secret), validateBody(orderStatusSchema), async (req, res) => {
    const id = orderIdOf(req.params.id);
    const { status, ...shipment } = bodyOf(orderStatusSchema, req.body);
    // Cancelling goes through the cancellation rules: a full refund of a Processing order.
    if (status === 'Cancelled') res.json((await cancelOrder(deps, { role: 'admin' }, id)).order);
    else res.json(await updateOrderStatus(deps, id, { ...shipment, status }));
  });

  // The courier handed over the cash of a delivered cash-on-delivery order.
  router.put('/:id/paid', requireAdmin(secret), async (req, res) => {
    res.json(await markCodOrderPaid(deps, req.params.id));
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

  // The owner's record of a cash-on-delivery parcel refused at the door.
  router.post('/:id/refused', requireAdmin(secret), async (req, res) => {
    res.json(await markCodRefused(deps, orderIdOf(req.params.id)));
  });

  // The owner asks the payment provider again for a refund it refused.
  router.post('/:id/refund', requireAdmin(secret), async (req, res) => {
    res.json(await retryFailedRefund(deps, orderIdOf(req.params.id)));
  });

  // A shopper's downloads are counted per account (the owner's are not): the file is stored, but
  // an order from before invoices were stored is rendered at its first download.
  const invoiceDownloads = limiter({
    enabled: deps.config.rateLimit,
    name: 'invoice-download',
    windowMs: INVOICE_DOWNLOAD_WINDOW_MS,
    limit: INVOICE_DOWNLOADS_PER_WINDOW,
    keyOf: (req) => (req.auth?.role === 'customer' ? req.auth.sub : undefined),
  });
  router.get('/:id/invoice', requireAnyRole(secret), invoiceDownloads, async (req, res) => {
    const order = await findVisibleOrder(authOf(req), req.params.id);
    const { number, pdf } = await issuedInvoice(deps, order);
    // An issued invoice never changes: the browser may keep it, privately, and revalidate by ETag.
    res
      .set({
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${invoiceFileName(number)}"`,
        'Cache-Control': 'private, no-cache',
      })
      .send(pdf);
  });

  return router;
}

/** GET /api/admin/orders: the owner's order list, one tab and page at a time (the panel's Orders page). */
export function adminOrdersRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get('/orders', requireAdmin(deps.config.jwtSecret), async (req, res) => {
    const query = queryOf(adminOrdersQuerySchema, req.query);
    res.set('Cache-Control', 'private, no-store').json(await listAdminOrders(query, nowOf(deps)));
  });
  return router;
}

/** GET /api/admin/stats: the owner's sales view; GET /api/admin/low-stock: products running out. */
export function salesRoutes(deps: AppDeps): Router {
  const router = Router();
  const admin = requireAdmin(deps.config.jwtSecret);
  router.get('/stats', admin, async (req, res) => {
    const { days } = queryOf(statsQuerySchema, req.query);
    res.set('Cache-Control', 'private, no-store').json(await salesStats(days, nowOf(deps)));
  });
  router.get('/low-stock', admin, async (_req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await lowStockProducts());
  });
  return router;
}
