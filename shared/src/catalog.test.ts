import { describe, expect, it } from 'vitest';
import { matchesSearch, searchWords, sortProducts } from './catalog.js';
import { productListQuerySchema } from './schemas.js';
import { MESSAGES } from './messages.js';

describe('search words', () => {
  it('splits on anything but letters, marks and digits, keeping Indic vowel signs and virama inside words', () => {
    expect(searchWords('Bhringraj, Amla & 100ml!')).toEqual(['bhringraj', 'amla', '100ml']);
    expect(searchWords('भृंगराज बालों का तेल।')).toEqual(['भृंगराज', 'बालों', 'का', 'तेल']);
    expect(searchWords('આમળા વાળનું તેલ')).toEqual(['આમળા', 'વાળનું', 'તેલ']);
  });

  it('spells a word one way whatever the input form: NFC, lower case, no zero-width joiners', () => {
    expect(searchWords('CAFE\u0301')).toEqual(searchWords('café'));
    expect(searchWords('\u095B')).toEqual(['\u091C\u093C']);
    expect(searchWords('क्\u200Dष')).toEqual(searchWords('क्ष'));
  });

  it('matches when every query word begins some word of the product', () => {
    const words = searchWords('भृंगराज बालों का तेल');
    expect(matchesSearch(words, searchWords('बाल तेल'))).toBe(true);
    expect(matchesSearch(words, searchWords('बाल शैम्पू'))).toBe(false);
  });
});

describe('sortProducts', () => {
  const list = [
    { id: 'a', mainPrice: 500, offerPrice: 400 },
    { id: 'b', mainPrice: 300, offerPrice: 150 },
    { id: 'c', mainPrice: 900, offerPrice: null },
    { id: 'd', mainPrice: null, offerPrice: 150 },
  ];
  const ids = (l: { id: string }[]) => l.map((p) => p.id);

  it('orders by the price paid either way, ties in catalogue order, and by percent off', () => {
    expect(ids(sortProducts(list, 'price-asc'))).toEqual(['b', 'd', 'a', 'c']);
    expect(ids(sortProducts(list, 'price-desc'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(sortProducts(list, 'discount'))).toEqual(['b', 'a', 'c', 'd']);
    expect(ids(sortProducts(list, undefined))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('productListQuerySchema', () => {
  it('reads an empty sort as none and refuses unknown sorts and overlong queries with their messages', () => {
    expect(productListQuerySchema.parse({ q: 'oil', sort: '' })).toEqual({ q: 'oil', sort: undefined });
    expect(productListQuerySchema.safeParse({ sort: 'cheap' }).error?.issues[0]?.message).toBe(
      MESSAGES.invalidProductSort,
    );
    expect(productListQuerySchema.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe(
      MESSAGES.invalidSearch,
    );
  });
});
