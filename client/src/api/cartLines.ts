import type { CartResponse } from '@kesh/shared';
import { apiRequest } from './http';

// A line is its product and, for a product sold in sizes or packs, its variant: an undefined
// variantId is left out of the JSON, so a product without variants sends the spec's body.
export const addToCart = (token: string, productId: string, quantity = 1, variantId?: string) =>
  apiRequest<CartResponse>('/api/cart/add-to-cart', {
    method: 'POST',
    token,
    body: { productId, quantity, variantId },
  });
export const updateCartQuantity = (token: string, productId: string, quantity: number, variantId?: string) =>
  apiRequest<CartResponse>('/api/cart/update-quantity', {
    method: 'POST',
    token,
    body: { productId, quantity, variantId },
  });
export const removeFromCart = (token: string, productId: string, variantId?: string) =>
  apiRequest<CartResponse>('/api/cart/remove-from-cart', { method: 'POST', token, body: { productId, variantId } });
export const clearCart = (token: string) =>
  apiRequest<CartResponse>('/api/cart/clear-cart', { method: 'POST', token, body: {} });
