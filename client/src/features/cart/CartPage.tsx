import { useTranslation } from '../../i18n';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft, ShieldCheck, ShoppingBag, ShoppingCart } from 'lucide-react';
import { formatRupees } from '@kesh/shared';
import { useSession } from '../../state/session';
import { PageHero } from '../../components/ui/PageHero';
import { Spinner } from '../../components/ui/Spinner';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { CartLine } from './CartLine';
import { lineKey, useCart } from './useCart';

const primaryButton =
  'inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-3 font-semibold text-white shadow-sm transition hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none';
const secondaryButton =
  'inline-flex w-full items-center justify-center gap-2 rounded-full border-2 border-brand-800 px-6 py-2.5 font-semibold text-brand-800 transition hover:bg-brand-800 hover:text-white';

export default function CartPage() {
  const { t } = useTranslation('cart');
  const { user, openAuthModal } = useSession();
  usePageMeta(t('title'), t('subtitle'));

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {user ? (
          <SignedInCart />
        ) : (
          <section className="mx-auto max-w-md rounded-3xl border border-stone-200 bg-white p-8 text-center shadow-sm">
            <ShoppingCart className="mx-auto size-12 text-brand-700" aria-hidden="true" />
            <h2 className="mt-4 font-serif text-2xl font-bold text-brand-950">{t('signInTitle')}</h2>
            <p className="mt-2 text-stone-600">{t('signInText')}</p>
            <button type="button" className={`${primaryButton} mt-6`} onClick={() => openAuthModal({ mode: 'login' })}>
              {t('signIn')}
            </button>
          </section>
        )}
      </div>
    </>
  );
}

function SignedInCart() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const { query, setQuantity, remove } = useCart();

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="rounded-2xl border border-red-100 bg-white p-6 text-center" role="status">
        <p className="text-stone-700">{t('loadFailed')}</p>
        <button
          type="button"
          className="mt-4 font-semibold text-brand-800 underline"
          onClick={() => void query.refetch()}
        >
          {t('retry')}
        </button>
      </div>
    );
  }

  const { items, cartCount, totalAmount } = query.data;
  const empty = items.length === 0;

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 lg:gap-8">
      <section className="lg:col-span-2" aria-labelledby="cart-items-heading">
        <h2 id="cart-items-heading" className="sr-only">
          {t('itemCount', { count: cartCount })}
        </h2>
        {empty ? (
          <div className="rounded-3xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
            <ShoppingBag className="mx-auto size-14 text-brand-500" aria-hidden="true" />
            <p className="mt-4 text-xl font-semibold text-brand-950">{t('empty')}</p>
            <p className="mt-2 text-stone-600">{t('emptyHint')}</p>
          </div>
        ) : (
          <ul className="space-y-4">
            {items.map((item) => (
              <CartLine
                key={lineKey(item)}
                item={item}
                onQuantity={(id, quantity, variantId) => void setQuantity(id, quantity, variantId)}
                onRemove={(id, variantId) => void remove(id, variantId)}
              />
            ))}
          </ul>
        )}
      </section>

      <aside
        className="h-fit rounded-3xl border border-stone-200 bg-white p-6 shadow-sm lg:sticky lg:top-24"
        aria-labelledby="cart-summary-heading"
      >
        <h2 id="cart-summary-heading" className="font-serif text-2xl font-bold text-brand-950">
          {t('orderSummary')}
        </h2>
        <dl className="mt-5 space-y-3 text-stone-700">
          <div className="flex justify-between">
            <dt>
              {t('subtotal')} <span className="text-sm text-stone-500">({t('itemCount', { count: cartCount })})</span>
            </dt>
            <dd className="font-medium">{formatRupees(totalAmount)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>{t('shipping')}</dt>
            <dd className="font-semibold text-brand-700">{t('free')}</dd>
          </div>
          <div className="flex justify-between border-t border-stone-200 pt-3 text-lg font-bold text-brand-950">
            <dt>{t('total')}</dt>
            <dd>{formatRupees(totalAmount)}</dd>
          </div>
        </dl>
        <div className="mt-6 space-y-3">
          <button type="button" className={primaryButton} disabled={empty} onClick={() => navigate('/shipping')}>
            {t('placeOrder')}
          </button>
          <Link to="/products" className={secondaryButton}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('continueShopping')}
          </Link>
        </div>
        <p className="mt-5 flex items-center justify-center gap-1.5 text-xs text-stone-500">
          <ShieldCheck className="size-4 text-brand-600" aria-hidden="true" />
          {t('secureNote')}
        </p>
      </aside>
    </div>
  );
}
