import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

const platformDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const platformDateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

describe('admin dates', () => {
  it('writes the spec example and a time on a 12-hour clock', () => {
    const local = new Date(2025, 2, 5, 18, 5).toISOString();
    expect(formatDate(local)).toBe('5 Mar 2025');
    expect(formatDateTime(local)).toBe('5 Mar 2025, 6:05 pm');
    expect(formatDateTime(new Date(2025, 8, 30, 0, 0).toISOString())).toBe('30 Sept 2025, 12:00 am');
    expect(formatDateTime(new Date(2025, 11, 1, 12, 59).toISOString())).toBe('1 Dec 2025, 12:59 pm');
  });

  it('matches the platform en-IN formatter for every month and hour of a year', () => {
    for (let hour = 0; hour < 365 * 24; hour += 7) {
      const iso = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + (hour % 60) * 60_000).toISOString();
      expect(formatDate(iso)).toBe(platformDate.format(new Date(iso)));
      expect(formatDateTime(iso)).toBe(platformDateTime.format(new Date(iso)));
    }
  });

  it('refuses an unreadable date as the platform does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
    expect(() => formatDateTime('')).toThrow(RangeError);
  });
});
