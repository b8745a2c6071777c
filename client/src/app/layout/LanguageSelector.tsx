import { Languages } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@kesh/shared';

/** English, हिन्दी, मराठी, ગુજરાતી; the choice is remembered by i18n/index.ts. */
export function LanguageSelector({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className={`flex items-center gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-brand-900">
        <Languages className="size-5" aria-hidden="true" />
        <span className="sr-only">{t('header.language')}</span>
      </label>
      <select
        id={id}
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
        className="rounded-full border border-stone-300 bg-white py-1.5 pr-7 pl-3 text-sm font-medium text-brand-950 focus:border-brand-700"
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.label}
          </option>
        ))}
      </select>
    </div>
  );
}
