import { MESSAGES } from './messages.js';

/** The five address parts and how they travel as one string (spec section 3). */
export interface AddressParts {
  street: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
}

export const ADDRESS_FIELDS = ['street', 'city', 'state', 'country', 'zipCode'] as const;
export const ADDRESS_SEPARATOR = ', ';

export function joinAddress(parts: AddressParts): string {
  return ADDRESS_FIELDS.map((f) => parts[f].trim()).join(ADDRESS_SEPARATOR);
}

/** With five or more parts they fill the five fields; otherwise the whole string is the street. */
export function splitAddress(address: string | null | undefined): AddressParts {
  const empty = { street: '', city: '', state: '', country: '', zipCode: '' };
  if (!address) return empty;
  const parts = address.split(ADDRESS_SEPARATOR);
  if (parts.length < 5) return { ...empty, street: address };
  const [street, city, state, country, zipCode] = [
    parts.slice(0, parts.length - 4).join(ADDRESS_SEPARATOR),
    ...parts.slice(-4),
  ] as [string, string, string, string, string];
  return { street, city, state, country, zipCode };
}

/** The 28 states and 8 union territories of India, as the address stores them. */
export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

export const INDIA = 'India';
/** An Indian PIN code: six digits, the first (the postal region) never 0. */
export const PIN_CODE_PATTERN = /^[1-9]\d{5}$/;

export function isIndia(country: string): boolean {
  return country.trim().toLowerCase() === INDIA.toLowerCase();
}

const STATE_NAMES = new Set<string>(INDIAN_STATES.map((s) => s.toLowerCase()));

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressProblems = Partial<Record<AddressField, string>>;

/**
 * What is wrong with an address, field by field: a blank field, and for India a PIN that is not six
 * digits starting 1-9 or a state that is not one of the states and union territories. Other
 * countries keep the spec's only rule (every field filled).
 */
export function addressProblems(parts: AddressParts): AddressProblems {
  const problems: AddressProblems = {};
  for (const field of ADDRESS_FIELDS) if (!parts[field].trim()) problems[field] = MESSAGES.fillAllAddressFields;
  if (!isIndia(parts.country)) return problems;
  if (!problems.zipCode && !PIN_CODE_PATTERN.test(parts.zipCode.trim())) problems.zipCode = MESSAGES.invalidPinCode;
  if (!problems.state && !STATE_NAMES.has(parts.state.trim().toLowerCase()))
    problems.state = MESSAGES.invalidIndianState;
  return problems;
}

/** The 6-digit PIN of a joined address string, when its last part is one. */
export function pinOf(address: string | null | undefined): string | null {
  const zip = splitAddress(address).zipCode.trim();
  return PIN_CODE_PATTERN.test(zip) ? zip : null;
}
