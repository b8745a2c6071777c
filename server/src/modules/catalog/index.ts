export { MainCategory } from './category.model.js';
export { catalogRoutes } from './routes.js';
export { productDto, type CategoryRecord } from './serialize.js';
export { backfillSearchKeys, findCategory, listCategories, newestCategories, searchPage } from './service.js';
export {
  anyLineShort,
  forgetReturns,
  lowStockProducts,
  returnHeld,
  returnRefs,
  returnStockOnce,
  settleHolds,
  staleHoldRefs,
  takeStockFor,
} from './stock.js';
