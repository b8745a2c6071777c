import { useTranslation } from '../../i18n';
import { FEATURED_PRODUCT_COUNT, HOME_TOAST_MS } from '@kesh/shared';
import { useMessageText } from '../../components/ui/useMessageText';
import {
  ProductCard,
  ProductGridSkeleton,
  productsErrorText,
  toProductCard,
  useAddToCart,
  useFeaturedProducts,
} from '../catalog';
import { HomeSection } from './HomeSection';

/** The last three products of the catalogue (only they are read); a guest's Add to Cart logs in and lands on /products. */
export function FeaturedProducts() {
  const { t, i18n } = useTranslation('home');
  const { t: tc } = useTranslation('catalog');
  const say = useMessageText();
  const { data, error, isPending } = useFeaturedProducts();
  const { addToCart, pendingId } = useAddToCart({ redirectTo: '/products', toastMs: HOME_TOAST_MS });
  const featured = error ? [] : (data ?? []).map((p) => toProductCard(p, i18n.language));

  return (
    <HomeSection name="featured" more={{ to: '/products', label: t('featured.viewAll'), look: 'button' }}>
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
    </HomeSection>
  );
}
