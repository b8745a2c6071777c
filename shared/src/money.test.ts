import { describe, expect, it } from 'vitest';
import { discountPercent, formatIndianNumber, formatRupees, paiseToRupees, rupeesToPaise, unitPrice } from './money.js';

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
    expect(formatRupees(12345678.9)).toBe('₹1,23,45,678.90');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(-50)).toBe('₹-50');
  });

  it('writes numbers exactly as toLocaleString("en-IN") does, without Intl', () => {
    const intl = (value: number, digits: number, keepZeros: boolean) =>
      value.toLocaleString('en-IN', { minimumFractionDigits: keepZeros ? digits : 0, maximumFractionDigits: digits });
    // Every paise amount a shop shows, halves and float ties (1.005, 4.35, 0.125), signs, zeros, large.
    const values = [
      0,
      -0,
      0.5,
      0.125,
      0.285,
      1.005,
      4.35,
      8.345,
      999.995,
      1e3,
      1e5,
      99999.999,
      1e14 + 0.5,
      -0.001,
      -1234.5,
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 3000; i++) {
      values.push(
        Math.round(random() * 10 ** (1 + (i % 10))) / 100,
        random() * 10 ** (i % 13) * (i % 5 === 0 ? -1 : 1),
      );
    }
    for (const value of values) {
      for (const [digits, keepZeros] of [
        [0, false],
        [2, false],
        [2, true],
        [3, true],
      ] as const) {
        expect(formatIndianNumber(value, digits, keepZeros), `${value} ${digits} ${keepZeros}`).toBe(
          intl(value, digits, keepZeros),
        );
      }
    }
    expect(formatIndianNumber(10_000)).toBe('10,000');
    expect(formatIndianNumber(Number.NaN)).toBe('NaN');
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
