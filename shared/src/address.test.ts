import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, addressProblems, joinAddress, pinOf, splitAddress } from './address.js';
import { MESSAGES } from './messages.js';

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

describe('Indian address rules', () => {
  const rajkot = { street: '12 MG Road', city: 'Rajkot', state: 'Gujarat', country: 'India', zipCode: '360001' };

  it('accepts a 6-digit PIN and a state or union territory, in any letter case', () => {
    expect(addressProblems(rajkot)).toEqual({});
    expect(addressProblems({ ...rajkot, state: 'delhi', country: 'INDIA', zipCode: '110001' })).toEqual({});
    expect(INDIAN_STATES).toHaveLength(36);
  });

  it.each(['36000', '3600011', '060001', '36OO01', '360 001'])('refuses the PIN %s', (zipCode) => {
    expect(addressProblems({ ...rajkot, zipCode })).toEqual({ zipCode: MESSAGES.invalidPinCode });
  });

  it('refuses a state that is not on the list', () => {
    expect(addressProblems({ ...rajkot, state: 'Gujrat' })).toEqual({ state: MESSAGES.invalidIndianState });
  });

  it('names every blank field and keeps the spec rule for other countries', () => {
    expect(addressProblems({ ...rajkot, city: ' ', zipCode: '' })).toEqual({
      city: MESSAGES.fillAllAddressFields,
      zipCode: MESSAGES.fillAllAddressFields,
    });
    expect(addressProblems({ ...rajkot, state: 'Bagmati', country: 'Nepal', zipCode: '44600' })).toEqual({});
  });

  it('reads the PIN of a saved address, and none from an old free-form one', () => {
    expect(pinOf('12 MG Road, Rajkot, Gujarat, India, 360001')).toBe('360001');
    expect(pinOf('Near Kotecha Chowk, Rajkot')).toBeNull();
    expect(pinOf(null)).toBeNull();
  });
});
