import { TRANSLATED_LANGUAGES, searchWords, type ProductTranslations } from '@kesh/shared';

/**
 * Longest word beginning kept in the index. A longer query word is looked up by its first
 * SEARCH_KEY_MAX_CHARS characters and then checked whole against the product's words.
 */
export const SEARCH_KEY_MAX_CHARS = 20;

interface SearchableText {
  title?: string | null;
  subtitle?: string | null;
  description?: string | null;
  translations?: ProductTranslations | null;
}

/** The text fields search reads, in every language: the product is found by its name in any of them. */
export const SEARCHED_FIELDS = ['title', 'subtitle', 'description'] as const;

/** The words a product is found by: its title, subtitle and description in every language (see searchWords). */
export function productWords(p: SearchableText): string[] {
  const texts = [p, ...TRANSLATED_LANGUAGES.map((code) => p.translations?.[code])];
  return searchWords(
    texts
      .flatMap((text) => SEARCHED_FIELDS.map((field) => text?.[field]))
      .filter(Boolean)
      .join(' '),
  );
}

const codePoints = (word: string) => Array.from(word);

/**
 * Every beginning of every word, up to SEARCH_KEY_MAX_CHARS code points: "amla" → a, am, aml, amla.
 * Stored as a multikey array with an ascending index, so "a word begins with X" is an exact index
 * lookup of X, which every engine (the embedded one, mongod, Atlas) answers with an IXSCAN.
 */
export function searchKeysOf(p: SearchableText): string[] {
  const keys = new Set<string>();
  for (const word of productWords(p)) {
    const chars = codePoints(word);
    for (let n = 1; n <= Math.min(chars.length, SEARCH_KEY_MAX_CHARS); n++) keys.add(chars.slice(0, n).join(''));
  }
  return [...keys];
}

/** The index key a query word is looked up by. */
export const searchKeyOfWord = (word: string) => codePoints(word).slice(0, SEARCH_KEY_MAX_CHARS).join('');
