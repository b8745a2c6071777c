import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SafeImage } from '../../components/ui/SafeImage';
import { DiscountBadge, PriceLine, Rating } from './ProductBits';
import type { ProductCardData } from './productCard';

interface ProductCardProps {
  product: ProductCardData;
  onAddToCart(id: string): void;
  adding?: boolean;
}

/** A product tile: the image and name open the detail view; Add to Cart acts straight away. */
export function ProductCard({ product, onAddToCart, adding = false }: ProductCardProps) {
  const { t } = useTranslation('catalog');
  const detailHref = `/products?id=${encodeURIComponent(product.id)}`;
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
          src={product.images[0] ?? undefined}
          alt=""
          loading="lazy"
          className="size-full object-cover transition duration-500 group-hover:scale-105"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Rating rating={product.rating} reviews={product.reviews} />
        <h3 className="font-serif text-xl font-semibold text-brand-950">
          <Link to={detailHref} className="rounded hover:text-brand-700">
            {product.name}
          </Link>
        </h3>
        <p className="text-sm text-stone-600">{product.subtitle}</p>
        <div className="mt-auto pt-2">
          <PriceLine product={product} />
        </div>
        <button
          type="button"
          onClick={() => onAddToCart(product.id)}
          disabled={adding}
          className="mt-2 inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-5 py-3 font-semibold text-white transition hover:bg-brand-900 disabled:opacity-60"
        >
          <ShoppingCart className="size-4" aria-hidden="true" />
          {adding ? t('adding') : t('addToCart')}
          <span className="sr-only">: {product.name}</span>
        </button>
      </div>
    </article>
  );
}
