import { describe, expect, it } from 'vitest';
import { cancellationQuote, financialYear, istDay, whatsappLink } from './orders.js';

describe('cancellationQuote', () => {
  const placed = new Date('2026-11-20T06:00:00.000Z');
  it('refunds everything up to 24 hours after placing', () => {
    expect(cancellationQuote(99999, placed, new Date('2026-11-21T06:00:00.000Z'))).toEqual({
      refundPaise: 99999,
      feePaise: 0,
      refundAmount: 999.99,
      fee: 0,
      freeUntil: '2026-11-21T06:00:00.000Z',
    });
  });
  it('keeps 10 %, rounded to the paisa, after that', () => {
    const quote = cancellationQuote(99999, placed, new Date('2026-11-21T06:00:00.001Z'));
    expect(quote).toMatchObject({ refundPaise: 89999, feePaise: 10000 });
    expect(cancellationQuote(1005, placed, new Date('2026-12-01T00:00:00Z'))).toMatchObject({
      refundPaise: 904,
      feePaise: 101,
    });
  });
});

describe('financialYear and istDay', () => {
  it('turns the year on 1 April in India', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59.999Z'))).toBe('2026-27');
    expect(financialYear(new Date('2027-03-31T18:30:00.000Z'))).toBe('2027-28');
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });
  it('dates a moment by the Indian calendar', () => {
    expect(istDay(new Date('2026-11-19T18:29:00Z'))).toBe('2026-11-19');
    expect(istDay(new Date('2026-11-19T18:30:00Z'))).toBe('2026-11-20');
  });
});

describe('whatsappLink', () => {
  it('builds a wa.me link for an Indian number with the text encoded', () => {
    expect(whatsappLink('98765 43210', 'Order #1 & more')).toBe(
      'https://wa.me/919876543210?text=Order%20%231%20%26%20more',
    );
    expect(whatsappLink('+91 98765 43210', 'Hi')).toBe('https://wa.me/919876543210?text=Hi');
    expect(whatsappLink('12345', 'Hi')).toBeNull();
  });
});
