import type { Coupon, CouponBody, CouponQuote } from '@kesh/shared';
import { adminToken, apiRequest } from './http';

/** The shipping page: what a code takes off the shopper's cart (the server prices it). */
export const applyCoupon = (token: string, code: string) =>
  apiRequest<CouponQuote & { message: string }>('/api/coupons/apply', { method: 'POST', token, body: { code } });

const withAdmin = () => ({ token: adminToken() });
type Saved = Coupon & { message: string };

export const fetchCoupons = () => apiRequest<Coupon[]>('/api/admin/coupons', withAdmin());
export const createCoupon = (body: CouponBody) =>
  apiRequest<Saved>('/api/admin/coupons', { method: 'POST', body, ...withAdmin() });
export const updateCoupon = (id: string, body: CouponBody) =>
  apiRequest<Saved>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'PUT', body, ...withAdmin() });
export const deleteCoupon = (id: string) =>
  apiRequest<Saved>(`/api/admin/coupons/${encodeURIComponent(id)}`, { method: 'DELETE', ...withAdmin() });
