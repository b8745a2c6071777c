import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { useMessageText } from '../../components/ui/useMessageText';
import { ProductCard, ProductGridSkeleton } from './ProductCard';
import { ProductDetail } from './ProductDetail';
import { toProductCard } from './productCard';
import { useAddToCart } from './useAddToCart';
import { ProductSearchForm } from './ProductSearchForm';
import { productSearchOf, productsErrorText, useProductList } from './useProducts';

/** Stand-in cards while the catalogue loads: two rows of the widest (three-column) grid. */
const PLACEHOLDER_CARDS = 6;

/** List and detail in one route; the selected product is `?id=` so Back and shared links work. */
export default function ProductsPage() {
  const { t } = useTranslation('catalog');
  const say = useMessageText();
  const [params] = useSearchParams();
  const selectedId = params.get('id');
  const search = productSearchOf(params);
  const searchText = search.q.trim();
  const { data, error, isPending } = useProductList(search);
  const { addToCart, pendingId } = useAddToCart();
  const products = useMemo(() => (error ? [] : (data ?? []).map(toProductCard)), [data, error]);
  const selected = selectedId ? products.find((p) => p.id === selectedId) : undefined;

  usePageMeta(selected?.name ?? t('title'), t('metaDescription'));

  if (selected) {
    return (
      <ProductDetail
        key={selected.id}
        product={selected}
        onAddToCart={(id, quantity) => void addToCart(id, quantity)}
        adding={pendingId === selected.id}
      />
    );
  }

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        {/* Keyed by the address, so Back and a shared link show that search in the fields. */}
        <ProductSearchForm key={params.toString()} q={search.q} sort={search.sort} />
        {searchText && !isPending && !error && products.length > 0 && (
          <p role="status" className="mb-6 text-stone-600">
            {t('resultCount', { count: products.length, q: searchText })}
          </p>
        )}
        {isPending ? (
          <ProductGridSkeleton count={PLACEHOLDER_CARDS} />
        ) : error ? (
          <p role="alert" className="mx-auto max-w-md rounded-2xl bg-red-50 p-6 text-center font-medium text-red-800">
            {say(productsErrorText(error))}
          </p>
        ) : products.length === 0 && searchText ? (
          <div role="status" className="py-16 text-center">
            <p className="text-lg text-stone-700">{t('noMatches', { q: searchText })}</p>
            <p className="mt-2 text-stone-600">{t('noMatchesHint')}</p>
            <Link to="/products" className="mt-6 inline-block font-semibold text-brand-800 underline">
              {t('showAll')}
            </Link>
          </div>
        ) : products.length === 0 ? (
          <p className="py-16 text-center text-lg text-stone-600">{t('empty')}</p>
        ) : (
          <>
            {selectedId && (
              <p role="status" className="mb-8 text-center text-stone-600">
                {t('notFound')}
              </p>
            )}
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {products.map((product, i) => (
                <li key={product.id} className="reveal">
                  <ProductCard
                    product={product}
                    headingLevel="h2"
                    priority={i === 0}
                    onAddToCart={(id) => void addToCart(id)}
                    adding={pendingId === product.id}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  );
}
