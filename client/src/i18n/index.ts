import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type LanguageCode } from '@kesh/shared';
import common from './common';

/**
 * Catalogues: i18n/common.ts (namespace "common") plus one `i18n.ts` per feature folder, whose
 * namespace is the folder name (features/cart/i18n.ts -> useTranslation('cart')). Each exports
 * { en, hi, mr, gu }; English is the fallback for anything missing.
 */
export type Catalogue = Record<LanguageCode, Record<string, unknown>>;

const featureCatalogues = import.meta.glob<{ default: Catalogue }>('../features/**/i18n.ts', { eager: true });

const resources: Record<string, Record<string, Record<string, unknown>>> = {};
function add(namespace: string, catalogue: Catalogue) {
  for (const { code } of LANGUAGES) {
    resources[code] ??= {};
    resources[code][namespace] = catalogue[code] ?? {};
  }
}
add('common', common);
for (const [file, mod] of Object.entries(featureCatalogues)) {
  const match = /features\/(.+)\/i18n\.ts$/.exec(file);
  if (match?.[1]) add(match[1].replace(/\//g, '.'), mod.default);
}

export const SUPPORTED = LANGUAGES.map((l) => l.code) as LanguageCode[];

function initialLanguage(): LanguageCode {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(STORAGE_KEYS.language) : null;
  return SUPPORTED.includes(stored as LanguageCode) ? (stored as LanguageCode) : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
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
