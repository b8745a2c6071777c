export { OrdersMigration, SEARCH_KEYS_MIGRATION, startOrderSearchBackfill } from './admin-list-backfill.js';
export {
  applyRefundEvent,
  claimCancellation,
  claimCodRefusal,
  claimFailedRefund,
  claimOwedRefunds,
  isBeingUndone,
  markUndone,
  recordRefund,
  tellRefundOutcome,
  unfinishedCancellations,
  type Canceller,
  type RefundAnswer,
} from './cancellation.js';
export { startCodHistoryBackfill } from './cod-history-backfill.js';
export { CodSlot } from './cod-slot.model.js';
export { claimCodSlot, releaseCodSlot } from './cod-slots.js';
export { isCod, toOrderDto, type OrderRecord } from './dto.js';
export { expectInvoice, settleStartedInvoiceJobs, startInvoiceQueue } from './invoice-jobs.js';
export { InvoiceCounter } from './invoice-number.js';
export { notifyRefundedPayment, notifyShopOfFailedPaymentRefund, notifyShopper } from './notifications.js';
export { Order, dropLegacyPaymentIndexes } from './order.model.js';
export { priceCart } from './pricing.js';
export { refundEventFrom } from './refund-state.js';
export {
  adminOrdersRoutes,
  ordersRoutes,
  salesRoutes,
  type CancelOrderFlow,
  type CodOrderFlow,
  type VerifiedPaymentFlow,
} from './routes.js';
export { rebuildSalesRollups } from './sales-rollup.js';
export { startSalesRollupWarmUp } from './sales-window.js';
export { confirmOrder, nowOf, orderLinesAndShelfOf, orderLinesOf } from './service.js';
export { ORDER_TEXTS } from './texts.js';
