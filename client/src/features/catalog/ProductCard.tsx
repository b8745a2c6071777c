import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { IMAGE_SIZES, isOutOfStock } from '@kesh/shared';
import { NeedsJavaScript } from '../../components/ui/NeedsJavaScript';
import { SafeImage } from '../../components/ui/SafeImage';
import { DiscountBadge, PriceLine, Rating, StockNote } from './ProductBits';
import type { ProductCardData } from './productCard';
import { ChooseOptions, FromPrice } from './variants/CardVariants';

interface ProductCardProps {
  product: ProductCardData;
  onAddToCart(id: string): void;
  adding?: boolean;
  /** h2 where the card sits right under the page's h1 (the products page), h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
  /** The first card on screen: its picture loads straight away, first in line. */
  priority?: boolean;
}

/** A product tile: the image and name open the detail view; Add to Cart acts straight away. */
export function ProductCard({
  product,
  onAddToCart,
  adding = false,
  headingLevel: Heading = 'h3',
  priority = false,
}: ProductCardProps) {
  const { t } = useTranslation('catalog');
  const detailHref = `/products?id=${encodeURIComponent(product.id)}`;
  const soldOut = isOutOfStock(product.stock);
  return (
    <article className="group flex flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm transition hover:-translate-y-1 hover:shadow-xl">
      <Link
        to={detailHref}
        className="relative block aspect-square overflow-hidden bg-[#f3efe4]"
        tabIndex={-1}
        aria-hidden="true"
      >
        <DiscountBadge percent={product.discount} />
        <SafeImage
          src={product.images[0]?.src ?? undefined}
          srcSet={product.images[0]?.srcSet}
          sizes={IMAGE_SIZES.productCard}
          alt=""
          width={400}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Rating rating={product.rating} reviews={product.reviews} />
        <Heading className="font-serif text-xl font-semibold text-brand-950">
          <Link to={detailHref} className="rounded hover:text-brand-700">
            {product.name}
          </Link>
        </Heading>
        <p className="text-sm text-stone-600">{product.subtitle}</p>
        <div className="mt-auto pt-2">
          {product.fromPrice === null ? <PriceLine product={product} /> : <FromPrice price={product.fromPrice} />}
          <StockNote stock={product.stock} className="mt-1" />
        </div>
        {product.choices ? (
          <ChooseOptions href={detailHref} name={product.name} />
        ) : (
          <>
            <button
              type="button"
              onClick={() => onAddToCart(product.id)}
              disabled={adding || soldOut}
              className="mt-2 inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-5 py-3 font-semibold text-white transition hover:bg-brand-900 disabled:opacity-60"
            >
              <ShoppingCart className="size-4" aria-hidden="true" />
              {soldOut ? t('outOfStock') : adding ? t('adding') : t('addToCart')}
              <span className="sr-only">: {product.name}</span>
            </button>
            <NeedsJavaScript action="addToCart" />
          </>
        )}
      </div>
    </article>
  );
}

/**
 * Grey stand-ins with a card's shape, shown while the products load, so the cards take their places
 * without pushing the rest of the page down.
 */
export function ProductGridSkeleton({ count }: { count: number }) {
  const { t } = useTranslation();
  const bar = 'animate-pulse rounded-full bg-stone-200';
  return (
    <div role="status">
      <span className="sr-only">{t('loading')}</span>
      <ul aria-hidden="true" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
        {Array.from({ length: count }, (_, i) => (
          <li key={i} className="flex flex-col overflow-hidden rounded-3xl border border-stone-200 bg-white shadow-sm">
            <div className="aspect-square animate-pulse bg-[#f3efe4]" />
            <div className="flex flex-1 flex-col gap-2 p-5">
              <div className={`h-5 w-2/5 ${bar}`} />
              <div className={`h-14 w-4/5 ${bar} rounded-xl`} />
              <div className={`h-5 w-3/5 ${bar}`} />
              <div className={`mt-2 h-7 w-1/3 ${bar}`} />
              <div className={`mt-2 h-12 ${bar}`} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
