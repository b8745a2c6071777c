export { Coupon, CouponRedemption } from './coupon.model.js';
export { couponAdminRoutes, couponRoutes } from './routes.js';
export {
  confirmRedemption,
  priceCheckout,
  releaseCouponOfOrder,
  releaseRedemption,
  renewHold,
  type PricedCheckout,
} from './service.js';
