export { clientRoutes, wantsHtml, type PublicLists } from './routes.js';
export { preloadRenderer } from './renderer.js';
