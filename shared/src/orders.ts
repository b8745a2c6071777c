import type { OrderStatus } from './constants.js';
import type { VariantRef } from './variants.js';

/** The store's cancellation policy (spec section 9): free within 24 h, then a 10 % fee until shipped. */
export const FREE_CANCELLATION_MS = 24 * 60 * 60 * 1000;
export const CANCELLATION_FEE_PERCENT = 10;

/** GST defaults for a product the owner left without them: HSN 3305 (preparations for use on the hair), 18 %. */
export const DEFAULT_HSN_CODE = '3305';
export const DEFAULT_GST_RATE_PERCENT = 18;
export const GST_RATES_PERCENT = [0, 5, 12, 18, 28] as const;
/** The cash-on-delivery fee is a courier service on the invoice: SAC 9968 (postal and courier services), 18 %. */
export const COD_FEE_SAC = '9968';
export const COD_FEE_GST_RATE_PERCENT = 18;
/** How invoices, the CSV export and the shop's mails name a cash-on-delivery payment. */
export const COD_PAYMENT_TEXT = 'Cash on delivery';

export const REFUND_STATUSES = ['pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const STATS_DEFAULT_DAYS = 30;
/** Three years and a day: the owner compares this year with the two before it. */
export const STATS_MAX_DAYS = 1096;
export const STATS_TOP_PRODUCTS = 5;

/** Indian Standard Time, the shop's clock for days and financial years. */
export const IST_OFFSET = '+05:30';
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

export interface OrderTimelineEntry {
  status: OrderStatus;
  /** ISO time. */
  at: string;
}

export interface OrderShipment {
  courier: string;
  trackingNumber: string;
  trackingUrl: string;
}

export interface OrderRefund {
  /** The provider's refund id; null while the request to the provider is under way. */
  id: string | null;
  amountPaise: number;
  /** Rupees, for display. */
  amount: number;
  status: RefundStatus;
}

export interface CancellationQuote {
  refundPaise: number;
  feePaise: number;
  /** Rupees, for display. */
  refundAmount: number;
  fee: number;
  /** Until this ISO time cancelling is free. */
  freeUntil: string;
}

/**
 * What cancelling a Processing order refunds at `now`: everything within 24 h of placing it, the
 * total less 10 % (rounded to the paisa) after that.
 */
export function cancellationQuote(totalPaise: number, placedAt: Date, now: Date): CancellationQuote {
  const freeUntil = new Date(placedAt.getTime() + FREE_CANCELLATION_MS);
  const feePaise = now.getTime() <= freeUntil.getTime() ? 0 : Math.round((totalPaise * CANCELLATION_FEE_PERCENT) / 100);
  const refundPaise = totalPaise - feePaise;
  return {
    refundPaise,
    feePaise,
    refundAmount: refundPaise / 100,
    fee: feePaise / 100,
    freeUntil: freeUntil.toISOString(),
  };
}

/** "2026-27" for any day from 1 April 2026 to 31 March 2027, Indian time. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/** "YYYY-MM-DD" of a time in Indian time. */
export function istDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The start of an Indian calendar day ("YYYY-MM-DD") as an instant. */
export function istDayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000${IST_OFFSET}`);
}

/** A wa.me link that opens a chat with an Indian number (10 digits, or already with 91) with text. */
export function whatsappLink(contact: string, text: string): string | null {
  const digits = contact.replace(/\D/g, '');
  const international =
    digits.length === 10 ? `91${digits}` : digits.length === 12 && digits.startsWith('91') ? digits : null;
  return international ? `https://wa.me/${international}?text=${encodeURIComponent(text)}` : null;
}

export interface SalesDay {
  /** YYYY-MM-DD, Indian time. */
  day: string;
  orders: number;
  /** Paid less refunded, paise. */
  revenuePaise: number;
}

export interface SalesStats {
  days: number;
  from: string;
  to: string;
  perDay: SalesDay[];
  totals: {
    revenuePaise: number;
    orders: number;
    averageOrderValuePaise: number;
    payingCustomers: number;
  };
  /** Per product and variant (`variant` null for a product without variants; always sent by this server). */
  topProducts: {
    productId: string;
    title: string;
    quantity: number;
    revenuePaise: number;
    variant?: VariantRef | null;
  }[];
  refunds: { count: number; amountPaise: number; failed: number };
}
