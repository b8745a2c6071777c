import { BadgeCheck, Compass, Eye, Flame, Leaf, Sprout, Target, UserRoundCheck, Boxes } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PageHero } from '../../components/ui/PageHero';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { usePageMeta } from '../../components/ui/usePageMeta';
import mortarImage from '../../components/ui/art/mortar.svg';
import { Counters } from './Counters';

type Point = { title: string; text: string };
const UNIQUE_ICONS = [Flame, Sprout, Boxes, UserRoundCheck];

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageMeta(t('title'), t('metaDescription'));
  const values = t('values', { returnObjects: true }) as Point[];
  const unique = t('unique.points', { returnObjects: true }) as Point[];
  const certifications = t('certifications.items', { returnObjects: true }) as string[];

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />

      <section className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2">
        <div className="reveal">
          <SectionHeading align="start" eyebrow={t('intro.eyebrow')} title={t('intro.heading')} />
          <p className="mt-6 text-lg leading-relaxed text-stone-700">{t('intro.text1')}</p>
          <p className="mt-4 leading-relaxed text-stone-700">{t('intro.text2')}</p>
        </div>
        <img
          src={mortarImage}
          alt=""
          width={800}
          height={600}
          loading="lazy"
          className="reveal aspect-[4/3] w-full rounded-[2rem] object-cover shadow-xl"
        />
      </section>

      <section className="bg-[#f6f1e4] py-20">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-2">
          {[
            { icon: Target, ...(t('mission', { returnObjects: true }) as Point) },
            { icon: Eye, ...(t('vision', { returnObjects: true }) as Point) },
          ].map(({ icon: Icon, title, text }) => (
            <article key={title} className="reveal rounded-3xl bg-white p-8 shadow-sm sm:p-10">
              <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-900 text-gold-400">
                <Icon className="size-7" aria-hidden="true" />
              </span>
              <h2 className="mt-6 font-serif text-2xl font-bold text-brand-950">{title}</h2>
              <p className="mt-3 text-lg leading-relaxed text-stone-700">{text}</p>
            </article>
          ))}
        </div>
        <div className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
          <div className="reveal">
            <SectionHeading title={t('valuesTitle')} />
          </div>
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((value) => (
              <li key={value.title} className="reveal rounded-3xl border border-stone-200 bg-white p-6">
                <Leaf className="size-6 text-brand-700" aria-hidden="true" />
                <h3 className="mt-4 font-serif text-xl font-semibold text-brand-950">{value.title}</h3>
                <p className="mt-2 text-stone-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Counters />

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
        <div className="reveal">
          <SectionHeading title={t('unique.heading')} />
        </div>
        <ul className="grid gap-6 md:grid-cols-2">
          {unique.map((point, i) => {
            const Icon = UNIQUE_ICONS[i] ?? Compass;
            return (
              <li
                key={point.title}
                className="reveal flex gap-5 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-brand-950">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-serif text-xl font-semibold text-brand-950">{point.title}</h3>
                  <p className="mt-1 text-stone-700">{point.text}</p>
                </div>
              </li>
            );
          })}
        </ul>

        <div className="reveal mt-16 rounded-3xl bg-brand-50 p-8 sm:p-10">
          <h2 className="text-center font-serif text-2xl font-bold text-brand-950">{t('certifications.heading')}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {certifications.map((item) => (
              <li
                key={item}
                className="flex items-center gap-3 rounded-2xl bg-white px-4 py-4 font-medium text-brand-950 shadow-sm"
              >
                <BadgeCheck className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="bg-brand-900 text-white">
        <div className="reveal mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
          <h2 className="font-serif text-3xl font-bold">{t('cta.heading')}</h2>
          <p className="text-lg text-brand-100">{t('cta.text')}</p>
          <div className="flex flex-wrap justify-center gap-4">
            <Link
              to="/products"
              className="rounded-full bg-gold-400 px-7 py-3 font-semibold text-brand-950 transition hover:bg-gold-500"
            >
              {t('cta.products')}
            </Link>
            <Link
              to="/contact"
              className="rounded-full border-2 border-white px-7 py-3 font-semibold text-white transition hover:bg-white hover:text-brand-900"
            >
              {t('cta.contact')}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
