import type { CartResponse } from '@kesh/shared';
import { apiRequest } from './http';

export const fetchCart = (token: string) => apiRequest<CartResponse>('/api/cart/cart', { token });
export const addToCart = (token: string, productId: string, quantity = 1) =>
  apiRequest<CartResponse>('/api/cart/add-to-cart', { method: 'POST', token, body: { productId, quantity } });
export const updateCartQuantity = (token: string, productId: string, quantity: number) =>
  apiRequest<CartResponse>('/api/cart/update-quantity', { method: 'POST', token, body: { productId, quantity } });
export const removeFromCart = (token: string, productId: string) =>
  apiRequest<CartResponse>('/api/cart/remove-from-cart', { method: 'POST', token, body: { productId } });
export const clearCart = (token: string) =>
  apiRequest<CartResponse>('/api/cart/clear-cart', { method: 'POST', token, body: {} });
