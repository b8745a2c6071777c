export { PendingCheckout, type CheckoutDocument, type CheckoutRecord, type RefundReason } from './checkout.model.js';
export { createPaymentGateway } from './gateway.js';
export { startCheckoutRetention } from './retention.js';
export { paymentsRoutes } from './routes.js';
