import { FileText, Headset } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';

type Section = { heading: string; paragraphs: string[] };

/** The three policy pages share one layout; `policy` picks the text block in the catalogue. */
export function PolicyPage({
  policy,
  cta,
}: {
  policy: 'refunds' | 'terms' | 'privacy';
  cta: 'contactSupport' | 'contactUs';
}) {
  const { t } = useTranslation('policies');
  usePageMeta(t(`${policy}.title`), t(`${policy}.metaDescription`));
  const sections = t(`${policy}.sections`, { returnObjects: true }) as Section[];

  return (
    <>
      <PageHero title={t(`${policy}.title`)} />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-1.5 text-sm font-medium text-brand-900">
          <FileText className="size-4" aria-hidden="true" />
          {t('lastUpdated')}
        </p>
        <div className="mt-10 space-y-10">
          {sections.map((section, i) => (
            <section key={section.heading} className="reveal">
              <h2 className="flex items-baseline gap-3 font-serif text-2xl font-bold text-brand-950">
                <span aria-hidden="true" className="text-base font-semibold text-amber-800">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {section.heading}
              </h2>
              <div className="mt-3 space-y-3 border-l-2 border-gold-400 pl-5">
                {section.paragraphs.map((p) => (
                  <p key={p} className="leading-relaxed text-stone-700">
                    {p}
                  </p>
                ))}
              </div>
            </section>
          ))}
        </div>
        <div className="reveal mt-14 flex flex-col items-center gap-4 rounded-3xl bg-brand-950 p-8 text-center text-white sm:p-10">
          <Headset className="size-10 text-gold-400" aria-hidden="true" />
          <p className="text-lg">{t('questions')}</p>
          <Link
            to="/contact"
            className="rounded-full bg-gold-400 px-7 py-3 font-semibold text-brand-950 transition hover:bg-gold-500"
          >
            {t(cta)}
          </Link>
        </div>
      </div>
    </>
  );
}
