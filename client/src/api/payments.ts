import type {
  CodOrderBody,
  CreateOrderBody,
  CreatePaymentOrderBody,
  Order,
  PaymentOrderResponse,
  VerifyPaymentBody,
  VerifyPaymentResponse,
} from '@kesh/shared';
import { apiRequest, downloadFile } from './http';

export const createPaymentOrder = (token: string, body: CreatePaymentOrderBody) =>
  apiRequest<PaymentOrderResponse>('/api/payment/create-order', { method: 'POST', token, body });
export const verifyPayment = (token: string, body: VerifyPaymentBody) =>
  apiRequest<VerifyPaymentResponse>('/api/payment/verify-payment', { method: 'POST', token, body });
export const createOrder = (token: string, body: CreateOrderBody) =>
  apiRequest<Order>('/api/orders', { method: 'POST', token, body });
export const fetchMyOrders = (token: string) => apiRequest<Order[]>('/api/orders/', { token });
export const cancelMyOrder = (token: string, id: string) =>
  apiRequest<{ message: string; order: Order }>(`/api/orders/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    token,
  });
export const downloadInvoice = (token: string | null, id: string) =>
  downloadFile(`/api/orders/${encodeURIComponent(id)}/invoice`, token, `invoice-${id}.pdf`);
export const placeCodOrder = (token: string, body: CodOrderBody) =>
  apiRequest<VerifyPaymentResponse>('/api/orders/cod', { method: 'POST', token, body });
