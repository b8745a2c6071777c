import type { RefundStatus } from '@kesh/shared';

/**
 * A refund's status moves pending → processed | failed, and failed → pending when the owner asks
 * again (retryFailedRefund). Processed is final: the money went back, so no event may turn it into
 * a failure that "Request refund again" would pay a second time. A processed event also settles a
 * failed refund (the money went back after all), which then cannot be asked for again.
 */
const EVENT_MAY_MOVE_FROM: Record<'processed' | 'failed', RefundStatus[]> = {
  processed: ['pending', 'failed'],
  failed: ['pending'],
};

/** The stored statuses a gateway refund event applies to, as a query condition. */
export const refundEventFrom = (status: 'processed' | 'failed') => ({ $in: EVENT_MAY_MOVE_FROM[status] });
