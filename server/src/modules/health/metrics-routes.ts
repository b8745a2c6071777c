import { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { fromLoopback, metricsRegistry } from '../../lib/metrics.js';
import { requireAdmin } from '../../middleware/auth.js';
import { notFoundHandler } from '../../middleware/error-handler.js';

/**
 * GET /metrics for Prometheus: to a scraper on this machine, or to anyone with an admin token.
 * Everyone else gets the same 404 as an unknown path, so the endpoint is not advertised.
 */
export function metricsRoutes(deps: Pick<AppDeps, 'config'>): Router {
  const router = Router();
  const admin = requireAdmin(deps.config.jwtSecret);
  router.get('/metrics', (req, res, next) => {
    const answer = () => {
      metricsRegistry.metrics().then((text) => {
        res.set({ 'Content-Type': metricsRegistry.contentType, 'Cache-Control': 'no-store' }).send(text);
      }, next);
    };
    if (fromLoopback(req)) answer();
    else void admin(req, res, (err?: unknown) => (err ? notFoundHandler(req, res, next) : answer()));
  });
  return router;
}
