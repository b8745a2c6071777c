import { existsSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { JSON_BODY_LIMIT_BYTES } from '@kesh/shared';
import type { AppDeps } from './deps.js';
import { errorHandler, notFoundHandler } from './middleware/error-handler.js';
import { corsPolicy, securityHeaders } from './middleware/security.js';
import { useSessionCheck } from './middleware/auth.js';
import { requestLog } from './middleware/request-log.js';
import { isJsonMediaType } from './middleware/media-type.js';
import { UPLOADS_PATH } from './lib/storage.js';
import { healthRoutes } from './modules/health/index.js';
import { metricsRoutes } from './modules/health/index.js';
import { httpMetrics } from './lib/metrics.js';
import { shopRoutes } from './modules/shop/index.js';
import { authRoutes, createSessionCheck } from './modules/auth/index.js';
import { userAdminRoutes } from './modules/users/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { contactAdminRoutes, contactRoutes } from './modules/contact/index.js';
import { adminRoutes } from './modules/admin/index.js';
import { slidersRoutes } from './modules/sliders/index.js';
import { catalogRoutes } from './modules/catalog/index.js';
import { galleryRoutes } from './modules/gallery/index.js';
import { paymentsRoutes } from './modules/payments/index.js';
import * as payOnline from './flows/pay-online.js';
import * as placeOnlineOrder from './flows/place-online-order.js';
import * as placeCod from './flows/place-cod-order.js';
import * as cancelOrder from './flows/cancel-order.js';
import { adminOrdersRoutes, ordersRoutes, salesRoutes } from './modules/orders/index.js';
import { seoRoutes } from './modules/seo/index.js';
import { deliveryAdminRoutes, shippingRoutes } from './modules/shipping/index.js';
import { couponAdminRoutes, couponRoutes } from './modules/coupons/index.js';
import { clientRoutes, wantsHtml, type PublicLists } from './modules/pages/index.js';
import { cachedJson, LIST_SEND_OPTIONS } from './lib/response-cache.js';
import { fastLane, headersSetBy, keptList, keptShape } from './middleware/fast-lane.js';
import { PUBLIC_LIST_CACHE_CONTROL } from './middleware/public-cache.js';
import { SHARED_DATABASE_RECHECK_MS, watchStorefrontVersion } from './lib/storefront-version.js';
import { listCategories } from './modules/catalog/index.js';
import { listGallery } from './modules/gallery/index.js';
import { listSliders } from './modules/sliders/index.js';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Builds the Express app without listening, so tests can mount it with supertest. */
export function createApp(deps: AppDeps): Express {
  return createRequestListener(deps).app;
}

/** The Express app, and the server's request listener: the app with its kept answers taken ahead of it. */
export function createRequestListener(deps: AppDeps): { app: Express; listener: RequestListener } {
  const { config, logger, storage } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('etag', 'strong');
  // Own database: every revocation passes through this process. Shared: the accounts' number is read per call.
  useSessionCheck(app, createSessionCheck({ recheckMs: config.db.uri ? 0 : Infinity }));

  // A database of our own (no MONGODB_URI) sees only this process's writes, which it hears of at once.
  const storefront = watchStorefrontVersion({ recheckMs: config.db.uri ? SHARED_DATABASE_RECHECK_MS : Infinity });
  const lists: PublicLists = {
    sliders: cachedJson(listSliders, storefront),
    products: cachedJson(listCategories, storefront),
    gallery: cachedJson(listGallery, storefront),
    storefront,
  };
  const { clientDir } = deps;
  const client =
    clientDir && existsSync(path.join(clientDir, 'index.html'))
      ? clientRoutes({ ...deps, clientDir }, lists)
      : undefined;

  const log = requestLog(logger);
  const security = securityHeaders(config);
  app.use(httpMetrics());
  app.use(log);
  app.use(security);
  app.use(corsPolicy(config));
  // HTML, scripts, styles, JSON and SVG go out brotli- or gzip-compressed when the browser accepts
  // it; the filter (mime-db's "compressible") leaves JPEG, PNG and WebP alone, being compressed already.
  app.use(compression());

  // The webhook needs the raw bytes for its signature, and the delivery list a larger limit: each
  // parses its own body.
  const ownBodies = ['/api/payment/webhook', '/api/admin/delivery'];
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT_BYTES,
      type: (req) =>
        !ownBodies.some((path) => req.url?.startsWith(path)) && isJsonMediaType(req.headers['content-type']),
    }),
  );

  app.use(healthRoutes());
  app.use(metricsRoutes(deps));
  app.use(seoRoutes(deps));
  if (client) app.use(client.router);
  app.use('/api/shop', shopRoutes(deps));
  app.use('/api/auth', authRoutes(deps));
  app.use('/api/cart', cartRoutes(deps, storefront));
  app.use('/api/contact', contactRoutes(deps));
  app.use('/api/main-category', catalogRoutes(deps, lists.products, storefront));
  app.use('/api/payment', paymentsRoutes(deps, payOnline));
  app.use('/api/orders', ordersRoutes(deps, { ...placeOnlineOrder, ...placeCod, ...cancelOrder }, storefront));
  app.use('/api/admin', salesRoutes(deps));
  app.use('/api/admin', adminOrdersRoutes(deps));
  app.use('/api/shipping', shippingRoutes());
  app.use('/api/admin', deliveryAdminRoutes(deps));
  app.use('/api/coupons', couponRoutes(deps));
  app.use('/api/admin', couponAdminRoutes(deps));
  app.use('/api/admin', userAdminRoutes(deps));
  app.use('/api/admin', contactAdminRoutes(deps));
  app.use('/sliders', slidersRoutes(deps, lists.sliders));
  app.use('/gallery', galleryRoutes(deps, lists.gallery));
  app.use(adminRoutes(deps));

  app.get(`${UPLOADS_PATH}/:key`, async (req, res, next) => {
    try {
      const file = await storage.open(req.params.key);
      if (!file) {
        res.status(404).json({ error: 'Image not found' });
        return;
      }
      // Keys carry a content hash, so a URL never changes meaning: cache it for a year.
      res.set({
        'Content-Type': file.contentType,
        'Content-Length': String(file.size),
        'Cache-Control': `public, max-age=${ONE_YEAR_S}, immutable`,
      });
      file.stream.on('error', next).pipe(res);
    } catch (err) {
      next(err);
    }
  });

  app.use(notFoundHandler);
  app.use(errorHandler);

  const listShape = (before: string[], route: string) =>
    keptShape([...before, 'Cache-Control', PUBLIC_LIST_CACHE_CONTROL], LIST_SEND_OPTIONS, route);
  const listener = fastLane(app, {
    security: headersSetBy(security),
    log,
    lookups: [
      ...(client ? [client.keptPage] : []),
      keptList(['/api/main-category'], lists.products, storefront, listShape([], '/api/main-category/')),
      // The gallery router's own Vary: Accept comes first (modules/gallery/routes.ts).
      keptList(
        ['/gallery', '/gallery/'],
        lists.gallery,
        storefront,
        listShape(['Vary', 'Accept'], '/gallery/'),
        (req) => !wantsHtml(req),
      ),
    ],
  });
  return { app, listener };
}
