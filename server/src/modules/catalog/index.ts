export { MainCategory } from './category.model.js';
export { ProductVariant } from './variant.model.js';
export { hasVariants, type VariantRecord } from './serialize.js';
export { liveVariantsOf } from './variants.js';
export { finishVariantSaves } from './variant-save.js';
export { TRANSLATED_TITLES } from './product-text.js';
export { keptShelf, readShelf, type ShelfEntry, type ShelfOf } from './kept-shelf.js';
export { catalogRoutes } from './routes.js';
export { backfillSearchKeys, findCategory, listCategories, newestCategories, searchPage } from './service.js';
export {
  anyLineShort,
  forgetReturns,
  lowStockProducts,
  refsHolding,
  returnHeld,
  returnRefs,
  returnStockOnce,
  settleHolds,
  staleHoldRefs,
  takeStockFor,
} from './stock.js';
