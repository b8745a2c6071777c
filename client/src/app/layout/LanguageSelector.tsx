import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'react-router-dom';
import { LANGUAGE_SWITCH_PATH, LANGUAGES } from '@kesh/shared';
import { useTranslation } from '../../i18n';

/**
 * English, हिन्दी, मराठी, ગુજરાતી. With JavaScript a choice applies at once (and is remembered by
 * i18n/index.ts); without it the list is a GET form whose button asks the server to set the language
 * cookie and bring the shopper back to this page in the chosen language.
 */
export function LanguageSelector({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const id = useId();
  return (
    <form action={LANGUAGE_SWITCH_PATH} method="get" className={`flex items-center gap-1.5 ${className}`}>
      <input type="hidden" name="back" value={`${pathname}${search}`} />
      <label htmlFor={id} className="text-brand-900">
        <Languages className="size-5" aria-hidden="true" />
        <span className="sr-only">{t('header.language')}</span>
      </label>
      <select
        id={id}
        name="lang"
        value={i18n.language}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="rounded-full border border-stone-300 bg-white py-1.5 pr-7 pl-3 text-sm font-medium text-brand-950 focus:border-brand-700"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
      <noscript>
        <button
          type="submit"
          className="rounded-full bg-brand-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('header.changeLanguage')}
        </button>
      </noscript>
    </form>
  );
}
