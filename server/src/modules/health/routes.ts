import { Router } from 'express';
import { databaseReadiness } from '../../db/index.js';

export function healthRoutes(): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const readiness = await databaseReadiness();
    if (readiness.ready) {
      res.json({ status: 'ready', database: 'up' });
    } else if (readiness.reason === 'read-only') {
      res.status(503).json({
        status: 'unavailable',
        database: 'read-only',
        error: `Database cannot save changes: ${readiness.cause ?? 'unknown cause'}`,
      });
    } else {
      res.status(503).json({ status: 'unavailable', database: 'down', error: 'Database is not answering' });
    }
  });
  return router;
}
