import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslation } from '../../i18n';
import type { GalleryItem } from '@kesh/shared';
import { SafeImage } from '../../components/ui/SafeImage';

interface LightboxProps {
  items: GalleryItem[];
  index: number;
  onChange(index: number): void;
  onClose(): void;
}

/** Full-screen viewer: arrows and ArrowLeft/ArrowRight wrap around, Escape closes, page scroll locked. */
export function Lightbox({ items, index, onChange, onClose }: LightboxProps) {
  const { t } = useTranslation('gallery');
  const total = items.length;
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const prev = () => onChange((index - 1 + total) % total);
  const next = () => onChange((index + 1) % total);

  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') prev();
    else if (e.key === 'ArrowRight') next();
    else if (e.key === 'Escape') onClose();
    else return;
    e.preventDefault();
  });

  useEffect(() => {
    window.addEventListener('keydown', onKey);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, []);

  const item = items[index];
  if (!item) return null;
  const arrow =
    'absolute top-1/2 z-10 flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-white/10 text-white backdrop-blur transition hover:bg-gold-400 hover:text-brand-950 sm:size-14';

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-50 flex flex-col bg-stone-950"
    >
      <h2 id={titleId} className="sr-only">
        {t('lightboxTitle')}
      </h2>
      <div className="flex items-center justify-between px-4 py-3 text-white sm:px-6">
        <p aria-live="polite" className="text-sm font-medium text-stone-200">
          {t('position', { n: index + 1, total })}
        </p>
        <button
          ref={closeRef}
          type="button"
          onClick={onClose}
          aria-label={t('close')}
          className="flex size-11 items-center justify-center rounded-full bg-white/10 hover:bg-white/20"
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
      <div className="relative flex flex-1 items-center justify-center px-4 sm:px-20">
        {total > 1 && (
          <button type="button" onClick={prev} aria-label={t('previous')} className={`${arrow} left-2 sm:left-6`}>
            <ChevronLeft className="size-7" aria-hidden="true" />
          </button>
        )}
        <SafeImage
          key={item._id}
          src={item.image}
          alt={t('imageAlt', { n: index + 1 })}
          className="max-h-[75svh] max-w-full animate-[fadeIn_300ms_ease] motion-reduce:animate-none rounded-2xl object-contain"
        />
        {total > 1 && (
          <button type="button" onClick={next} aria-label={t('next')} className={`${arrow} right-2 sm:right-6`}>
            <ChevronRight className="size-7" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="flex flex-wrap justify-center px-4 py-5">
        {items.map((it, i) => (
          <button
            key={it._id}
            type="button"
            onClick={() => onChange(i)}
            aria-label={t('goTo', { n: i + 1 })}
            aria-current={i === index ? 'true' : undefined}
            className="group flex size-7 items-center justify-center rounded-full"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${i === index ? 'w-7 bg-gold-400' : 'w-2.5 bg-white/50 group-hover:bg-white'}`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
