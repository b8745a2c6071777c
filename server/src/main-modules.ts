/**
 * Everything main.ts uses once the database is up, as one module: main.ts imports it (the app's
 * whole module graph, about a second of CPU) while the engine loads its data on its own thread.
 */
export { default as mongoose } from 'mongoose';
export { createRequestListener } from './app.js';
export { connectMongoose, databaseUri, firstReadiness, syncIndexes } from './db/index.js';
export { withTimeout } from './lib/timeout.js';
export { buildDeps } from './build-deps.js';
export { seedIfEmpty } from './seed/index.js';
export { ensureAdmin } from './admin-bootstrap.js';
export { startStockRecovery } from './flows/recover-stock.js';
export {
  dropLegacyPaymentIndexes,
  settleStartedInvoiceJobs,
  startCodHistoryBackfill,
  startInvoiceQueue,
  startOrderSearchBackfill,
  startSalesRollupWarmUp,
} from './modules/orders/index.js';
export { backfillSearchKeys } from './modules/catalog/index.js';
export { backfillUserSearchKeys } from './modules/users/index.js';
