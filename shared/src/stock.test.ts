import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from './constants.js';
import { checkDelivery, DEFAULT_DELIVERY_SETTINGS } from './delivery.js';
import { isOutOfStock, stockBadge } from './stock.js';

describe('stockBadge', () => {
  it('says nothing for uncounted or plentiful stock, "only N left" at the threshold or below, out at 0', () => {
    expect(stockBadge(null)).toBeNull();
    expect(stockBadge(undefined)).toBeNull();
    expect(stockBadge(LOW_STOCK_THRESHOLD + 1)).toBeNull();
    expect(stockBadge(LOW_STOCK_THRESHOLD)).toEqual({ kind: 'low', left: LOW_STOCK_THRESHOLD });
    expect(stockBadge(1)).toEqual({ kind: 'low', left: 1 });
    expect(stockBadge(0)).toEqual({ kind: 'out' });
    expect(isOutOfStock(0)).toBe(true);
    expect(isOutOfStock(null)).toBe(false);
  });
});

describe('checkDelivery and cash on delivery', () => {
  it("sends the owner's COD limit and fee only where cash on delivery is allowed", () => {
    const settings = {
      ...DEFAULT_DELIVERY_SETTINGS,
      codFeePaise: 4900,
      areas: [
        { pins: '360', cod: true, etaDays: [1, 2] as [number, number] },
        { pins: '380', cod: false, etaDays: [2, 3] as [number, number] },
      ],
    };
    expect(checkDelivery(settings, '360001')).toEqual({
      serviceable: true,
      cod: true,
      etaDays: [1, 2],
      codCapPaise: 500000,
      codFeePaise: 4900,
    });
    expect(checkDelivery(settings, '380001')).toEqual({ serviceable: true, cod: false, etaDays: [2, 3] });
  });
});
