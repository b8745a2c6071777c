import type { ShopSettings } from '@kesh/shared';
import { apiRequest } from './http';

export const fetchShop = () => apiRequest<ShopSettings>('/api/shop');
