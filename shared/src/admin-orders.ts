import type { CodHistory } from './verification.js';
import { z } from 'zod';
import { searchWords } from './catalog.js';
import { DEFAULT_ORDER_STATUS, ORDER_ID_DISPLAY_LENGTH, ORDER_STATUSES, type OrderStatus } from './constants.js';
import { MESSAGES } from './messages.js';
import { ordersExportQuerySchema } from './order-queries.js';
import { ORDER_SEARCH_MAX_CHARS } from './page-limits.js';

export { ORDER_SEARCH_MAX_CHARS } from './page-limits.js';
import { pageQuerySchema, type Page } from './paging.js';
import type { Order } from './schemas.js';

export const ADMIN_ORDERS_TEXTS = {
  searchTooLong: `A search can be at most ${ORDER_SEARCH_MAX_CHARS} characters.`,
  searchNothing: 'Search by order number, invoice number, name, e-mail, phone or PIN code.',
} as const;

/** Names longer than this many words are cut: what is left still finds the order. */
const NAME_WORDS_KEPT = 6;
/** Indian mobile numbers are 10 digits; "+91 98765 43210" and "098765 43210" are the same phone. */
const PHONE_DIGITS = 10;
const PIN_PATTERN = /(?<!\d)[1-9]\d{5}(?!\d)/g;
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The phone as it is stored and looked up: its last 10 digits, or nothing when it has fewer. */
export function phoneKey(text: string): string | undefined {
  const digits = text.replace(/\D/g, '');
  return digits.length >= PHONE_DIGITS ? digits.slice(-PHONE_DIGITS) : undefined;
}

const emailKey = (text: string) => text.trim().toLowerCase();

export interface SearchableOrder {
  _id: unknown;
  userDetails?: {
    username?: string | null;
    email?: string | null;
    contact?: string | null;
    address?: string | null;
  } | null;
}

/**
 * The exact values an order is found by: the order number the panel shows (the id's last 8
 * characters), the customer's name words, e-mail, phone and the address's PIN code. Stored on the
 * order as a multikey array (a handful of keys, not every prefix: each one is an index entry).
 */
export function orderSearchKeys(order: SearchableOrder): string[] {
  const details = order.userDetails ?? {};
  const keys = new Set<string>([String(order._id).slice(-ORDER_ID_DISPLAY_LENGTH).toLowerCase()]);
  for (const word of searchWords(details.username ?? '').slice(0, NAME_WORDS_KEPT)) keys.add(word);
  if (details.email?.includes('@')) keys.add(emailKey(details.email));
  const phone = phoneKey(details.contact ?? '');
  if (phone) keys.add(phone);
  const pin = (details.address ?? '').match(PIN_PATTERN)?.at(-1);
  if (pin) keys.add(pin);
  return [...keys];
}

/** What the owner's search box asks for, read the way orderSearchKeys stores it. */
export type OrderSearch =
  | { kind: 'id'; id: string }
  | { kind: 'invoice'; numbers: string[] }
  /** Every key must be on the order; the longest (likely the rarest) first. */
  | { kind: 'keys'; keys: string[] };

export function orderSearchOf(q: string): OrderSearch | undefined {
  const text = q.trim();
  if (OBJECT_ID.test(text)) return { kind: 'id', id: text.toLowerCase() };
  // Invoice numbers are "INV/2026-27/000123": a slash is in no name, e-mail, phone or PIN.
  if (text.includes('/') && !/\s/.test(text))
    return { kind: 'invoice', numbers: [...new Set([text, text.toUpperCase()])] };
  if (/^[+\d\s()-]+$/.test(text)) {
    const phone = phoneKey(text);
    if (phone) return { kind: 'keys', keys: [phone] };
  }
  const keys = new Set<string>();
  for (const part of text.split(/\s+/)) {
    if (part.includes('@')) keys.add(emailKey(part));
    else for (const word of searchWords(part)) keys.add(word);
  }
  return keys.size ? { kind: 'keys', keys: [...keys].sort((a, b) => b.length - a.length) } : undefined;
}

/** GET /api/admin/orders: one tab of the owner's order list, a page at a time. */
export const adminOrdersQuerySchema = ordersExportQuerySchema.safeExtend({
  ...pageQuerySchema.shape,
  status: z.enum(ORDER_STATUSES, { error: MESSAGES.invalidOrderStatus }).default(DEFAULT_ORDER_STATUS),
  q: z
    .string({ error: ADMIN_ORDERS_TEXTS.searchNothing })
    .max(ORDER_SEARCH_MAX_CHARS, { error: ADMIN_ORDERS_TEXTS.searchTooLong })
    .transform((q) => q.trim())
    .refine((q) => q === '' || orderSearchOf(q) !== undefined, { error: ADMIN_ORDERS_TEXTS.searchNothing })
    .optional(),
});
export type AdminOrdersQuery = z.input<typeof adminOrdersQuerySchema>;

/** The page of the tab asked for, and how many orders each tab has for the same dates and search. */
export interface AdminOrdersPage extends Page<Order> {
  status: OrderStatus;
  counts: Record<OrderStatus, number>;
  /** The cash-on-delivery history of each shopper on the page, by userId; always sent by this server. */
  codHistory?: Record<string, CodHistory>;
}
