export { Coupon, CouponRedemption } from './coupon.model.js';
export { couponAdminRoutes, couponRoutes } from './routes.js';
export {
  confirmRedemption,
  keepUseForPayment,
  priceCheckout,
  releaseCouponOfOrder,
  releaseRedemption,
  renewHold,
  type PricedCheckout,
} from './service.js';
