import { lazy, Suspense, useState } from 'react';
import { Expand } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { GALLERY_EAGER_TILES, IMAGE_SIZES, MESSAGES } from '@kesh/shared';
import { fetchGallery } from '../../api/catalog';
import { isNetworkError } from '../../api/http';
import { PageHero } from '../../components/ui/PageHero';
import { SafeImage } from '../../components/ui/SafeImage';
import { Spinner } from '../../components/ui/Spinner';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { useMessageText } from '../../components/ui/useMessageText';

// The viewer loads when a picture is first opened: the page's first screen does not need it.
const Lightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })));

export default function GalleryPage() {
  const { t } = useTranslation('gallery');
  const say = useMessageText();
  usePageMeta(t('title'), t('metaDescription'));
  const { data, error, isPending } = useQuery({ queryKey: ['gallery'], queryFn: fetchGallery });
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const items = error ? [] : (data ?? []);

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {isPending ? (
          <Spinner />
        ) : (
          <>
            {error && (
              <p
                role="alert"
                className="mx-auto mb-6 max-w-md rounded-2xl bg-red-50 p-6 text-center font-medium text-red-800"
              >
                {say(isNetworkError(error) ? MESSAGES.backendDown : MESSAGES.galleryFetchFailed)}
              </p>
            )}
            {items.length === 0 ? (
              <p className="py-16 text-center text-lg text-stone-600">{t('empty')}</p>
            ) : (
              <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
                {items.map((item, i) => (
                  <li key={item._id} className="reveal">
                    <button
                      type="button"
                      onClick={() => setOpenIndex(i)}
                      aria-label={t('open', { n: i + 1 })}
                      className="group relative block aspect-square w-full overflow-hidden rounded-2xl bg-[#f3efe4] shadow-sm sm:rounded-3xl"
                    >
                      <SafeImage
                        src={item.image}
                        srcSet={item.imageSrcSet}
                        sizes={IMAGE_SIZES.galleryTile}
                        alt=""
                        // The first rows are the page's largest pictures; the rest wait until scrolled to.
                        loading={i < GALLERY_EAGER_TILES ? 'eager' : 'lazy'}
                        className="size-full object-cover transition duration-500 group-hover:scale-110"
                      />
                      <span className="absolute inset-0 flex items-center justify-center bg-brand-950/0 text-white opacity-0 transition group-hover:bg-brand-950/40 group-hover:opacity-100 group-focus-visible:bg-brand-950/40 group-focus-visible:opacity-100">
                        <Expand className="size-8" aria-hidden="true" />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      {openIndex !== null && items.length > 0 && (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            index={Math.min(openIndex, items.length - 1)}
            onChange={setOpenIndex}
            onClose={() => setOpenIndex(null)}
          />
        </Suspense>
      )}
    </>
  );
}
