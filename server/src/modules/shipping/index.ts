export { DeliverySettingsRecord } from './delivery-settings.model.js';
export { deliveryAdminRoutes, shippingRoutes } from './routes.js';
export { assertDeliverable, getDeliverySettings } from './service.js';
