import { Router } from 'express';
import type { AppDeps } from '../../deps.js';

export function slidersRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
