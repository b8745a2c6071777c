import { Schema } from 'mongoose';
import {
  MESSAGES,
  PRODUCT_TEXT_MESSAGES,
  TRANSLATED_LANGUAGES,
  englishBenefitsSchema,
  englishImageAltSchema,
  productTranslationSchema,
  textFieldOf,
  type ProductTextFields,
  type ProductTranslation,
  type ProductTranslations,
  type TranslatedLanguage,
} from '@kesh/shared';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.js';

/** One language's stored text: only what the owner wrote (an absent field reads as English). */
const translationSchema = new Schema(
  {
    title: String,
    subtitle: String,
    description: String,
    benefits: { type: [String], default: undefined },
    imageAlt: String,
  },
  { _id: false },
);

/** The product model's text fields beyond the spec's (docs/product-text.md); absent on older products. */
export const productTextPaths = {
  benefits: { type: [String], default: undefined },
  imageAlt: { type: String },
  translations: {
    type: new Schema(
      Object.fromEntries(TRANSLATED_LANGUAGES.map((code) => [code, { type: translationSchema, default: undefined }])),
      { _id: false },
    ),
    default: undefined,
  },
};

/** A projection of the product's title in each translated language: what a cart or order line names it by. */
export const TRANSLATED_TITLES: Record<string, 1> = Object.fromEntries(
  TRANSLATED_LANGUAGES.map((code) => [`translations.${code}.title`, 1]),
);

/** What an admin request changes of the product text: only the fields it carries. */
export interface ProductTextValues {
  benefits?: string[];
  imageAlt?: string;
  translations?: ProductTranslations;
}

export interface ProductTextRecord {
  benefits?: string[] | null;
  imageAlt?: string | null;
  translations?: ProductTranslations | null;
}

function parsed<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? MESSAGES.invalidRequest);
  return result.data;
}

function parsedJson(language: TranslatedLanguage, raw: unknown): unknown {
  // A JSON body may send the object itself; a multipart form sends it as JSON text.
  if (typeof raw !== 'string') return raw;
  try {
    return raw.trim() === '' ? {} : JSON.parse(raw);
  } catch {
    throw badRequest(PRODUCT_TEXT_MESSAGES.unreadable(language));
  }
}

/**
 * The admin form's text fields -> stored values: `benefits` (English, one per line), `imageAlt`
 * (English) and `text.hi` / `text.mr` / `text.gu` (a language's text as JSON; empty removes it).
 * Fields left out are kept as they are, like the spec's fields on a PUT.
 */
export function productTextValues(body: unknown): ProductTextValues {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values: ProductTextValues = {};
  if (Object.hasOwn(raw, 'benefits')) values.benefits = parsed(englishBenefitsSchema, raw.benefits);
  if (Object.hasOwn(raw, 'imageAlt')) values.imageAlt = parsed(englishImageAltSchema, raw.imageAlt);
  for (const code of TRANSLATED_LANGUAGES) {
    const field = textFieldOf(code);
    if (!Object.hasOwn(raw, field)) continue;
    const translation = parsed(productTranslationSchema(code), parsedJson(code, raw[field]));
    (values.translations ??= {})[code] = translation;
  }
  return values;
}

/**
 * The update of a PUT: each language it carries replaced whole (its own path, so the languages it
 * leaves out are kept), the English fields set.
 */
export function productTextUpdate({ translations, ...english }: ProductTextValues): Record<string, unknown> {
  return {
    ...english,
    ...Object.fromEntries(Object.entries(translations ?? {}).map(([code, text]) => [`translations.${code}`, text])),
  };
}

/** The record as a PUT leaves it, for the answer and the search keys. */
export function withProductText<R extends ProductTextRecord>(
  before: R,
  { translations, ...english }: ProductTextValues,
): R {
  return { ...before, ...english, translations: { ...before.translations, ...translations } };
}

const hasText = (t: ProductTranslation | undefined) => !!t && Object.values(t).some((v) => v?.length);

/** The API's product text: English benefits and alt text, and each language that has some text. */
export function productTextDto(doc: ProductTextRecord): Required<ProductTextFields> {
  const translations: ProductTranslations = {};
  for (const code of TRANSLATED_LANGUAGES) {
    const text = doc.translations?.[code];
    if (text && hasText(text)) translations[code] = text;
  }
  return { benefits: doc.benefits ?? [], imageAlt: doc.imageAlt ?? '', translations };
}
