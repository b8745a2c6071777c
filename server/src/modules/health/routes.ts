import { Router } from 'express';
import { databaseReady } from '../../db/index.js';

export function healthRoutes(): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    if (await databaseReady()) {
      res.json({ status: 'ready', database: 'up' });
    } else {
      res.status(503).json({ status: 'unavailable', database: 'down', error: 'Database is not answering' });
    }
  });
  return router;
}
