import { DEFAULT_LANGUAGE, type LanguageCode } from '@kesh/shared';

/**
 * The storefront's translator: i18next's call shape (`t(key, vars)`, nested keys with dots,
 * `{{name}}` placeholders, `_one`/`_other` plurals by `count`, `returnObjects`, `defaultValue`,
 * a `namespace:key` prefix) in the few hundred bytes the shop needs, where i18next and react-i18next
 * cost 16 kB gzipped of the first download. English is the fallback for a key a language lacks.
 */

/** Words of one namespace in one language: nested objects, strings and lists of them. */
export type Words = Record<string, unknown>;

/** The words in memory: language -> namespace -> words. */
export type Library = Partial<Record<LanguageCode, Record<string, Words>>>;

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  /** Lists and objects (a catalogue's `benefits: [...]`) instead of only strings. */
  returnObjects?: boolean;
  [name: string]: unknown;
}

export interface TFunction {
  (key: string, options: TranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TranslateOptions): string;
}

function lookup(words: Words | undefined, key: string): unknown {
  let node: unknown = words;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: LanguageCode, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const interpolate = (text: string, options: TranslateOptions) =>
  text.replace(PLACEHOLDER, (_, name: string) => {
    const value = lookup(options, name);
    return value === undefined || value === null ? '' : String(value);
  });

/** A namespace prefix ("common:close") names the namespace only when one by that name exists. */
function split(key: string, namespace: string, library: Library): [string, string] {
  const colon = key.indexOf(':');
  if (colon > 0) {
    const prefix = key.slice(0, colon);
    if (Object.values(library).some((namespaces) => namespaces && prefix in namespaces)) {
      return [prefix, key.slice(colon + 1)];
    }
  }
  return [namespace, key];
}

function find(library: Library, language: LanguageCode, namespace: string, key: string, count: number | undefined) {
  const words = library[language]?.[namespace];
  if (count !== undefined) {
    const plural = lookup(words, `${key}_${pluralCategory(language, count)}`) ?? lookup(words, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(words, key);
}

/** A t() bound to one language and namespace, reading the library as it is when called. */
export function fixedT(library: Library, language: LanguageCode, namespace: string): TFunction {
  return ((rawKey: string, options: TranslateOptions = {}) => {
    const [ns, key] = split(rawKey, namespace, library);
    let value = find(library, language, ns, key, options.count);
    if (value === undefined && language !== DEFAULT_LANGUAGE) {
      value = find(library, DEFAULT_LANGUAGE, ns, key, options.count);
    }
    if (typeof value === 'string') return interpolate(value, options);
    if (value !== undefined && options.returnObjects) return value;
    return options.defaultValue ?? rawKey;
  }) as TFunction;
}
