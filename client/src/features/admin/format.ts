import { ORDER_ID_DISPLAY_LENGTH } from '@kesh/shared';

/** Spec section 2: dates in en-IN with day, short month and year ("5 Mar 2025"). */
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The order id as the admin table shows it: its last 8 characters. */
export const shortOrderId = (id: string) => id.slice(-ORDER_ID_DISPLAY_LENGTH);
