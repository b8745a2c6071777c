import { MESSAGES } from '@kesh/shared';

/** Server-only texts of this module (the spec shows none for these situations). */
export const ORDER_TEXTS = {
  noVerifiedPayment: 'No verified payment found for this order.',
  refundNotFailed: 'Only a refund that failed can be requested again.',
  invalidOrderId: MESSAGES.invalidOrderId,
} as const;
