import type { CartResponse } from '@kesh/shared';
import { apiRequest } from './http';

/** Read by every page's header badge (the app shell); the cart's changes are in cartLines.ts, loaded with their pages. */
export const fetchCart = (token: string) => apiRequest<CartResponse>('/api/cart/cart', { token });
