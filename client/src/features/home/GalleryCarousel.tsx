import { useTranslation } from '../../i18n';
import { GALLERY_CAROUSEL_MS } from '@kesh/shared';
import { useCarousel } from '../../components/ui/useCarousel';
import { HomeSection } from './HomeSection';
import { ITEM_WIDTH_CLASSES, useItemsPerView } from './useItemsPerView';
import amla from '../../components/ui/art/amla.svg';
import hibiscus from '../../components/ui/art/hibiscus.svg';
import neem from '../../components/ui/art/neem.svg';
import oil from '../../components/ui/art/oil.svg';
import mortar from '../../components/ui/art/mortar.svg';

const IMAGES = [amla, hibiscus, neem, oil, mortar];

/** Five static pictures; moves on every 3 s and wraps, showing 1/2/4 at a time by screen width. */
export function GalleryCarousel() {
  const { t } = useTranslation('home');
  const captions = t('gallery.items', { returnObjects: true }) as string[];
  const perView = useItemsPerView();
  const { index } = useCarousel({ count: IMAGES.length, autoplayMs: GALLERY_CAROUSEL_MS });
  // The track holds the pictures twice so the view can always show `perView` in a row; wrapping back
  // to the start jumps without a transition.
  const track = [...IMAGES, ...IMAGES];

  return (
    <HomeSection name="gallery" more={{ to: '/gallery', label: t('gallery.viewGallery'), look: 'text' }}>
      <div className="-mx-2.5 overflow-hidden">
        <ul
          className={`flex ${index === 0 ? '' : 'transition-transform duration-700 ease-out motion-reduce:transition-none'}`}
          style={{ transform: `translateX(-${(index * 100) / perView}%)` }}
        >
          {track.map((image, i) => {
            const visible = i >= index && i < index + perView;
            return (
              <li key={i} aria-hidden={!visible} className={`shrink-0 px-2.5 ${ITEM_WIDTH_CLASSES}`}>
                <figure className="overflow-hidden rounded-3xl bg-white shadow-sm">
                  {/* The caption below names the picture, so the image itself is not announced twice. */}
                  <img
                    src={image}
                    alt=""
                    width={400}
                    height={500}
                    loading="lazy"
                    className="aspect-[4/5] h-auto w-full object-cover"
                  />
                  <figcaption className="px-4 py-3 text-center font-medium text-brand-950">
                    {captions[i % IMAGES.length]}
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </HomeSection>
  );
}
