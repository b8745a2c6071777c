export { clientRoutes, wantsHtml, type PublicLists } from './routes.js';
