import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Banknote, CreditCard, LoaderCircle, Lock, MapPin, Plus, Truck } from 'lucide-react';
import {
  formatRupees,
  lineTitleIn,
  paiseToRupees,
  pinOf,
  rupeesToPaise,
  unitPrice,
  type CouponQuote,
  type DeliveryCheck,
  type PaymentMethod,
} from '@kesh/shared';
import { fetchCart } from '../../api/cart';
import { fetchUser } from '../../api/auth';
import { checkDelivery } from '../../api/shipping';
import { ApiError } from '../../api/http';
import { useSession } from '../../state/session';
import { useShop } from '../../state/shop';
import { PageHero } from '../../components/ui/PageHero';
import { LineThumbnail } from '../../components/ui/LineThumbnail';
import { VariantName } from '../../components/ui/VariantName';
import { Spinner } from '../../components/ui/Spinner';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { OrderConfirmedModal } from './OrderConfirmedModal';
import { COUPON_NAMESPACE, CouponField } from './coupon/CouponField';
import { usePayment } from './usePayment';

/** /shipping: customers only (spec section 4); anyone else goes to the home page. */
export default function ShippingPage() {
  const { user } = useSession();
  if (!user || user.expiry <= Date.now()) return <Navigate to="/" replace />;
  return <Checkout token={user.token} />;
}

const card = 'rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6';

