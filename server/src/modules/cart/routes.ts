import { Router } from 'express';
import type { AppDeps } from '../../deps.js';

export function cartRoutes(_deps: AppDeps): Router {
  const router = Router();
  return router;
}
