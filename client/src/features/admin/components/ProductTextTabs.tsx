import { useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGES, missingTranslations, type LanguageCode, type TranslatedLanguage } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { inputClass, labelClass } from './ui';
import { translationOf, type ProductTextState, type TextFieldName, type TextFields } from './useProductText';

interface Props {
  text: ProductTextState;
  /** The form's English title, subtitle and description: what a missing translation shows instead. */
  english: Pick<TextFields, 'title' | 'subtitle' | 'description'>;
}

const FIELD_ROWS: Record<TextFieldName, number> = { title: 0, subtitle: 0, description: 3, benefits: 3, imageAlt: 0 };
const TRANSLATED_FIELDS: readonly TextFieldName[] = ['title', 'subtitle', 'description', 'benefits', 'imageAlt'];

/**
 * A tab per language in the product form: English's benefits and alt text (its title, subtitle and
 * description are the form's own fields), and every field in Hindi, Marathi and Gujarati, each tab
 * saying how many of the fields English has are not translated yet.
 */
export function ProductTextTabs({ text, english }: Props) {
  const { t } = useTranslation('adminProductText');
  const [active, setActive] = useState<LanguageCode>('en');
  const tabs = useRef<Partial<Record<LanguageCode, HTMLButtonElement | null>>>({});
  const englishText = { ...english, ...translationOf({ ...english, ...text.state.english }) };
  const missingIn = (code: LanguageCode) =>
    code === 'en' ? [] : missingTranslations(englishText, translationOf(text.state.translations[code]));

  const move = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const index = LANGUAGES.findIndex((l) => l.code === active);
    const next = LANGUAGES[(index + step + LANGUAGES.length) % LANGUAGES.length]!.code;
    setActive(next);
    tabs.current[next]?.focus();
  };

  const field = (
    code: LanguageCode,
    name: TextFieldName,
    value: string,
    onChange: (value: string) => void,
    missing: boolean,
    englishValue?: string,
  ) => {
    const id = `text-${code}-${name}`;
    const Input = FIELD_ROWS[name] ? 'textarea' : 'input';
    const hint = name === 'benefits' ? t('benefitsHint') : name === 'imageAlt' ? t('imageAltHint') : undefined;
    return (
      <div key={id} className={FIELD_ROWS[name] ? 'md:col-span-2' : undefined}>
        <label htmlFor={id} className={labelClass}>
          {t(name)}
        </label>
        <Input
          id={id}
          lang={code}
          rows={FIELD_ROWS[name] || undefined}
          value={value}
          placeholder={englishValue}
          aria-describedby={missing ? `${id}-missing` : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={inputClass}
        />
        {missing ? (
          <p id={`${id}-missing`} className="mt-1 text-xs font-medium text-amber-700">
            {t('fieldMissing')}
          </p>
        ) : (
          hint && <p className="mt-1 text-xs text-gray-500">{hint}</p>
        )}
      </div>
    );
  };

  const panel = (code: LanguageCode) => {
    if (code === 'en') {
      return (
        <>
          <p className="text-sm text-gray-600 md:col-span-2">{t('englishAbove')}</p>
          {field('en', 'benefits', text.state.english.benefits, (v) => text.setEnglish('benefits', v), false)}
          {field('en', 'imageAlt', text.state.english.imageAlt, (v) => text.setEnglish('imageAlt', v), false)}
        </>
      );
    }
    const language = code as TranslatedLanguage;
    const missing = new Set(missingIn(code));
    const fields = text.state.translations[language];
    const englishFields = { ...english, ...text.state.english };
    return TRANSLATED_FIELDS.map((name) =>
      field(
        code,
        name,
        fields[name],
        (v) => text.setTranslation(language, name, v),
        missing.has(name),
        englishFields[name].split('\n')[0],
      ),
    );
  };

  return (
    <fieldset className="mt-6 rounded-xl border border-gray-200 p-4">
      <legend className="px-1 text-base font-semibold text-gray-900">{t('heading')}</legend>
      <p className="mb-3 text-sm text-gray-600">{t('intro')}</p>
      <div role="tablist" aria-label={t('tabs')} className="flex flex-wrap gap-2 border-b border-gray-200">
        {LANGUAGES.map(({ code, label }) => {
          const count = missingIn(code).length;
          const selected = code === active;
          return (
            <button
              key={code}
              ref={(el) => {
                tabs.current[code] = el;
              }}
              type="button"
              role="tab"
              id={`text-tab-${code}`}
              aria-selected={selected}
              aria-controls={`text-panel-${code}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(code)}
              onKeyDown={move}
              className={`-mb-px flex items-center gap-2 rounded-t-lg border px-3 py-2 text-sm font-medium ${
                selected ? 'border-gray-200 border-b-white bg-white text-gray-900' : 'border-transparent text-gray-600'
              }`}
            >
              <span lang={code}>{label}</span>
              {code !== 'en' && (
                <span
                  className={`rounded-full px-2 py-0.5 text-xs ${
                    count ? 'bg-amber-100 text-amber-800' : 'bg-green-100 text-green-800'
                  }`}
                >
                  {count ? t('missingCount', { count }) : t('complete')}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`text-panel-${active}`}
        aria-labelledby={`text-tab-${active}`}
        className="grid gap-4 pt-4 md:grid-cols-2"
      >
        {panel(active)}
      </div>
    </fieldset>
  );
}
