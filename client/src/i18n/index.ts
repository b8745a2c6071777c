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
import english from './common';
import { fixedT, type Library, type TFunction, type Words } from './translate';

export type { TFunction } from './translate';

/**
 * Catalogues: the namespace "common" (the header's and footer's words: English in i18n/common.ts,
 * bundled; the other languages in i18n/common.<code>.ts, each fetched only for a page in that
 * language, which the server preloads with the page) plus one
 * `i18n.ts` per feature folder, whose namespace is the folder name (features/cart/i18n.ts ->
 * useTranslation('cart')), fetched when a page first needs it so the first load carries only its own
 * words. Each exports { en, hi, mr, gu }; English is the fallback for anything missing.
 */
export type Catalogue = Record<LanguageCode, Record<string, unknown>>;

// The admin catalogue is added by the admin area itself (addCatalogue).
const featureCatalogues = import.meta.glob<{ default: Catalogue }>(['../features/**/i18n.ts', '!../features/admin/**']);
const loaders = new Map<string, () => Promise<{ default: Catalogue }>>();
for (const [file, load] of Object.entries(featureCatalogues)) {
  const match = /features\/(.+)\/i18n\.ts$/.exec(file);
  if (match?.[1]) loaders.set(match[1].replace(/\//g, '.'), load);
}
/** Every feature namespace the storefront can fetch. */
export const FEATURE_NAMESPACES = [...loaders.keys()];

/** Registers a namespace whose catalogue is fetched when a component first asks for its words. */
export function addNamespaceLoader(namespace: string, load: () => Promise<{ default: Catalogue }>) {
  loaders.set(namespace, load);
}

const commonLoaders: Partial<Record<LanguageCode, () => Promise<{ default: Words }>>> = {
  hi: () => import('./common.hi'),
  mr: () => import('./common.mr'),
  gu: () => import('./common.gu'),
};

export const SUPPORTED = LANGUAGES.map((l) => l.code) as LanguageCode[];

const library: Library = { en: { common: english } };

function addWords(language: LanguageCode, namespace: string, words: Words) {
  (library[language] ??= {})[namespace] = words;
}

/** Registers a catalogue loaded after start-up (a lazily loaded area's own namespace). */
export function addCatalogue(namespace: string, catalogue: Catalogue) {
  for (const code of SUPPORTED) addWords(code, namespace, catalogue[code] ?? {});
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

const hasNamespace = (namespace: string) => namespace === 'common' || library.en?.[namespace] !== undefined;

/** A promise React's use() reads at once: already settled, in the shape React records a settled one in. */
const SETTLED = Object.assign(Promise.resolve(), { status: 'fulfilled' as const, value: undefined });

/** What useTranslation waits for: the namespace's load, or SETTLED when its words are in (or it has none to load). */
function namespaceReady(namespace: string): Promise<void> {
  return hasNamespace(namespace) || !loaders.has(namespace) ? SETTLED : loadNamespace(namespace);
}

function loadNamespace(namespace: string): Promise<void> {
  if (hasNamespace(namespace)) return Promise.resolve();
  const load = loaders.get(namespace);
  if (!load) return Promise.resolve();
  return once(`ns:${namespace}`, () => load().then((mod) => addCatalogue(namespace, mod.default)));
}

function loadCommon(language: LanguageCode): Promise<void> {
  const load = commonLoaders[language];
  if (!load || library[language]?.common) return Promise.resolve();
  return once(`common:${language}`, () => load().then((mod) => addWords(language, 'common', mod.default)));
}

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
  /** Fetches the language's common words, then shows every page in it. */
  async changeLanguage(code: string): Promise<void> {
    const language = isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
    await loadCommon(language);
    current = language;
    if (typeof document !== 'undefined') rememberLanguage(language);
    for (const listener of listeners) listener();
  },
  loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
    return Promise.all(list.map(loadNamespace)).then(() => undefined);
  },
  loadLanguages(languages: readonly LanguageCode[]): Promise<void> {
    return Promise.all(languages.map(loadCommon)).then(() => undefined);
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
  return loadCommon(language);
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
  const chosen = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  const language = useContext(LanguageContext) ?? chosen;
  // Called on every render, loaded or not: React replays a component that suspended here once the
  // words arrive, and a replay that skipped this call would meet useMemo as an update on a first
  // render and fail (React error 467, recovered with 520).
  use(namespaceReady(namespace));
  const t = useMemo(() => fixedT(library, language, namespace), [language, namespace]);
  return { t, i18n: language === chosen ? i18n : { ...i18n, language } };
}
