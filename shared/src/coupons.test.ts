import { describe, expect, it } from 'vitest';
import { COUPON_TEXTS, couponBodySchema, discountShares, priceOrder } from './coupons.js';

const lines = [
  { unitPricePaise: 49900, quantity: 2 },
  { unitPricePaise: 25050, quantity: 1 },
];

describe('priceOrder', () => {
  it('without a coupon: the subtotal is the total', () => {
    expect(priceOrder(lines, null)).toEqual({ subtotalPaise: 124850, discountPaise: 0, totalPaise: 124850 });
  });

  it('percent: rounded down to the paisa', () => {
    expect(priceOrder(lines, { kind: 'percent', percentOff: 15 })).toEqual({
      subtotalPaise: 124850,
      discountPaise: 18727,
      totalPaise: 106123,
    });
  });

  it('flat: never more than the subtotal', () => {
    expect(priceOrder(lines, { kind: 'flat', flatOffPaise: 10000 }).totalPaise).toBe(114850);
    expect(priceOrder(lines, { kind: 'flat', flatOffPaise: 999999 })).toEqual({
      subtotalPaise: 124850,
      discountPaise: 124850,
      totalPaise: 0,
    });
  });
});

describe('discountShares', () => {
  it('splits a discount in proportion, the last line taking the rounding, summing exactly', () => {
    const shares = discountShares([99800, 25050], 18727);
    expect(shares).toEqual([14969, 3758]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(18727);
    expect(discountShares([100, 200], 0)).toEqual([0, 0]);
  });
});

describe('couponBodySchema', () => {
  it('upper-cases the code and fills the defaults', () => {
    expect(couponBodySchema.parse({ code: ' diwali-10 ', kind: 'flat', flatOffPaise: 5000 })).toEqual({
      code: 'DIWALI-10',
      kind: 'flat',
      percentOff: null,
      flatOffPaise: 5000,
      minOrderPaise: 0,
      startsAt: null,
      endsAt: null,
      totalUses: null,
      usesPerCustomer: 1,
      active: true,
    });
  });

  it('needs the amount of the chosen kind', () => {
    expect(couponBodySchema.safeParse({ code: 'ABC', kind: 'percent' }).error?.issues[0]?.message).toBe(
      COUPON_TEXTS.percentInvalid,
    );
  });
});
