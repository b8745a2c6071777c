export {
  CHECKOUT_STATUSES,
  PendingCheckout,
  STOCK_STATES,
  type CheckoutDocument,
  type CheckoutRecord,
  type RefundReason,
} from './checkout.model.js';
export { createPaymentGateway } from './gateway.js';
export { paymentsRoutes, type OnlinePaymentFlow } from './routes.js';