function Checkout({ token }: { token: string }) {
  const { t, i18n } = useTranslation('checkout');
  const navigate = useNavigate();
  const shop = useShop();
  const { setCartCount, signOut } = useSession();
  const cart = useQuery({
    queryKey: ['cart', token],
    queryFn: () => fetchCart(token),
    staleTime: 0,
    retry: false,
  });
  const profile = useQuery({ queryKey: ['user', token], queryFn: () => fetchUser(token), retry: false });
  const pin = pinOf(profile.data?.address);
  const delivery = useQuery({
    queryKey: ['delivery', pin],
    queryFn: () => checkDelivery(pin ?? ''),
    enabled: pin !== null,
    staleTime: 0,
  });
  const { pay, placeCod, paying, confirmed } = usePayment();
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  const { t: tCoupon } = useTranslation(COUPON_NAMESPACE);
  const [method, setMethod] = useState<PaymentMethod>('online');
  const toDashboard = useCallback(() => navigate('/userdashbord'), [navigate]);
  usePageMeta(t('title'), t('subtitle'));

  useEffect(() => {
    if (cart.data) setCartCount(cart.data.items.reduce((sum, item) => sum + item.quantity, 0));
  }, [cart.data, setCartCount]);

  useEffect(() => {
    const error = profile.error ?? cart.error;
    if (error instanceof ApiError && error.status === 401) signOut();
    else if (error) console.error('Checkout load failed', error);
  }, [profile.error, cart.error, signOut]);

  const hero = <PageHero title={t('title')} subtitle={t('subtitle')} />;
  if (cart.isPending || profile.isPending) {
    return (
      <>
        {hero}
        <Spinner />
      </>
    );
  }
  if (cart.isError || profile.isError) {
    return (
      <>
        {hero}
        <div className="mx-auto max-w-6xl px-4 py-16 text-center">
          <p className="text-stone-700">{t('loadFailed')}</p>
          <button
            type="button"
            className="mt-4 font-semibold text-brand-800 underline"
            onClick={() => {
              void cart.refetch();
              void profile.refetch();
            }}
          >
            {t('retry')}
          </button>
        </div>
      </>
    );
  }

  const { items, totalAmount } = cart.data;
  const address = profile.data.address || null;
  // The server refuses an undeliverable address too; this only saves the shopper a useless payment.
  const undeliverable = delivery.data?.serviceable === false;
  const canPay = items.length > 0 && address !== null && !undeliverable && !paying;
  // A quote holds only for the cart it was made for; the server prices the coupon again when paying.
  const quote = coupon && coupon.subtotalPaise === rupeesToPaise(totalAmount) ? coupon : null;
  const payable = quote ? paiseToRupees(quote.totalPaise) : totalAmount;
  const cod = codTermsOf(delivery.data, payable);
  // Cash on delivery only while this address allows it; the server decides again when the order is placed.
  const payingCash = method === 'cod' && cod?.allowed === true;
  const orderTotal = payingCash ? cod.toPay : payable;

  return (
    <>
      {hero}
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-800 transition hover:bg-brand-100"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('back')}
        </button>
        <div className="mt-4 grid grid-cols-1 gap-6 lg:grid-cols-5 lg:gap-8">
          <div className="space-y-6 lg:col-span-3">
            <section className={card} aria-labelledby="delivery-heading">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2
                  id="delivery-heading"
                  className="flex items-center gap-2 font-serif text-2xl font-bold text-brand-950"
                >
                  <MapPin className="size-5 text-brand-700" aria-hidden="true" />
                  {t('deliveryAddress')}
                </h2>
                <Link
                  to="/userdashbord"
                  className="inline-flex items-center gap-1.5 rounded-full border border-brand-800 px-4 py-2 text-sm font-semibold text-brand-800 transition hover:bg-brand-50"
                >
                  <Plus className="size-4" aria-hidden="true" />
                  {t('addNewAddress')}
                </Link>
              </div>
              {address ? (
                <label className="mt-5 flex cursor-pointer gap-3 rounded-2xl border-2 border-brand-600 bg-brand-50 p-4">
                  <input
                    type="radio"
                    name="delivery-address"
                    value={address}
                    defaultChecked
                    className="mt-1 size-4 accent-brand-700"
                    aria-label={t('deliverHere')}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-brand-950">
                      {profile.data.username}
                      <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                        {t('selected')}
                      </span>
                    </span>
                    <span className="mt-1 block break-words text-stone-700">{address}</span>
                    {profile.data.contact && (
                      <span className="mt-1 block text-sm text-stone-600">{profile.data.contact}</span>
                    )}
                  </span>
                </label>
              ) : (
                <p className="mt-5 rounded-2xl border border-dashed border-stone-300 p-4 text-stone-600">
                  {t('noAddress')}
                </p>
              )}
              {address && !delivery.isError && <DeliveryNote pin={pin} check={delivery.data} />}
            </section>

            <section className={card} aria-labelledby="payment-heading">
              <h2 id="payment-heading" className="flex items-center gap-2 font-serif text-2xl font-bold text-brand-950">
                <CreditCard className="size-5 text-brand-700" aria-hidden="true" />
                {t('payment')}
              </h2>
              {cod ? (
                <PaymentChoice method={payingCash ? 'cod' : 'online'} onChange={setMethod} cod={cod} />
              ) : (
                <p className="mt-3 text-stone-700">{t('paymentNote')}</p>
              )}
              {shop.paymentMode === 'simulator' && !payingCash && (
                <p className="mt-3 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('simulatorNote')}</p>
              )}
            </section>
          </div>

          <aside className={`${card} h-fit lg:sticky lg:top-24 lg:col-span-2`} aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="font-serif text-2xl font-bold text-brand-950">
              {t('orderSummary')}
            </h2>
            {items.length === 0 ? (
              <p className="mt-4 text-stone-600">{t('emptyCart')}</p>
            ) : (
              <ul className="mt-4 divide-y divide-stone-200">
                {items.map(({ productId: product, quantity, variant }) => (
                  <li key={`${product._id}:${variant?.id ?? ''}`} className="flex items-center gap-3 py-3">
                    <LineThumbnail product={product} sizes="48px" className="size-12 shrink-0 rounded-lg" />
                    <div className="min-w-0 flex-1">
                      <p className="line-clamp-2 font-medium text-brand-950">
                        {lineTitleIn(product, i18n.language)}
                        <VariantName variant={variant} />
                      </p>
                      <p className="text-sm text-stone-600">{t('quantity', { count: quantity })}</p>
                    </div>
                    <p className="font-semibold text-brand-900">{formatRupees(unitPrice(product) * quantity)}</p>
                  </li>
                ))}
              </ul>
            )}
            {items.length > 0 && <CouponField token={token} applied={quote} onChange={setCoupon} disabled={paying} />}
            <dl className="mt-4 space-y-3 border-t border-stone-200 pt-4 text-stone-700">
              <div className="flex justify-between">
                <dt>{t('subtotal')}</dt>
                <dd className="font-medium">{formatRupees(totalAmount)}</dd>
              </div>
              {quote && (
                <div className="flex justify-between text-brand-800">
                  <dt>{tCoupon('discount', { code: quote.code })}</dt>
                  <dd className="font-medium">−{formatRupees(paiseToRupees(quote.discountPaise))}</dd>
                </div>
              )}
              <div className="flex justify-between">
                <dt>{t('shipping')}</dt>
                <dd className="font-semibold text-brand-700">{t('free')}</dd>
              </div>
              {payingCash && cod.fee > 0 && (
                <div className="flex justify-between">
                  <dt>{t('codFee')}</dt>
                  <dd className="font-medium">{formatRupees(cod.fee)}</dd>
                </div>
              )}
              <div className="flex justify-between border-t border-stone-200 pt-3 text-lg font-bold text-brand-950">
                <dt>{t('total')}</dt>
                <dd>{formatRupees(orderTotal)}</dd>
              </div>
            </dl>
            <button
              type="button"
              disabled={!canPay}
              aria-busy={paying}
              onClick={() =>
                void (payingCash
                  ? placeCod(address, quote)
                  : pay({ cart: cart.data, profile: profile.data, address, coupon: quote }))
              }
              className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-3.5 text-lg font-semibold text-white shadow-sm transition hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-600 disabled:shadow-none"
            >
              {paying ? (
                <>
                  <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
                  {payingCash ? t('placingOrder') : t('processing')}
                </>
              ) : payingCash ? (
                <>
                  <Banknote className="size-5" aria-hidden="true" />
                  {t('placeCodOrder', { amount: formatRupees(orderTotal) })}
                </>
              ) : (
                <>
                  <Lock className="size-4" aria-hidden="true" />
                  {t('pay', { amount: formatRupees(payable) })}
                </>
              )}
            </button>
            {items.length > 0 && !address && (
              <p className="mt-3 text-center text-sm text-amber-800">{t('needAddress')}</p>
            )}
          </aside>
        </div>
      </div>
      {confirmed && <OrderConfirmedModal onContinue={toDashboard} />}
    </>
  );
}

