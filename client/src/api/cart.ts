import type { CartResponse } from '@kesh/shared';
import { apiRequest } from './http';

export const fetchCart = (token: string) => apiRequest<CartResponse>('/api/cart/cart', { token });
/** A line is its product and, for a product sold in sizes or packs, its variant (sent only when there is one). */
const line = (productId: string, variantId: string | undefined) =>
  variantId ? { productId, variantId } : { productId };

export const addToCart = (token: string, productId: string, quantity = 1, variantId?: string) =>
  apiRequest<CartResponse>('/api/cart/add-to-cart', {
    method: 'POST',
    token,
    body: { ...line(productId, variantId), quantity },
  });
export const updateCartQuantity = (token: string, productId: string, quantity: number, variantId?: string) =>
  apiRequest<CartResponse>('/api/cart/update-quantity', {
    method: 'POST',
    token,
    body: { ...line(productId, variantId), quantity },
  });
export const removeFromCart = (token: string, productId: string, variantId?: string) =>
  apiRequest<CartResponse>('/api/cart/remove-from-cart', { method: 'POST', token, body: line(productId, variantId) });
export const clearCart = (token: string) =>
  apiRequest<CartResponse>('/api/cart/clear-cart', { method: 'POST', token, body: {} });
