import { LANGUAGES, type LanguageCode } from './constants.js';

/**
 * Product text in the store's four languages (docs/product-text.md). English is the product's own
 * fields (title, subtitle, description as the spec has them, plus `benefits` and `imageAlt`); Hindi,
 * Marathi and Gujarati are optional `translations`, and each field a translation leaves empty is
 * shown in English. The API always answers the spec's fields in English and the translations beside
 * them, so one cached answer serves every language; the page picks its language with productTextIn.
 */
export type TranslatedLanguage = Exclude<LanguageCode, 'en'>;

/** What a page shows of a product in one language, every field filled (English where a translation has none). */
export interface ProductText {
  title: string;
  subtitle: string;
  description: string;
  /** Empty when neither the language nor English has any: the shop's general list is shown. */
  benefits: string[];
  imageAlt: string;
}

/** One language's text as stored and sent: only the fields the owner wrote. */
export type ProductTranslation = Partial<ProductText>;
export type ProductTranslations = Partial<Record<TranslatedLanguage, ProductTranslation>>;

/** The fields this feature adds to a product's API shape (always sent by this server). */
export interface ProductTextFields {
  /** English benefits, one line each; empty: the shop's general list. */
  benefits?: string[];
  /** English alternative text of the picture; empty: the title. */
  imageAlt?: string;
  /** Only the languages with some text. */
  translations?: ProductTranslations;
}

/**
 * A page's address may name its language (`/products?id=…&lang=gu`): the sitemap's alternates, so a
 * crawler, which sends no cookie, can read each language's page. It outranks the cookie and
 * Accept-Language for that page only; the address without it is the x-default.
 */
export const PAGE_LANGUAGE_PARAM = 'lang';

/** The address without its language, so a shopper's own choice of language is not overruled by it. */
export function withoutPageLanguage(address: string): string {
  const query = address.indexOf('?');
  if (query === -1) return address;
  const params = new URLSearchParams(address.slice(query + 1));
  if (!params.has(PAGE_LANGUAGE_PARAM)) return address;
  params.delete(PAGE_LANGUAGE_PARAM);
  const rest = params.toString();
  return address.slice(0, query) + (rest ? `?${rest}` : '');
}

/** The address of a page in one language; without a language, the x-default (the shopper's own). */
export function addressInLanguage(address: string, language?: LanguageCode): string {
  const base = withoutPageLanguage(address);
  return language ? `${base}${base.includes('?') ? '&' : '?'}${PAGE_LANGUAGE_PARAM}=${language}` : base;
}

/** A page's `hreflang` alternates: each language's address, and the x-default. */
export function languageAlternates(address: string): { hreflang: string; address: string }[] {
  return [
    ...LANGUAGES.map(({ code }) => ({ hreflang: code, address: addressInLanguage(address, code) })),
    { hreflang: 'x-default', address: addressInLanguage(address) },
  ];
}

interface TextSource extends ProductTextFields {
  title: string;
  subtitle: string;
  description: string;
}

/** The product's text in `language`, field by field, English where the translation has none. */
export function productTextIn(product: TextSource, language: LanguageCode): ProductText {
  const own = language === 'en' ? undefined : product.translations?.[language];
  const title = own?.title || product.title;
  const benefits = own?.benefits?.length ? own.benefits : (product.benefits ?? []);
  return {
    title,
    subtitle: own?.subtitle || product.subtitle,
    description: own?.description || product.description,
    benefits,
    imageAlt: own?.imageAlt || product.imageAlt || title,
  };
}

export * from './product-text-schema.js';
