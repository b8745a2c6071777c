import { HeartHandshake, Leaf, Phone, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { SectionHeading } from '../../components/ui/SectionHeading';
import oilImage from '../../components/ui/art/oil.svg';

export function AboutTeaser() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="about-heading" className="bg-[#f6f1e4]">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div className="reveal relative">
          <img
            src={oilImage}
            alt={t('about.imageAlt')}
            width={600}
            height={600}
            loading="lazy"
            className="aspect-square w-full rounded-[2rem] object-cover shadow-xl"
          />
          <p className="absolute -bottom-5 left-6 rounded-2xl bg-gold-400 px-5 py-3 font-semibold text-brand-950 shadow-lg sm:left-auto sm:right-6">
            {t('about.yearsBadge')}
          </p>
        </div>
        <div className="reveal">
          <SectionHeading id="about-heading" align="start" eyebrow={t('about.eyebrow')} title={t('about.heading')} />
          <p className="mt-6 text-lg leading-relaxed text-stone-700">{t('about.text1')}</p>
          <p className="mt-4 leading-relaxed text-stone-700">{t('about.text2')}</p>
          <Link
            to="/profile"
            className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-800 px-7 py-3 font-semibold text-white transition hover:bg-brand-900"
          >
            {t('about.discover')}
          </Link>
        </div>
      </div>
    </section>
  );
}

const WHY_ICONS = [Leaf, ShieldCheck, HeartHandshake];

export function WhyChooseUs() {
  const { t } = useTranslation('home');
  const points = t('why.points', { returnObjects: true }) as { title: string; text: string }[];
  return (
    <section aria-labelledby="why-heading" className="relative overflow-hidden bg-brand-950 py-20 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_80%_10%,rgba(250,204,21,0.14),transparent_40%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 sm:px-6">
        <div className="reveal mb-12">
          <SectionHeading id="why-heading" tone="dark" eyebrow={t('why.eyebrow')} title={t('why.heading')} />
        </div>
        <ul className="grid gap-6 md:grid-cols-3">
          {points.map((point, i) => {
            const Icon = WHY_ICONS[i] ?? Leaf;
            return (
              <li key={point.title} className="reveal rounded-3xl border border-white/10 bg-white/5 p-8 backdrop-blur">
                <span className="flex size-14 items-center justify-center rounded-2xl bg-gold-400 text-brand-950">
                  <Icon className="size-7" aria-hidden="true" />
                </span>
                <h3 className="mt-6 font-serif text-xl font-semibold">{point.title}</h3>
                <p className="mt-3 leading-relaxed text-brand-100">{point.text}</p>
              </li>
            );
          })}
        </ul>
        <div className="reveal mt-12 flex flex-col items-center gap-4 text-center sm:flex-row sm:justify-center">
          <p className="text-lg text-brand-50">{t('why.callLead')}</p>
          <Link
            to="/contact"
            className="inline-flex items-center gap-2 rounded-full bg-gold-400 px-7 py-3 font-semibold text-brand-950 transition hover:bg-gold-500"
          >
            <Phone className="size-5" aria-hidden="true" />
            {t('why.callNow')}
          </Link>
        </div>
      </div>
    </section>
  );
}
