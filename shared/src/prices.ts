import { formatRupees, paiseToRupees } from './money.js';

/**
 * The most any price or money setting of the shop may be: ₹10,00,000 (10 crore paise). Far above
 * anything this shop sells or a cart of it reaches, so a typo of a few extra digits is refused
 * rather than saved, and every sum of prices stays an exact integer of paise (a total of 100 lines
 * at this price is 10^10 paise, far below 2^53).
 */
export const MAX_PRICE_PAISE = 100_000_000;

/** Rupees as the owner types them: digits, and at most 2 decimals (paise). No sign, no exponent. */
const RUPEES_PATTERN = /^\d{1,7}(?:\.\d{1,2})?$/;

export const PRICE_TEXTS = {
  invalid: `A price is an amount from ₹0 to ${formatRupees(paiseToRupees(MAX_PRICE_PAISE))}, with at most 2 decimals.`,
} as const;

/** The paise of a typed rupee amount, or null when it is not one PRICE_TEXTS.invalid allows. */
export function parseRupees(typed: string): number | null {
  if (!RUPEES_PATTERN.test(typed)) return null;
  const [whole = '0', fraction = ''] = typed.split('.');
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return paise <= MAX_PRICE_PAISE ? paise : null;
}
