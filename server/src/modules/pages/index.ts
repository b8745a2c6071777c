export { clientRoutes, type PublicLists } from './routes.js';
