import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './constants.js';

/**
 * The cookie the language selector writes, so the server renders the next page in the shopper's
 * language (the browser also keeps the choice in localStorage for pages the server did not render).
 */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * The selector without JavaScript: a GET form to this address (`lang`, and `back`, the page to return
 * to) sets the cookie and sends the browser back to the page, now in that language.
 */
export const LANGUAGE_SWITCH_PATH = '/language';

const CODES: readonly string[] = LANGUAGES.map((l) => l.code);

export const isLanguageCode = (value: unknown): value is LanguageCode =>
  typeof value === 'string' && CODES.includes(value);

/** The value of one cookie in a Cookie header, or undefined. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The best of our languages for an Accept-Language header ("hi-IN,hi;q=0.9,en;q=0.8"): highest
 * quality first, a regional tag counting as its language; undefined when none of ours is named.
 */
export function languageFromAcceptLanguage(header: string | undefined): LanguageCode | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((entry, position) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], quality: q === undefined ? 1 : Number(q), position };
    })
    .filter((r) => r.quality > 0 && isLanguageCode(r.language))
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  return ranked[0]?.language as LanguageCode | undefined;
}

/** The shopper's language for a page request: the selector's cookie, then Accept-Language, then English. */
export function negotiateLanguage(headers: { cookie?: string; 'accept-language'?: string }): LanguageCode {
  const chosen = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (isLanguageCode(chosen)) return chosen;
  return languageFromAcceptLanguage(headers['accept-language']) ?? DEFAULT_LANGUAGE;
}
