import { ORDER_ID_DISPLAY_LENGTH } from '@kesh/shared';

/** en-IN's short month names (ICU's: "Sept", not "Sep"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/**
 * The date in the browser's time zone, as the platform's en-IN formatter writes it, built by hand: a
 * page's first Intl.DateTimeFormat loads the browser's locale and time-zone data, 40–90 ms of a
 * fresh tab in Chromium on the 2-core machine (measured 2026-11-28), on the orders table's first paint.
 * An unreadable date throws the platform's RangeError, as the formatter did.
 */
function dateParts(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

const dayMonthYear = (d: Date) => `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;

/** Spec section 2: dates in en-IN with day, short month and year ("5 Mar 2025"). */
export const formatDate = (iso: string) => dayMonthYear(dateParts(iso));

/** A date with its time on a 12-hour clock, as en-IN writes it ("5 Mar 2025, 6:05 pm"). */
export function formatDateTime(iso: string): string {
  const d = dateParts(iso);
  const hours = d.getHours();
  const minutes = String(d.getMinutes()).padStart(2, '0');
  return `${dayMonthYear(d)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** The order id as the admin table shows it: its last 8 characters. */
export const shortOrderId = (id: string) => id.slice(-ORDER_ID_DISPLAY_LENGTH);
