import { z } from 'zod';
import { ORDER_STATUSES } from './constants.js';
import { MESSAGES } from './messages.js';
import { STATS_DEFAULT_DAYS, STATS_MAX_DAYS } from './orders.js';

// The owner's order queries (sales figures, the CSV export), apart from orders.ts so that a screen
// that needs an order helper (whatsappLink, istDay) does not bring zod with it.

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) =>
  DAY_PATTERN.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

export const statsQuerySchema = z.object({
  days: z
    .string({ error: MESSAGES.invalidDays })
    .regex(/^\d{1,4}$/, { error: MESSAGES.invalidDays })
    .transform(Number)
    .refine((n) => n >= 1 && n <= STATS_MAX_DAYS, { error: MESSAGES.invalidDays })
    .default(STATS_DEFAULT_DAYS),
});

export const ordersExportQuerySchema = z
  .object({
    from: z
      .string({ error: MESSAGES.invalidDateRange })
      .refine(isRealDay, { error: MESSAGES.invalidDateRange })
      .optional(),
    to: z
      .string({ error: MESSAGES.invalidDateRange })
      .refine(isRealDay, { error: MESSAGES.invalidDateRange })
      .optional(),
    status: z.enum(ORDER_STATUSES, { error: MESSAGES.invalidOrderStatus }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: MESSAGES.invalidDateRange });
export type OrdersExportQuery = z.input<typeof ordersExportQuerySchema>;
