import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { FEATURED_PRODUCT_COUNT, HOME_TOAST_MS } from '@kesh/shared';
import { SectionHeading } from '../../components/ui/SectionHeading';
import { useMessageText } from '../../components/ui/useMessageText';
import {
  ProductCard,
  ProductGridSkeleton,
  productsErrorText,
  toProductCard,
  useAddToCart,
  useFeaturedProducts,
} from '../catalog';

/** The last three products of the catalogue (only they are read); a guest's Add to Cart logs in and lands on /products. */
export function FeaturedProducts() {
  const { t, i18n } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const say = useMessageText();
  const { data, error, isPending } = useFeaturedProducts();
  const { addToCart, pendingId } = useAddToCart({ redirectTo: '/products', toastMs: HOME_TOAST_MS });
  const featured = error ? [] : (data ?? []).map((p) => toProductCard(p, i18n.language));

  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="reveal">
        <SectionHeading id="featured-heading" eyebrow={t('featured.eyebrow')} title={t('featured.heading')}>
          {t('featured.lead')}
        </SectionHeading>
      </div>
      {isPending ? (
        <ProductGridSkeleton count={FEATURED_PRODUCT_COUNT} />
      ) : error ? (
        <p role="alert" className="mx-auto max-w-md rounded-2xl bg-red-50 p-6 text-center font-medium text-red-800">
          {say(productsErrorText(error))}
        </p>
      ) : featured.length === 0 ? (
        <p className="py-10 text-center text-lg text-stone-600">{tc('empty')}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
          {featured.map((product) => (
            <li key={product.id} className="reveal">
              <ProductCard
                product={product}
                onAddToCart={(id) => void addToCart(id)}
                adding={pendingId === product.id}
              />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-12 text-center">
        <Link
          to="/products"
          className="inline-flex items-center gap-2 rounded-full border-2 border-brand-800 px-7 py-3 font-semibold text-brand-800 transition hover:bg-brand-800 hover:text-white"
        >
          {t('featured.viewAll')}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
