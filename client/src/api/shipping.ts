import type { DeliveryCheck } from '@kesh/shared';
import { apiRequest } from './http';

export const checkDelivery = (pin: string) =>
  apiRequest<DeliveryCheck>(`/api/shipping/check?pin=${encodeURIComponent(pin)}`);
