import { PAISE_PER_RUPEE } from './constants.js';

/** Money is integer paise inside the server; rupees appear only at the edges (API, screen). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** "₹1,299" or "₹1,299.50" in the Indian digit grouping. */
export function formatRupees(rupees: number): string {
  const hasFraction = Math.round(rupees * 100) % 100 !== 0;
  return `₹${rupees.toLocaleString('en-IN', {
    minimumFractionDigits: hasFraction ? 2 : 0,
    maximumFractionDigits: 2,
  })}`;
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
