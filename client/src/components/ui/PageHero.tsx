import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';

/** The dark-green band at the top of inner pages: title plus a breadcrumb back to Home. */
export function PageHero({ title, subtitle }: { title: string; subtitle?: string }) {
  const { t } = useTranslation();
  return (
    <section className="relative overflow-hidden bg-brand-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(250,204,21,0.18),transparent_45%),radial-gradient(circle_at_85%_80%,rgba(34,197,94,0.22),transparent_50%)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 py-14 text-center sm:py-20">
        <h1 className="font-serif text-3xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle && <p className="mx-auto mt-3 max-w-2xl text-brand-100">{subtitle}</p>}
        <nav aria-label={t('breadcrumb')} className="mt-5 flex justify-center">
          <ol className="flex items-center gap-1.5 text-sm text-brand-100">
            <li>
              <Link to="/" className="rounded font-medium text-gold-400 hover:underline">
                {t('nav.home')}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4" />
            </li>
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      </div>
    </section>
  );
}
