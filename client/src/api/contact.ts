import type { ContactBody, MessageResponse } from '@kesh/shared';
import { apiRequest } from './http';

export const sendContactMessage = (body: ContactBody) =>
  apiRequest<MessageResponse>('/api/contact', { method: 'POST', body });
