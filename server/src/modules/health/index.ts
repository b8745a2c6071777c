export { metricsRoutes } from './metrics-routes.js';
export { healthRoutes } from './routes.js';
