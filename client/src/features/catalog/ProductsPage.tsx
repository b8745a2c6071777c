import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PRODUCTS_PER_PAGE, VARIANT_QUERY_PARAM } from '@kesh/shared';
import { useTranslation } from '../../i18n';
import { PageHero } from '../../components/ui/PageHero';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { useMessageText } from '../../components/ui/useMessageText';
import { Spinner } from '../../components/ui/Spinner';
import { ProductCard, ProductGridSkeleton } from './ProductCard';
import { ProductDetail } from './ProductDetail';
import { toProductCard } from './productCard';
import { variantChoiceOf, withVariant } from './variants/productChoice';
import { useAddToCart } from './useAddToCart';
import { ProductSearchForm, productsHref } from './ProductSearchForm';
import { ProductPagination } from './ProductPagination';
import {
  pageNumberOf,
  productSearchOf,
  productsErrorText,
  useProduct,
  useProductPage,
  type ProductSearch,
} from './useProducts';

/** Stand-in cards while the catalogue loads: two rows of the widest (three-column) grid. */
const PLACEHOLDER_CARDS = 6;

/**
 * List and detail in one route; the selected product is `?id=` so Back and shared links work. The
 * list is one page of products (`?page=`, with links to the others that work without JavaScript);
 * with JavaScript, "Show more products" adds the next page below.
 */
export default function ProductsPage() {
  const [params] = useSearchParams();
  const selectedId = params.get('id');
  if (selectedId !== null)
    return <ProductView key={selectedId} id={selectedId} variantId={params.get(VARIANT_QUERY_PARAM)} />;
  // Keyed by the address, so a new search or page starts without the pages shown before.
  return <ProductList key={params.toString()} params={params} />;
}

function ProductView({ id, variantId }: { id: string; variantId: string | null }) {
  const { t } = useTranslation('catalog');
  const say = useMessageText();
  const { data: product, error, isPending } = useProduct(id);
  const { addToCart, pendingId } = useAddToCart();
  const { language } = useTranslation().i18n;
  const choice = useMemo(() => (product ? variantChoiceOf(product, variantId) : null), [product, variantId]);
  const card = useMemo(() => {
    if (!product) return undefined;
    const base = toProductCard(product, language);
    return choice ? withVariant(base, choice.chosen) : base;
  }, [product, choice, language]);
  usePageMeta(card?.name ?? t('title'), t('metaDescription'));

  if (isPending) return <Spinner className="min-h-[50vh]" />;
  if (error) {
    return (
      <p role="alert" className="mx-auto my-16 max-w-md rounded-2xl bg-red-50 p-6 text-center font-medium text-red-800">
        {say(productsErrorText(error))}
      </p>
    );
  }
  if (!card) return <ProductList params={new URLSearchParams()} notice={t('notFound')} />;
  return (
    <ProductDetail
      product={card}
      choice={choice}
      onAddToCart={(productId, quantity, variant) => void addToCart(productId, quantity, variant)}
      adding={pendingId === card.id}
    />
  );
}

function ProductList({ params, notice }: { params: URLSearchParams; notice?: string }) {
  const { t } = useTranslation('catalog');
  const say = useMessageText();
  const search = productSearchOf(params);
  const searchText = search.q.trim();
  const first = pageNumberOf(params.get('page'));
  // Pages added below the first by "Show more products" (JavaScript only).
  const [more, setMore] = useState(0);
  const { data, error, isPending } = useProductPage(search, first ?? 1, first !== undefined);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  const missing = first === undefined || (data !== undefined && data.items.length === 0 && first > 1);
  usePageMeta(t('title'), t('metaDescription'), { status: first === undefined ? 400 : missing ? 404 : 200 });

  const shown = first === undefined ? [] : Array.from({ length: more + 1 }, (_, i) => first + i);
  const last = shown.at(-1) ?? 1;

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />
      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <ProductSearchForm q={search.q} sort={search.sort} />
        {notice && (
          <p role="status" className="mb-8 text-center text-stone-600">
            {notice}
          </p>
        )}
        {searchText && data && total > 0 && (
          <p role="status" className="mb-6 text-stone-600">
            {t('resultCount', { count: total, q: searchText })}
          </p>
        )}
        {missing ? (
          <div role="status" className="py-16 text-center">
            <p className="text-lg text-stone-700">{t('noSuchPage')}</p>
            <Link
              to={productsHref(search.q, search.sort)}
              className="mt-6 inline-block font-semibold text-brand-800 underline"
            >
              {t('firstPage')}
            </Link>
          </div>
        ) : isPending ? (
          <ProductGridSkeleton count={PLACEHOLDER_CARDS} />
        ) : error ? (
          <p role="alert" className="mx-auto max-w-md rounded-2xl bg-red-50 p-6 text-center font-medium text-red-800">
            {say(productsErrorText(error))}
          </p>
        ) : total === 0 && searchText ? (
          <div role="status" className="py-16 text-center">
            <p className="text-lg text-stone-700">{t('noMatches', { q: searchText })}</p>
            <p className="mt-2 text-stone-600">{t('noMatchesHint')}</p>
            <Link to="/products" className="mt-6 inline-block font-semibold text-brand-800 underline">
              {t('showAll')}
            </Link>
          </div>
        ) : total === 0 ? (
          <p className="py-16 text-center text-lg text-stone-600">{t('empty')}</p>
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8">
              {shown.map((page) => (
                <ProductPageCards key={page} search={search} page={page} first={page === first} />
              ))}
            </ul>
            <ProductPagination
              search={search}
              first={first ?? 1}
              last={last}
              pages={pages}
              total={total}
              onMore={() => setMore((n) => n + 1)}
            />
          </>
        )}
      </section>
    </>
  );
}

/** The cards of one page of the list, as items of the grid every shown page shares. */
function ProductPageCards({ search, page, first }: { search: ProductSearch; page: number; first: boolean }) {
  const say = useMessageText();
  const { data, error, isPending } = useProductPage(search, page);
  const { addToCart, pendingId } = useAddToCart();
  const { language } = useTranslation().i18n;
  const products = useMemo(
    () => (data?.page === page ? data.items.map((p) => toProductCard(p, language)) : []),
    [data, page, language],
  );
  if (error) {
    return (
      <li role="alert" className="col-span-full rounded-2xl bg-red-50 p-6 text-center font-medium text-red-800">
        {say(productsErrorText(error))}
      </li>
    );
  }
  if (isPending || data?.page !== page) {
    return (
      <li className="col-span-full">
        <ProductGridSkeleton count={PLACEHOLDER_CARDS} />
      </li>
    );
  }
  return products.map((product, i) => (
    <li key={product.id} className="reveal">
      <ProductCard
        product={product}
        headingLevel="h2"
        priority={first && i === 0}
        onAddToCart={(id) => void addToCart(id)}
        adding={pendingId === product.id}
      />
    </li>
  ));
}
