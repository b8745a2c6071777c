import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { MESSAGES } from '@kesh/shared';
import { fetchSliders } from '../../api/catalog';
import { isNetworkError } from '../../api/http';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { useMessageText } from '../../components/ui/useMessageText';
import { HeroSlider } from './HeroSlider';
import { FeaturedProducts } from './FeaturedProducts';
import { AboutTeaser, WhyChooseUs } from './StorySections';

// Below the first screen: their code (carousels and their controls) arrives after the page's own;
// their server-rendered markup stays readable meanwhile and comes alive when it lands.
const GalleryCarousel = lazy(() => import('./GalleryCarousel').then((m) => ({ default: m.GalleryCarousel })));
const Testimonials = lazy(() => import('./Testimonials').then((m) => ({ default: m.Testimonials })));

export default function HomePage() {
  const { t } = useTranslation('home');
  const say = useMessageText();
  usePageMeta(t('metaTitle'), t('metaDescription'));
  const sliders = useQuery({ queryKey: ['sliders'], queryFn: fetchSliders });
  const sliderError = sliders.error
    ? say(isNetworkError(sliders.error) ? MESSAGES.backendDown : MESSAGES.slidersFetchFailed)
    : undefined;

  return (
    <>
      <h1 className="sr-only">{t('pageHeading')}</h1>
      <HeroSlider
        sliders={sliders.error ? [] : (sliders.data ?? [])}
        loading={sliders.isPending}
        errorText={sliderError}
      />
      <FeaturedProducts />
      <AboutTeaser />
      <WhyChooseUs />
      <Suspense fallback={<div className="min-h-svh" />}>
        <GalleryCarousel />
        <Testimonials />
      </Suspense>
    </>
  );
}
