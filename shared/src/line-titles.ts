import type { LanguageCode } from './constants.js';
import type { ProductTranslations, TranslatedLanguage } from './product-text.js';
import { titleWithVariant, type VariantRef } from './variants.js';

/**
 * A cart or order line's product name in the shop's other languages (docs/product-text.md): the
 * product's translated titles, only those the owner wrote. An order line keeps the copy taken at
 * purchase, beside its English `title`, so it reads the same after the owner edits the product;
 * orders from before have none and read in English.
 */
export type LineTitles = Partial<Record<TranslatedLanguage, string>>;

/** The translated titles of a product's text, as a line carries them. */
export function lineTitlesOf(translations: ProductTranslations | null | undefined): LineTitles {
  const titles: LineTitles = {};
  for (const [language, text] of Object.entries(translations ?? {}) as [TranslatedLanguage, { title?: string }][]) {
    if (text?.title) titles[language] = text.title;
  }
  return titles;
}

/** A line as stored or sent (a stored copy may hold null for a language it has no title in). */
export interface TitledLine {
  title: string;
  titles?: Partial<Record<TranslatedLanguage, string | null>> | null;
}

/** A line's product name in `language`, else in English. */
export function lineTitleIn(line: TitledLine, language: LanguageCode): string {
  return (language === 'en' ? undefined : line.titles?.[language]) || line.title;
}

/** "આમળા વાળનું તેલ (200 ml)": a line's name with its variant, in `language`, else in English. */
export function lineTitleWithVariant(
  line: TitledLine,
  variant: Pick<VariantRef, 'label'> | null | undefined,
  language: LanguageCode,
): string {
  return titleWithVariant(lineTitleIn(line, language), variant);
}
