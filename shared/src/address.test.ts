import { describe, expect, it } from 'vitest';
import { joinAddress, splitAddress } from './address.js';

describe('address string', () => {
  const parts = { street: '12 MG Road', city: 'Rajkot', state: 'Gujarat', country: 'India', zipCode: '360001' };

  it('joins the five parts with ", "', () => {
    expect(joinAddress(parts)).toBe('12 MG Road, Rajkot, Gujarat, India, 360001');
  });

  it('splits a five-part string back into the five fields', () => {
    expect(splitAddress('12 MG Road, Rajkot, Gujarat, India, 360001')).toEqual(parts);
  });

  it('keeps extra parts in the street instead of dropping them', () => {
    expect(splitAddress('Flat 4, 12 MG Road, Rajkot, Gujarat, India, 360001').street).toBe('Flat 4, 12 MG Road');
  });

  it('puts a string of fewer than five parts wholly into the street', () => {
    expect(splitAddress('Near the temple, Rajkot')).toEqual({
      street: 'Near the temple, Rajkot',
      city: '',
      state: '',
      country: '',
      zipCode: '',
    });
    expect(splitAddress(null).street).toBe('');
  });
});
