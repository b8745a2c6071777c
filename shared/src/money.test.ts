import { describe, expect, it } from 'vitest';
import { discountPercent, formatRupees, paiseToRupees, rupeesToPaise, unitPrice } from './money.js';

describe('money', () => {
  it('converts rupees to integer paise without float drift', () => {
    expect(rupeesToPaise(349)).toBe(34900);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1299.99)).toBe(129999);
    expect(paiseToRupees(129999)).toBe(1299.99);
  });

  it('formats rupees with the ₹ symbol and Indian digit grouping', () => {
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(349.5)).toBe('₹349.50');
  });

  it('rounds the percent off and gives 0 when a price is missing', () => {
    expect(discountPercent(449, 349)).toBe(22);
    expect(discountPercent(null, 349)).toBe(0);
    expect(discountPercent(449, null)).toBe(0);
  });

  it('charges offerPrice, else mainPrice, else 0', () => {
    expect(unitPrice({ offerPrice: 349, mainPrice: 449 })).toBe(349);
    expect(unitPrice({ offerPrice: null, mainPrice: 449 })).toBe(449);
    expect(unitPrice({ offerPrice: null, mainPrice: null })).toBe(0);
  });
});
