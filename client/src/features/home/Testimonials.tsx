import { ChevronLeft, ChevronRight, Quote, Star } from 'lucide-react';
import { useTranslation } from '../../i18n';
import { TESTIMONIAL_LOCK_MS } from '@kesh/shared';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { useCarousel } from '../../components/ui/useCarousel';

/** Names, towns and the product each customer used; the quotes live in the catalogues. */
export const TESTIMONIALS = [
  { name: 'Priya Patel', location: 'Ahmedabad, Gujarat', product: 'Bhringraj Hair Oil', tone: 'bg-emerald-700' },
  { name: 'Rohit Sharma', location: 'Jaipur, Rajasthan', product: 'Herbal Shampoo', tone: 'bg-amber-700' },
  { name: 'Sneha Kulkarni', location: 'Nagpur, Maharashtra', product: 'Neem Hair Pack', tone: 'bg-teal-700' },
  { name: 'Anjali Deshmukh', location: 'Pune, Maharashtra', product: 'Bhringraj Hair Oil', tone: 'bg-rose-700' },
  { name: 'Kavita Joshi', location: 'Rajkot, Gujarat', product: 'Amla Hair Oil', tone: 'bg-lime-800' },
  { name: 'Meera Iyer', location: 'Bengaluru, Karnataka', product: 'Herbal Shampoo', tone: 'bg-cyan-800' },
  { name: 'Farhan Shaikh', location: 'Surat, Gujarat', product: 'Hibiscus Conditioner', tone: 'bg-orange-800' },
  { name: 'Deepak Verma', location: 'Lucknow, Uttar Pradesh', product: 'Amla Hair Oil', tone: 'bg-green-800' },
] as const;

export function Testimonials() {
  const { t } = useTranslation('home');
  const texts = t('testimonials.texts', { returnObjects: true }) as string[];
  const { index, next, prev, goTo } = useCarousel({ count: TESTIMONIALS.length, lockMs: TESTIMONIAL_LOCK_MS });
  const current = TESTIMONIALS[index] ?? TESTIMONIALS[0];
  const initials = current.name
    .split(' ')
    .map((part) => part[0])
    .join('');
  const arrow =
    'flex size-12 shrink-0 items-center justify-center rounded-full border border-stone-300 bg-white text-brand-900 shadow-sm transition hover:border-brand-800 hover:bg-brand-800 hover:text-white';

  return (
    <section aria-labelledby="testimonials-heading" className="bg-[#f6f1e4] py-20">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="reveal">
          <SectionHeading
            id="testimonials-heading"
            eyebrow={t('testimonials.eyebrow')}
            title={t('testimonials.heading')}
          />
        </div>
        <div className="reveal flex items-center gap-3 sm:gap-6">
          <button
            type="button"
            onClick={prev}
            aria-label={t('testimonials.previous')}
            className={`${arrow} hidden sm:flex`}
          >
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <figure
            key={index}
            aria-live="polite"
            className="relative flex-1 animate-[fadeIn_500ms_ease] motion-reduce:animate-none rounded-3xl bg-white p-8 shadow-md sm:p-10"
          >
            <Quote className="absolute top-6 right-6 size-10 text-gold-400" aria-hidden="true" />
            <span role="img" aria-label={t('testimonials.rating')} className="flex text-amber-500">
              {[0, 1, 2, 3, 4].map((i) => (
                <Star key={i} className="size-5 fill-current" aria-hidden="true" />
              ))}
            </span>
            <blockquote className="mt-5 font-serif text-lg leading-relaxed text-stone-800 sm:text-xl">
              “{texts[index]}”
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <span
                aria-hidden="true"
                className={`flex size-12 items-center justify-center rounded-full font-bold text-white ${current.tone}`}
              >
                {initials}
              </span>
              <span>
                <span className="block font-semibold text-brand-950">{current.name}</span>
                <span className="block text-sm text-stone-600">
                  {current.location} · {current.product}
                </span>
              </span>
            </figcaption>
          </figure>
          <button
            type="button"
            onClick={next}
            aria-label={t('testimonials.next')}
            className={`${arrow} hidden sm:flex`}
          >
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
        </div>
        <div className="mt-6 flex items-center justify-center gap-2">
          <button type="button" onClick={prev} aria-label={t('testimonials.previous')} className={`${arrow} sm:hidden`}>
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <div className="flex flex-wrap justify-center">
            {TESTIMONIALS.map((item, i) => (
              <button
                key={item.name}
                type="button"
                onClick={() => goTo(i)}
                aria-label={t('testimonials.goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                className="group flex size-7 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-7 bg-brand-800' : 'w-2.5 bg-stone-400 group-hover:bg-stone-600'}`}
                />
              </button>
            ))}
          </div>
          <button type="button" onClick={next} aria-label={t('testimonials.next')} className={`${arrow} sm:hidden`}>
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
