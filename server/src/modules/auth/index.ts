export { authRoutes } from './routes.js';
export { createSessionCheck } from './session-check.js';
