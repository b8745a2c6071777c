import { describe, expect, it } from 'vitest';
import { fixedT, type Library } from './translate';

/** The storefront's translator reads the catalogues the way i18next did, so every text stays as it was. */
const library: Library = {
  en: {
    common: { nav: { home: 'Home' }, close: 'Close', only: 'Only in English' },
    catalog: {
      reviews_one: '({{count}} review)',
      reviews_other: '({{count}} reviews)',
      price: '₹{{amount}} for {{ name }}',
      benefits: ['Strong roots', 'Less fall'],
    },
  },
  hi: {
    common: { nav: { home: 'होम' }, close: 'बंद करें' },
    catalog: { reviews_one: '({{count}} समीक्षा)', reviews_other: '({{count}} समीक्षाएँ)' },
  },
};

describe('translate', () => {
  it('reads nested keys in the page language and fills placeholders', () => {
    expect(fixedT(library, 'hi', 'common')('nav.home')).toBe('होम');
    expect(fixedT(library, 'en', 'catalog')('price', { amount: 240, name: 'Neem oil' })).toBe('₹240 for Neem oil');
  });

  it('picks the plural form by the language rules', () => {
    const t = fixedT(library, 'en', 'catalog');
    expect(t('reviews', { count: 1 })).toBe('(1 review)');
    expect(t('reviews', { count: 12 })).toBe('(12 reviews)');
    // Hindi counts 0 and 1 as "one".
    expect(fixedT(library, 'hi', 'catalog')('reviews', { count: 0 })).toBe('(0 समीक्षा)');
    expect(fixedT(library, 'hi', 'catalog')('reviews', { count: 3 })).toBe('(3 समीक्षाएँ)');
  });

  it('falls back to English, then to the default value, then to the key', () => {
    const t = fixedT(library, 'hi', 'common');
    expect(t('only')).toBe('Only in English');
    expect(t('missing', { defaultValue: 'As the server said' })).toBe('As the server said');
    expect(t('missing.key')).toBe('missing.key');
  });

  it('reads another namespace by prefix and returns lists when asked', () => {
    expect(fixedT(library, 'hi', 'catalog')('common:close')).toBe('बंद करें');
    expect(fixedT(library, 'en', 'catalog')('benefits', { returnObjects: true })).toEqual([
      'Strong roots',
      'Less fall',
    ]);
    // Without returnObjects a list is not a text.
    expect(fixedT(library, 'en', 'catalog')('benefits')).toBe('benefits');
  });
});