function DeliveryNote({ pin, check }: { pin: string | null; check: DeliveryCheck | undefined }) {
  const { t } = useTranslation('checkout');
  const text = !pin
    ? t('noPinDelivery')
    : !check
      ? t('checkingDelivery', { pin })
      : check.serviceable && check.etaDays
        ? t('deliversTo', { pin, min: check.etaDays[0], max: check.etaDays[1] })
        : t('cannotDeliver', { pin });
  const refused = check?.serviceable === false;
  return (
    <p
      role="status"
      className={`mt-4 flex items-start gap-2 rounded-xl px-3 py-2 text-sm font-medium ${refused ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-900'}`}
    >
      <Truck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

interface CodTerms {
  /** False when the cart (with the fee) is above the owner's limit. */
  allowed: boolean;
  /** Rupees: the fee, the owner's limit, and what the courier collects. */
  fee: number;
  cap: number;
  toPay: number;
}

/** Cash on delivery as the delivery check offers it for this address and cart; null where it is not offered. */
function codTermsOf(check: DeliveryCheck | undefined, cartTotal: number): CodTerms | null {
  if (!check?.cod || check.codCapPaise === undefined) return null;
  const feePaise = check.codFeePaise ?? 0;
  return {
    allowed: rupeesToPaise(cartTotal) + feePaise <= check.codCapPaise,
    fee: paiseToRupees(feePaise),
    cap: paiseToRupees(check.codCapPaise),
    toPay: paiseToRupees(rupeesToPaise(cartTotal) + feePaise),
  };
}

function PaymentChoice({
  method,
  onChange,
  cod,
}: {
  method: PaymentMethod;
  onChange(method: PaymentMethod): void;
  cod: CodTerms;
}) {
  const { t } = useTranslation('checkout');
  const option = (checked: boolean, disabled = false) =>
    `flex gap-3 rounded-2xl border-2 p-4 ${disabled ? 'cursor-not-allowed border-stone-200 bg-stone-50' : 'cursor-pointer'} ${checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200'}`;
  return (
    <fieldset className="mt-4 space-y-3">
      <legend className="sr-only">{t('payment')}</legend>
      <label className={option(method === 'online')}>
        <input
          type="radio"
          name="payment-method"
          checked={method === 'online'}
          onChange={() => onChange('online')}
          className="mt-1 size-4 accent-brand-700"
        />
        <span>
          <span className="block font-semibold text-brand-950">{t('payOnline')}</span>
          <span className="mt-1 block text-sm text-stone-700">{t('paymentNote')}</span>
        </span>
      </label>
      <label className={option(method === 'cod', !cod.allowed)}>
        <input
          type="radio"
          name="payment-method"
          checked={method === 'cod'}
          disabled={!cod.allowed}
          onChange={() => onChange('cod')}
          className="mt-1 size-4 accent-brand-700"
        />
        <span>
          <span className="flex items-center gap-2 font-semibold text-brand-950">
            <Banknote className="size-4 text-brand-700" aria-hidden="true" />
            {t('cashOnDelivery')}
          </span>
          <span className="mt-1 block text-sm text-stone-700">
            {cod.allowed
              ? t('codNote', { amount: formatRupees(cod.toPay) })
              : t('codOverLimit', { cap: formatRupees(cod.cap) })}
            {cod.allowed && cod.fee > 0 && ` ${t('codFeeNote', { fee: formatRupees(cod.fee) })}`}
          </span>
        </span>
      </label>
    </fieldset>
  );
}
