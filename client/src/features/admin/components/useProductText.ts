import { useCallback, useState } from 'react';
import {
  TRANSLATED_LANGUAGES,
  englishBenefitsSchema,
  englishImageAltSchema,
  productTranslationSchema,
  textFieldOf,
  type Product,
  type ProductTranslation,
  type TranslatedLanguage,
} from '@kesh/shared';

/** One language's fields as the form edits them: benefits one per line. */
export interface TextFields {
  title: string;
  subtitle: string;
  description: string;
  benefits: string;
  imageAlt: string;
}
export type TextFieldName = keyof TextFields;

interface TextState {
  english: Pick<TextFields, 'benefits' | 'imageAlt'>;
  translations: Record<TranslatedLanguage, TextFields>;
}

const fieldsOf = (t: ProductTranslation | undefined): TextFields => ({
  title: t?.title ?? '',
  subtitle: t?.subtitle ?? '',
  description: t?.description ?? '',
  benefits: (t?.benefits ?? []).join('\n'),
  imageAlt: t?.imageAlt ?? '',
});

const stateOf = (p: Product | null): TextState => ({
  english: { benefits: (p?.benefits ?? []).join('\n'), imageAlt: p?.imageAlt ?? '' },
  translations: Object.fromEntries(
    TRANSLATED_LANGUAGES.map((code) => [code, fieldsOf(p?.translations?.[code])]),
  ) as TextState['translations'],
});

/** A language's fields as the API takes them: empty ones left out, benefits a list. */
export function translationOf(fields: TextFields): Record<string, string | string[]> {
  const lines = fields.benefits.split('\n').filter((line) => line.trim());
  return Object.fromEntries(
    Object.entries({ ...fields, benefits: lines }).filter(([, v]) => (Array.isArray(v) ? v.length : v.trim())),
  );
}

/**
 * The product form's text beyond the spec's fields (docs/product-text.md): English benefits and alt
 * text, and Hindi, Marathi and Gujarati. The form adds them to its request with appendTo.
 */
export function useProductText(editing: Product | null) {
  const [state, setState] = useState<TextState>(() => stateOf(editing));

  const setEnglish = (name: 'benefits' | 'imageAlt', value: string) =>
    setState((s) => ({ ...s, english: { ...s.english, [name]: value } }));
  const setTranslation = (language: TranslatedLanguage, name: TextFieldName, value: string) =>
    setState((s) => ({
      ...s,
      translations: { ...s.translations, [language]: { ...s.translations[language], [name]: value } },
    }));

  /** Adds the text to the request; answers the first problem instead (the server's own message) and adds nothing. */
  const appendTo = (form: FormData): string | undefined => {
    const checks = [
      englishBenefitsSchema.safeParse(state.english.benefits),
      englishImageAltSchema.safeParse(state.english.imageAlt),
      ...TRANSLATED_LANGUAGES.map((code) =>
        productTranslationSchema(code).safeParse(translationOf(state.translations[code])),
      ),
    ];
    const failed = checks.find((check) => !check.success);
    if (failed) return failed.error?.issues[0]?.message;
    form.append('benefits', state.english.benefits);
    form.append('imageAlt', state.english.imageAlt.trim());
    for (const code of TRANSLATED_LANGUAGES) {
      form.append(textFieldOf(code), JSON.stringify(translationOf(state.translations[code])));
    }
    return undefined;
  };

  const reset = useCallback(() => setState(stateOf(null)), []);

  return { state, setEnglish, setTranslation, appendTo, reset };
}

export type ProductTextState = ReturnType<typeof useProductText>;
