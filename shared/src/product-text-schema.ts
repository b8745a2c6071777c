import { z } from 'zod';
import type { LanguageCode } from './constants.js';

// Kept apart from product-text.ts, which the storefront's pages use, and sharing no code with it:
// zod and the admin's helpers load only where a form or the server validates, and the storefront's
// product pages need no chunk of their own for it.

export const TRANSLATED_LANGUAGES = ['hi', 'mr', 'gu'] as const satisfies readonly LanguageCode[];

/** The fields a language may have, in the order the admin form shows them. */
export const PRODUCT_TEXT_FIELDS = ['title', 'subtitle', 'description', 'benefits', 'imageAlt'] as const;
export type ProductTextField = (typeof PRODUCT_TEXT_FIELDS)[number];

/** Multipart fields of the admin API: `benefits` (one per line) and `imageAlt` in English, `text.<code>` JSON. */
export const textFieldOf = (language: (typeof TRANSLATED_LANGUAGES)[number]) => `text.${language}` as const;

export const isTranslatedLanguage = (code: string): code is (typeof TRANSLATED_LANGUAGES)[number] =>
  (TRANSLATED_LANGUAGES as readonly string[]).includes(code);

type WrittenText = Partial<Record<ProductTextField, string | string[]>>;

const isWritten = (value: string | string[] | undefined) => (Array.isArray(value) ? value.length > 0 : !!value);

/**
 * The fields of a language shown in English because the translation lacks them: only those English
 * has (a product without English benefits misses no Hindi benefits).
 */
export function missingTranslations(english: WrittenText, translation: WrittenText | undefined): ProductTextField[] {
  return PRODUCT_TEXT_FIELDS.filter((field) => isWritten(english[field]) && !isWritten(translation?.[field]));
}

/** Limits, the same as the English fields' (title, subtitle and alt 200 characters, description 2,000). */
export const PRODUCT_TEXT_LIMITS = {
  title: 200,
  subtitle: 200,
  description: 2000,
  imageAlt: 200,
  benefit: 200,
} as const;
export const MAX_BENEFITS = 10;

const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  hi: 'Hindi',
  mr: 'Marathi',
  gu: 'Gujarati',
};
const FIELD_NAMES = { title: 'title', subtitle: 'subtitle', description: 'description', imageAlt: 'image alt text' };

/** The admin API's answers to product text it cannot take; each says which language and field. */
export const PRODUCT_TEXT_MESSAGES = {
  unreadable: (language: LanguageCode) =>
    `The ${LANGUAGE_NAMES[language]} text could not be read: send an object of title, subtitle, description, benefits and imageAlt.`,
  tooLong: (language: LanguageCode, field: keyof typeof FIELD_NAMES, max: number) =>
    `The ${LANGUAGE_NAMES[language]} ${FIELD_NAMES[field]} must be at most ${max} characters.`,
  tooManyBenefits: (language: LanguageCode) =>
    `At most ${MAX_BENEFITS} ${LANGUAGE_NAMES[language]} benefits, one per line.`,
  benefitTooLong: (language: LanguageCode) =>
    `Each ${LANGUAGE_NAMES[language]} benefit must be at most ${PRODUCT_TEXT_LIMITS.benefit} characters.`,
} as const;

const text = (language: LanguageCode, field: keyof typeof FIELD_NAMES) => {
  const max = PRODUCT_TEXT_LIMITS[field];
  const message = PRODUCT_TEXT_MESSAGES.tooLong(language, field, max);
  return z.string({ error: message }).max(max, { error: message, abort: true }).trim();
};

const benefitList = (language: LanguageCode) =>
  z
    .array(
      z
        .string({ error: PRODUCT_TEXT_MESSAGES.benefitTooLong(language) })
        .max(PRODUCT_TEXT_LIMITS.benefit, { error: PRODUCT_TEXT_MESSAGES.benefitTooLong(language), abort: true })
        .trim(),
      { error: PRODUCT_TEXT_MESSAGES.tooManyBenefits(language) },
    )
    .max(MAX_BENEFITS, { error: PRODUCT_TEXT_MESSAGES.tooManyBenefits(language), abort: true })
    .transform((lines) => lines.filter(Boolean));

/** English benefits as the form sends them: one per line, blank lines dropped. */
export const englishBenefitsSchema = z
  .string({ error: PRODUCT_TEXT_MESSAGES.tooManyBenefits('en') })
  .max((PRODUCT_TEXT_LIMITS.benefit + 1) * MAX_BENEFITS * 2, { error: PRODUCT_TEXT_MESSAGES.tooManyBenefits('en') })
  .transform((lines) => lines.split('\n').filter((line) => line.trim()))
  .pipe(benefitList('en'));

export const englishImageAltSchema = text('en', 'imageAlt');

/**
 * One language's text: every field optional, empty ones dropped (an empty translation shows
 * English). Unknown fields are refused, so a typo never silently loses a translation.
 */
export function productTranslationSchema(language: LanguageCode) {
  const unreadable = PRODUCT_TEXT_MESSAGES.unreadable(language);
  return z
    .strictObject(
      {
        title: text(language, 'title').optional(),
        subtitle: text(language, 'subtitle').optional(),
        description: text(language, 'description').optional(),
        benefits: benefitList(language).optional(),
        imageAlt: text(language, 'imageAlt').optional(),
      },
      { error: unreadable },
    )
    .transform((t): Partial<typeof t> => Object.fromEntries(Object.entries(t).filter(([, value]) => isWritten(value))));
}
