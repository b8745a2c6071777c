export { shopRoutes, shopSettings } from './routes.js';
