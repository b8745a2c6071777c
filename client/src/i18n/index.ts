import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type LanguageCode } from '@kesh/shared';
import common from './common';

/**
 * Catalogues: i18n/common.ts (namespace "common", bundled: the header and footer need it) plus one
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

const featureBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = loaders.get(namespace);
    if (!load) return callback(null, {});
    load().then(
      (mod) => callback(null, mod.default[language as LanguageCode] ?? {}),
      (err: Error) => callback(err, null),
    );
  },
};

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const { code } of LANGUAGES) resources[code] = { common: common[code] ?? {} };

/** Registers a catalogue loaded after start-up (a lazily loaded area's own namespace). */
export function addCatalogue(namespace: string, catalogue: Catalogue) {
  for (const { code } of LANGUAGES) i18n.addResourceBundle(code, namespace, catalogue[code] ?? {}, true, true);
}

export const SUPPORTED = LANGUAGES.map((l) => l.code) as LanguageCode[];

function initialLanguage(): LanguageCode {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.language) : null;
  return SUPPORTED.includes(stored as LanguageCode) ? (stored as LanguageCode) : DEFAULT_LANGUAGE;
}

void i18n
  .use(featureBackend)
  .use(initReactI18next)
  .init({
    resources,
    partialBundledLanguages: true,
    ns: ['common'],
    // "common" is bundled, so initialising needs no fetch and the first render need not wait.
    initAsync: false,
    lng: initialLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });

function applyLang(code: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}
applyLang(i18n.language);
i18n.on('languageChanged', (code) => {
  applyLang(code);
  localStorage.setItem(STORAGE_KEYS.language, code);
});

export default i18n;
