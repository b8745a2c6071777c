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
