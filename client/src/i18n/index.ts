import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
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

const commonLoaders: Record<string, () => Promise<{ default: Record<string, unknown> }>> = {
  hi: () => import('./common.hi'),
  mr: () => import('./common.mr'),
  gu: () => import('./common.gu'),
};

const featureBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'common') {
      const loadCommon = commonLoaders[language];
      if (!loadCommon) return callback(null, {});
      loadCommon().then(
        (mod) => callback(null, mod.default),
        (err: Error) => callback(err, null),
      );
      return;
    }
    const load = loaders.get(namespace);
    if (!load) return callback(null, {});
    load().then(
      (mod) => callback(null, mod.default[language as LanguageCode] ?? {}),
      (err: Error) => callback(err, null),
    );
  },
};

const resources = { en: { common: english } };

/** Registers a catalogue loaded after start-up (a lazily loaded area's own namespace). */
export function addCatalogue(namespace: string, catalogue: Catalogue) {
  for (const { code } of LANGUAGES) i18n.addResourceBundle(code, namespace, catalogue[code] ?? {}, true, true);
}

export const SUPPORTED = LANGUAGES.map((l) => l.code) as LanguageCode[];

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

/**
 * Settles once the first language's common words are in: at once for English, after one small
 * fetch for the others. main.tsx renders (or hydrates) only then, so the first render is complete.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(featureBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    ns: ['common'],
    // English is bundled, so an English page initialises without waiting.
    initAsync: false,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** The choice goes to the page, to this browser and to the cookie the server renders the next page by. */
function rememberLanguage(code: string) {
  document.documentElement.lang = code;
  localStorage.setItem(STORAGE_KEYS.language, code);
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
}
if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', rememberLanguage);
}

export default i18n;
