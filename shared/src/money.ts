import { PAISE_PER_RUPEE } from './constants.js';

/** Money is integer paise inside the server; rupees appear only at the edges (API, screen). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/**
 * Digits in the Indian grouping ("1,23,45,678.5"), exactly as `toLocaleString('en-IN', …)` writes
 * them, without Intl: a page's first Intl number format costs 20-60 ms on this machine's Chromium
 * (ICU loads its number data), one long task on a phone before any price can hydrate. `fractionDigits`
 * is the most decimals kept; with `keepZeros` they are always written (min = max), otherwise trailing
 * zeros go. Rounding is ICU's: on the shortest decimal that reads back as the number (0.285 → 0.29),
 * halves away from zero. money.test.ts compares it with toLocaleString over many values.
 */
export function formatIndianNumber(value: number, fractionDigits = 0, keepZeros = false): string {
  const decimal = String(Math.abs(value));
  if (!Number.isFinite(value) || decimal.includes('e')) {
    return value.toLocaleString('en-IN', {
      minimumFractionDigits: keepZeros ? fractionDigits : 0,
      maximumFractionDigits: fractionDigits,
    });
  }
  const [whole = '', fraction = ''] = decimal.split('.');
  // All digits kept as one integer (BigInt: no float on the way), plus one when the next digit is 5-9.
  const scaled =
    BigInt(whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0')) +
    (fraction.charCodeAt(fractionDigits) >= 53 ? 1n : 0n);
  const digits = String(scaled).padStart(fractionDigits + 1, '0');
  const int = digits.slice(0, digits.length - fractionDigits);
  let decimals = digits.slice(int.length);
  if (!keepZeros) while (decimals.endsWith('0')) decimals = decimals.slice(0, -1);
  // The last three digits, then pairs: 1,23,45,678.
  let grouped = int.slice(-3);
  for (let end = int.length - 3; end > 0; end -= 2) grouped = `${int.slice(Math.max(0, end - 2), end)},${grouped}`;
  // 1 / value is negative for negative numbers and for -0, which toLocaleString writes as "-0".
  return (1 / value < 0 ? '-' : '') + grouped + (decimals ? `.${decimals}` : '');
}

/** "₹1,299" or "₹1,299.50" in the Indian digit grouping. */
export function formatRupees(rupees: number): string {
  const hasFraction = Math.round(rupees * 100) % 100 !== 0;
  return `₹${formatIndianNumber(rupees, 2, hasFraction)}`;
}

/** Percent off, rounded; 0 when either price is missing (spec section 3, derived product card). */
export function discountPercent(mainPrice: number | null, offerPrice: number | null): number {
  if (!mainPrice || offerPrice === null || offerPrice === undefined) return 0;
  return Math.round(((mainPrice - offerPrice) / mainPrice) * 100);
}

/** Unit price a shopper pays: offerPrice, else mainPrice, else 0. */
export function unitPrice(p: { offerPrice: number | null; mainPrice: number | null }): number {
  return p.offerPrice ?? p.mainPrice ?? 0;
}
