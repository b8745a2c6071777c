import { createContext, use, useContext, useMemo, useSyncExternalStore } from 'react';
import {
  cookieValue,
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
  STORAGE_KEYS,
  type LanguageCode,
} from '@kesh/shared';
import { pageData } from '../api/pageData';
import english from './locales/en/common.json';
import { fixedT, type Library, type TFunction, type Words } from './translate';

export type { TFunction } from './translate';

/**
 * Catalogues are message files, one per language and namespace: i18n/locales/<language>/<namespace>.json
 * (i18next's JSON format, which translators' tools read; decision 0029). "common" holds the header's
 * and footer's words: English is bundled, another language is fetched only for a page in it, and the
 * server preloads it with the page. Every other namespace (a feature's words: "cart", "checkout.coupon",
 * "admin") is fetched when a page first needs it, in the page's language only, so a page carries only
 * its own words. English is the fallback for anything missing (locales.test.ts keeps nothing missing).
 */
export type Catalogue = Record<LanguageCode, Record<string, unknown>>;

type Load = () => Promise<{ default: Words }>;
const files = import.meta.glob<{ default: Words }>(['./locales/*/*.json', '!./locales/en/common.json']);
/** "<language>/<namespace>" -> the load of its file. */
const loaders = new Map<string, Load>();
const loaderKey = (language: LanguageCode, namespace: string) => `${language}/${namespace}`;
for (const [file, load] of Object.entries(files)) {
  const match = /locales\/(\w+)\/(.+)\.json$/.exec(file);
  if (match?.[1] && match[2]) loaders.set(`${match[1]}/${match[2]}`, load);
}
/** Every namespace the translator can fetch (the owner's "admin*" ones too). */
export const NAMESPACES = [...new Set([...loaders.keys()].map((key) => key.slice(key.indexOf('/') + 1)))].filter(
  (namespace) => namespace !== 'common',
);

/** Registers a namespace whose words are fetched when a component first asks for them (one loader for every language). */
export function addNamespaceLoader(namespace: string, load: () => Promise<{ default: Catalogue }>) {
  for (const code of SUPPORTED)
    loaders.set(loaderKey(code, namespace), () => load().then((m) => ({ default: m.default[code] ?? {} })));
}

export const SUPPORTED = LANGUAGES.map((l) => l.code) as LanguageCode[];

const library: Library = { en: { common: english } };

function addWords(language: LanguageCode, namespace: string, words: Words) {
  (library[language] ??= {})[namespace] = words;
}

/** One load per namespace or language, shared by everyone who asks (and stable for React's use()). */
const loading = new Map<string, Promise<void>>();
function once(id: string, load: () => Promise<void>): Promise<void> {
  let promise = loading.get(id);
  if (!promise) {
    promise = load();
    loading.set(id, promise);
    // A failed fetch (a dropped connection) may be tried again by the next page that needs it.
    promise.catch(() => loading.delete(id));
  }
  return promise;
}

const hasWords = (language: LanguageCode, namespace: string) => library[language]?.[namespace] !== undefined;

/** A promise React's use() reads at once: already settled, in the shape React records a settled one in. */
const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** What useTranslation waits for: the namespace's file in this language, or SETTLED when its words are in (or there is none). */
function namespaceReady(language: LanguageCode, namespace: string): Promise<void> {
  return hasWords(language, namespace) || !loaders.has(loaderKey(language, namespace))
    ? SETTLED
    : loadWords(language, namespace);
}

function loadWords(language: LanguageCode, namespace: string): Promise<void> {
  const load = loaders.get(loaderKey(language, namespace));
  if (!load || hasWords(language, namespace)) return Promise.resolve();
  return once(loaderKey(language, namespace), () => load().then((mod) => addWords(language, namespace, mod.default)));
}

/** The namespaces some page has loaded so far, in whichever language. */
const loadedNamespaces = () => new Set(Object.values(library).flatMap((namespaces) => Object.keys(namespaces ?? {})));

/**
 * The language the server rendered the page in (so hydration matches it), else the selector's
 * cookie, else the choice kept in this browser, else English.
 */
