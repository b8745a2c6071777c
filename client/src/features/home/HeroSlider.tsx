import { ChevronLeft, ChevronRight, Leaf, Sparkles } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { IMAGE_SIZES, SLIDER_AUTOPLAY_MS, SLIDER_LOCK_MS, type Slider } from '@kesh/shared';
import { SafeImage } from '../../components/ui/SafeImage';
import { useCarousel } from '../../components/ui/useCarousel';

interface HeroSliderProps {
  sliders: Slider[];
  loading?: boolean;
  /** Already-translated failure text (spec section 8); the empty state shows below it. */
  errorText?: string;
}

const HEIGHT = 'min-h-[calc(100svh-4rem)] sm:min-h-[calc(100svh-5rem)]';

/** Full-screen launches: autoplay every 5 s until the visitor takes over; 600 ms lock per move. */
export function HeroSlider({ sliders, loading = false, errorText }: HeroSliderProps) {
  const { t } = useTranslation('home');
  const count = sliders.length;
  const { index, next, prev, goTo } = useCarousel({
    count,
    lockMs: SLIDER_LOCK_MS,
    autoplayMs: SLIDER_AUTOPLAY_MS,
    stopAutoplayOnManual: true,
  });

  if (count === 0) {
    return (
      <section
        aria-label={t('hero.label')}
        className={`relative flex items-center overflow-hidden bg-brand-950 text-white ${HEIGHT}`}
      >
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(circle_at_15%_25%,rgba(250,204,21,0.2),transparent_40%),radial-gradient(circle_at_85%_75%,rgba(34,197,94,0.25),transparent_45%)]"
        />
        <div className="relative mx-auto max-w-3xl px-6 text-center">
          <Leaf className="mx-auto size-12 text-gold-400" aria-hidden="true" />
          <p className="mt-6 font-serif text-3xl font-bold sm:text-5xl">{t('hero.fallbackTitle')}</p>
          <p className="mt-4 text-lg text-brand-100">{t('hero.fallbackText')}</p>
          {!loading && (
            <div className="mt-8 space-y-2">
              {errorText && (
                <p role="alert" className="font-semibold text-gold-400">
                  {errorText}
                </p>
              )}
              <p className="text-brand-100">{t('hero.empty')}</p>
            </div>
          )}
        </div>
      </section>
    );
  }

  const chips = t('hero.chips', { returnObjects: true }) as string[];
  const arrow =
    'flex size-12 items-center justify-center rounded-full border border-white/30 bg-black/30 text-white backdrop-blur transition hover:bg-gold-400 hover:text-brand-950';

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('hero.label')}
      className={`relative overflow-hidden bg-brand-950 text-white ${HEIGHT}`}
    >
      {sliders.map((slide, i) => {
        const active = i === index;
        return (
          <div
            key={slide._id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('hero.slideOf', { n: i + 1, total: count })}
            aria-hidden={!active}
            inert={!active}
            data-active={active}
            className={`absolute inset-0 transition-opacity duration-[600ms] ${active ? 'z-10 opacity-100' : 'opacity-0'}`}
          >
            {/* The first slide is the page's largest picture: fetched at once, ahead of the rest. */}
            <SafeImage
              src={slide.image ?? undefined}
              srcSet={slide.imageSrcSet}
              sizes={IMAGE_SIZES.hero}
              alt=""
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : 'low'}
              className="absolute inset-0 size-full object-cover"
            />
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-gradient-to-r from-brand-950/95 via-brand-950/75 to-brand-950/20"
            />
            <div className="relative mx-auto flex h-full max-w-7xl items-center px-6 pt-10 pb-28 sm:px-10 lg:px-16">
              <div className="max-w-2xl">
                <span className="inline-flex items-center gap-2 rounded-full bg-gold-400 px-4 py-1.5 text-sm font-bold text-brand-950">
                  <Sparkles className="size-4" aria-hidden="true" />
                  {t('hero.badge')}
                </span>
                <h2 className="mt-5 font-serif text-4xl leading-tight font-bold sm:text-6xl">{slide.title}</h2>
                <p className="mt-4 max-w-xl text-lg leading-relaxed text-brand-50">{slide.description}</p>
                <ul className="mt-6 flex flex-wrap gap-2">
                  {chips.map((chip) => (
                    <li
                      key={chip}
                      className="rounded-full border border-white/25 bg-white/10 px-3.5 py-1.5 text-sm backdrop-blur"
                    >
                      {chip}
                    </li>
                  ))}
                </ul>
                <Link
                  to="/products"
                  className="mt-8 inline-flex items-center gap-2 rounded-full bg-gold-400 px-7 py-3.5 font-semibold text-brand-950 shadow-lg transition hover:bg-gold-500"
                >
                  {t('hero.viewProduct')}
                  <ChevronRight className="size-5" aria-hidden="true" />
                </Link>
              </div>
            </div>
          </div>
        );
      })}

      {count > 1 && (
        <div className="absolute inset-x-0 bottom-6 z-20 mx-auto flex max-w-7xl items-center gap-2 px-6 sm:justify-between sm:gap-4 sm:pr-28 sm:pl-10 lg:pl-16">
          <button type="button" onClick={prev} aria-label={t('hero.previous')} className={arrow}>
            <ChevronLeft className="size-6" aria-hidden="true" />
          </button>
          <div className="flex items-center gap-1">
            {sliders.map((slide, i) => (
              <button
                key={slide._id}
                type="button"
                onClick={() => goTo(i)}
                aria-label={t('hero.goTo', { n: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                className="group flex size-8 items-center justify-center rounded-full"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-8 bg-gold-400' : 'w-2.5 bg-white/60 group-hover:bg-white'}`}
                />
              </button>
            ))}
          </div>
          <button type="button" onClick={next} aria-label={t('hero.next')} className={arrow}>
            <ChevronRight className="size-6" aria-hidden="true" />
          </button>
        </div>
      )}
    </section>
  );
}
