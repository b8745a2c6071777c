export { seoRoutes } from './routes.js';
export { INDEXED_PAGES, PRIVATE_PATHS } from './service.js';
