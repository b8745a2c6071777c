import { PHONE_DIGITS } from '@kesh/shared';

interface SearchableUser {
  username?: string | null;
  email?: string | null;
  contact?: string | null;
}

const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * What an account is found by, each stored whole and lower-cased in one multikey index: the full
 * name, every later word of it ("shah" finds "Kiran Shah"), the e-mail address and the phone
 * number. A search is then one index range (every key beginning with the query), which the embedded
 * engine and mongod both answer with an IXSCAN, where a regular expression would read every user.
 */
export function userSearchKeysOf(user: SearchableUser): string[] {
  const keys = new Set<string>();
  const name = folded(user.username ?? '');
  if (name) keys.add(name);
  for (const word of name.split(' ').slice(1)) keys.add(word);
  const email = folded(user.email ?? '');
  if (email) keys.add(email);
  const phone = (user.contact ?? '').replace(/\D/g, '');
  if (phone) keys.add(phone);
  return [...keys];
}

/** A number as people write it: "+91 98765-43210", "098765 43210". */
const PHONE_WRITTEN = /^\+?[\d\s()-]+$/;

/** The key prefix a search looks up: a phone number loses its spacing and country code. */
export function userSearchPrefix(q: string): string {
  if (PHONE_WRITTEN.test(q) && /\d/.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits.length > PHONE_DIGITS && digits.startsWith('91')) return digits.slice(2);
    if (digits.length > PHONE_DIGITS && digits.startsWith('0')) return digits.slice(1);
    return digits;
  }
  return folded(q);
}

/**
 * Every key that begins with `prefix`: from the prefix up to the prefix with its last character
 * raised by one, an order UTF-16 (the embedded engine) and UTF-8 (mongod) strings agree on.
 */
export function keysBeginningWith(prefix: string): { $gte: string; $lt: string } {
  const chars = Array.from(prefix);
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return { $gte: prefix, $lt: chars.join('') + String.fromCodePoint(last + 1) };
}
