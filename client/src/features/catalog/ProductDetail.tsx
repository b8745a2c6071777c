import { useState } from 'react';
import { ArrowLeft, CircleCheckBig, Minus, Plus, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { IMAGE_SIZES, MAX_LINE_QUANTITY, isOutOfStock } from '@kesh/shared';
import { NeedsJavaScript } from '../../components/ui/NeedsJavaScript';
import { SafeImage } from '../../components/ui/SafeImage';
import { useShop } from '../../state/shop';
import { DiscountBadge, PriceLine, Rating, StockNote } from './ProductBits';
import { productStructuredData, type ProductCardData } from './productCard';
import type { VariantChoice } from './variants/productChoice';
import { VariantPicker } from './variants/VariantPicker';

interface ProductDetailProps {
  /** With a variant chosen: that variant's prices and stock. */
  product: ProductCardData;
  /** The sizes or packs to choose from; null for a product without variants. */
  choice: VariantChoice | null;
  onAddToCart(id: string, quantity: number, variantId?: string): void;
  adding: boolean;
}

/** Detail view; mounted with key=product id so a new selection starts at image 1 and quantity 1. */
export function ProductDetail({ product, choice, onAddToCart, adding }: ProductDetailProps) {
  const { t } = useTranslation('catalog');
  const shop = useShop();
  const [imageIndex, setImageIndex] = useState(0);
  const [wanted, setQuantity] = useState(1);
  const benefits = product.benefits.length ? product.benefits : (t('benefits', { returnObjects: true }) as string[]);
  const soldOut = isOutOfStock(product.stock);
  // No more in one go than the shelf holds (the server checks again when the order is placed).
  const maxQuantity = Math.max(1, Math.min(MAX_LINE_QUANTITY, product.stock ?? MAX_LINE_QUANTITY));
  // Another size may hold fewer units than were asked for with the one chosen before.
  const quantity = Math.min(wanted, maxQuantity);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <script type="application/ld+json">
        {/* "<" escaped, so a description can never close the element. */}
        {JSON.stringify(productStructuredData(product, shop.publicUrl, shop.name, choice?.variants)).replace(
          /</g,
          '\\u003c',
        )}
      </script>
      <Link
        to="/products"
        className="inline-flex items-center gap-2 rounded-full px-1 py-1 font-semibold text-brand-800 hover:text-brand-950"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        {t('backToProducts')}
      </Link>

      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <div>
          <div className="relative aspect-square overflow-hidden rounded-3xl border border-stone-200 bg-[#f3efe4]">
            <DiscountBadge percent={product.discount} />
            <SafeImage
              src={product.images[imageIndex]?.src ?? undefined}
              srcSet={product.images[imageIndex]?.srcSet}
              sizes={IMAGE_SIZES.productDetail}
              alt={product.imageAlt}
              fetchPriority="high"
              className="size-full object-cover"
            />
          </div>
          <ul aria-label={t('imageGallery')} className="mt-4 flex gap-3">
            {product.images.map((image, i) => (
              <li key={i}>
                <button
                  type="button"
                  onClick={() => setImageIndex(i)}
                  aria-label={t('showImage', { n: i + 1 })}
                  aria-pressed={i === imageIndex}
                  className={`block size-20 overflow-hidden rounded-2xl border-2 bg-[#f3efe4] ${
                    i === imageIndex ? 'border-brand-800' : 'border-transparent hover:border-stone-300'
                  }`}
                >
                  <SafeImage
                    src={image.src ?? undefined}
                    srcSet={image.srcSet}
                    sizes="80px"
                    alt=""
                    className="size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>

        <div>
          <p className="text-sm font-semibold [html[lang=en]_&]:tracking-[0.2em] text-amber-800 uppercase">
            {product.subtitle}
          </p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-brand-950 sm:text-4xl">{product.name}</h1>
          <div className="mt-3">
            <Rating rating={product.rating} reviews={product.reviews} />
          </div>
          <div className="mt-5">
            <PriceLine product={product} large />
            <p className="mt-1 text-sm text-stone-600">{t('inclusiveTaxes')}</p>
            <StockNote stock={product.stock} className="mt-2 text-base" />
          </div>
          {choice && <VariantPicker productId={product.id} choice={choice} />}

          <h2 className="mt-8 font-serif text-xl font-semibold text-brand-950">{t('description')}</h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-stone-700">{product.description}</p>

          <h2 className="mt-8 font-serif text-xl font-semibold text-brand-950">{t('keyBenefits')}</h2>
          <ul className="mt-3 space-y-2">
            {benefits.map((benefit) => (
              <li key={benefit} className="flex gap-3 text-stone-700">
                <CircleCheckBig className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {benefit}
              </li>
            ))}
          </ul>

          <div className="mt-8 flex flex-wrap items-center gap-4">
            <div
              role="group"
              aria-label={t('quantity')}
              className="flex items-center rounded-full border border-stone-300 bg-white"
            >
              <button
                type="button"
                onClick={() => setQuantity(Math.max(1, quantity - 1))}
                disabled={quantity <= 1}
                aria-label={t('decrease')}
                className="flex size-12 items-center justify-center rounded-full text-brand-900 hover:bg-brand-50 disabled:text-stone-400 disabled:hover:bg-transparent"
              >
                <Minus className="size-4" aria-hidden="true" />
              </button>
              <output aria-live="polite" className="w-10 text-center text-lg font-semibold">
                {quantity}
              </output>
              <button
                type="button"
                onClick={() => setQuantity(Math.min(maxQuantity, quantity + 1))}
                disabled={quantity >= maxQuantity}
                aria-label={t('increase')}
                className="flex size-12 items-center justify-center rounded-full text-brand-900 hover:bg-brand-50 disabled:text-stone-400 disabled:hover:bg-transparent"
              >
                <Plus className="size-4" aria-hidden="true" />
              </button>
            </div>
            <button
              type="button"
              disabled={adding || soldOut}
              onClick={() => onAddToCart(product.id, quantity, choice?.chosen.id)}
              className="inline-flex flex-1 items-center justify-center gap-2 rounded-full bg-brand-800 px-8 py-3.5 font-semibold text-white shadow-sm transition hover:bg-brand-900 disabled:opacity-60 sm:flex-none"
            >
              <ShoppingCart className="size-5" aria-hidden="true" />
              {soldOut ? t('outOfStock') : adding ? t('adding') : t('addToCart')}
            </button>
            {quantity >= MAX_LINE_QUANTITY && (
              <p role="status" className="w-full text-sm text-stone-600">
                {t('maxQuantity', { max: MAX_LINE_QUANTITY })}
              </p>
            )}
            <NeedsJavaScript action="addToCart" className="basis-full" />
          </div>

          <div className="mt-10 grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl bg-brand-50 p-5">
              <h2 className="font-serif text-lg font-semibold text-brand-950">{t('ingredientsTitle')}</h2>
              <p className="mt-2 text-sm leading-relaxed text-stone-700">{t('ingredients')}</p>
            </div>
            <div className="rounded-2xl bg-amber-50 p-5">
              <h2 className="font-serif text-lg font-semibold text-brand-950">{t('howToUseTitle')}</h2>
              <p className="mt-2 text-sm leading-relaxed text-stone-700">{t('howToUse')}</p>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