function initialLanguage(): LanguageCode {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const candidates = [
    pageData().language,
    cookieValue(document.cookie, LANGUAGE_COOKIE),
    localStorage.getItem(STORAGE_KEYS.language),
  ];
  return candidates.find(isLanguageCode) ?? DEFAULT_LANGUAGE;
}

let current: LanguageCode | undefined;
/** The page's language, worked out on first use rather than while this file loads (see startI18n). */
const currentLanguage = (): LanguageCode => (current ??= initialLanguage());

/**
 * What hydration renders in: the page's language when it first hydrated (the server's, which
 * initialLanguage puts first), for the page's whole life. A part of the page that hydrates late (the
 * home page's carousels wait for their code) may do so after the shopper picked another language;
 * rendered in that one, its text would not match the server's (React error 418). React shows the
 * chosen language right after it has hydrated.
 */
let hydratedLanguage: LanguageCode | undefined;
const serverRenderedLanguage = (): LanguageCode => (hydratedLanguage ??= currentLanguage());
const listeners = new Set<() => void>();

/** The choice goes to the page, to this browser and to the cookie the server renders the next page by. */
function rememberLanguage(code: LanguageCode) {
  document.documentElement.lang = code;
  localStorage.setItem(STORAGE_KEYS.language, code);
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}

const i18n = {
  get language(): LanguageCode {
    return currentLanguage();
  },
  /** Fetches the language's words of every namespace shown so far, then shows every page in it. */
  async changeLanguage(code: string): Promise<void> {
    const language = isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
    await Promise.all([...loadedNamespaces()].map((namespace) => loadWords(language, namespace)));
    current = language;
    if (typeof document !== 'undefined') rememberLanguage(language);
    for (const listener of listeners) listener();
  },
  /** Fetches namespaces in the page's language, or in the languages named. */
  loadNamespaces(
    namespaces: string | readonly string[],
    languages: readonly LanguageCode[] = [currentLanguage()],
  ): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(languages.flatMap((language) => list.map((namespace) => loadWords(language, namespace)))).then(
      () => undefined,
    );
  },
  loadLanguages(languages: readonly LanguageCode[]): Promise<void> {
    return Promise.all(languages.map((language) => loadWords(language, 'common'))).then(() => undefined);
  },
  /** A t() for one language whatever the page's (an order's notice in the shopper's language). */
  getFixedT(language: string, namespace = 'common'): TFunction {
    return fixedT(library, isLanguageCode(language) ? language : DEFAULT_LANGUAGE, namespace);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
export default i18n;

/**
 * Starts the translator: the page's language on <html lang>, and a promise that settles once its
 * common words are in (at once for English, after one small fetch for the others). boot.tsx calls it
 * and renders (or hydrates) only then, so the first render is complete. Called, not run as this file
 * loads: the app shell's top level touches no DOM, cookie or network, because such a call made while
 * a bundled file's top level is on the stack costs a re-parse of that whole file (milliseconds per
 * 10 kB on the main thread) whenever Chromium records stacks (Lighthouse's trace, DevTools).
 */
export function startI18n(): Promise<void> {
  const language = currentLanguage();
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  return loadWords(language, 'common');
}

/**
 * The language a subtree renders in, when it is not the browser's choice: the server renders each
 * request in its shopper's language, several at once.
 */
export const LanguageContext = createContext<LanguageCode | undefined>(undefined);

/**
 * react-i18next's hook, for this translator: `t` for the namespace (suspending while its words are
 * fetched), re-rendered when the shopper picks another language.
 */
export function useTranslation(namespace = 'common'): {
  t: TFunction;
  i18n: typeof i18n & { language: LanguageCode };
} {
  const chosen = useSyncExternalStore(i18n.subscribe, currentLanguage, serverRenderedLanguage);
  const language = useContext(LanguageContext) ?? chosen;
  // Called on every render, loaded or not: React replays a component that suspended here once the
  // words arrive, and a replay that skipped this call would meet useMemo as an update on a first
  // render and fail (React error 467, recovered with 520).
  use(namespaceReady(language, namespace));
  const t = useMemo(() => fixedT(library, language, namespace), [language, namespace]);
  return { t, i18n: language === i18n.language ? i18n : { ...i18n, language } };
}
