import { useId } from 'react';
import { useTranslation } from '../../i18n';
import { formatRupees, stockBadge } from '@kesh/shared';
import type { ProductCardData } from './productCard';

/** Offer price, struck-through original price (when higher) and the percent-off badge's text. */
export function PriceLine({ product, large = false }: { product: ProductCardData; large?: boolean }) {
  const { t } = useTranslation('catalog');
  const showOriginal = product.originalPrice !== null && product.originalPrice > product.price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2.5 gap-y-1">
      <span className="sr-only">{t('price')}: </span>
      <span className={`font-bold text-brand-900 ${large ? 'text-3xl' : 'text-xl'}`}>
        {formatRupees(product.price)}
      </span>
      {showOriginal && (
        <>
          <span className="sr-only">{t('originalPrice')}: </span>
          <s className={`text-stone-500 ${large ? 'text-lg' : 'text-sm'}`}>
            {formatRupees(product.originalPrice ?? 0)}
          </s>
        </>
      )}
      {product.discount > 0 && large && (
        <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-700">
          {t('off', { percent: product.discount })}
        </span>
      )}
    </p>
  );
}

export function DiscountBadge({ percent }: { percent: number }) {
  const { t } = useTranslation('catalog');
  if (percent <= 0) return null;
  return (
    <span className="absolute top-3 left-3 z-10 rounded-full bg-gold-400 px-3 py-1 text-xs font-bold text-brand-950 shadow">
      {t('off', { percent })}
    </span>
  );
}

/** Lucide's star: drawn once per rating and repeated, not five whole icons on every card. */
const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

export function Rating({ rating, reviews }: { rating: number; reviews: number }) {
  const { t } = useTranslation('catalog');
  const star = useId();
  return (
    <p className="flex items-center gap-1.5 text-sm text-stone-600">
      <span role="img" aria-label={t('ratingLabel', { rating })} className="flex text-amber-500">
        <svg
          viewBox="0 0 120 24"
          className="h-4 w-20"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path id={star} d={STAR} />
          {[24, 48, 72, 96].map((x) => (
            <use key={x} href={`#${star}`} x={x} />
          ))}
        </svg>
      </span>
      <span className="font-semibold text-stone-800">{rating}</span>
      <span>{t('reviews', { count: reviews })}</span>
    </p>
  );
}

/** "Only 3 left" or "Out of stock"; nothing while there is plenty or the shop does not count. */
export function StockNote({ stock, className = '' }: { stock: number | null; className?: string }) {
  const { t } = useTranslation('catalog');
  const badge = stockBadge(stock);
  if (!badge) return null;
  return (
    <p className={`text-sm font-semibold ${badge.kind === 'out' ? 'text-red-700' : 'text-amber-800'} ${className}`}>
      {badge.kind === 'out' ? t('outOfStock') : t('onlyLeft', { count: badge.left })}
    </p>
  );
}
