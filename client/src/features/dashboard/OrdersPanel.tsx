import { useEffect } from 'react';
import { useTranslation } from '../../i18n';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle, PackageOpen } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES, ORDER_ID_DISPLAY_LENGTH, formatRupees, lineTitleIn, type Order } from '@kesh/shared';
import { fetchMyOrders } from '../../api/payments';
import { ApiError, serverReason } from '../../api/http';
import { VariantName } from '../../components/ui/VariantName';
import { OrderDetails } from './OrderDetails';

/** Spec section 4: Processing yellow, Dispatched blue, anything else green. */
export function statusBadgeClass(status: string): string {
  if (status === 'Processing') return 'bg-yellow-100 text-yellow-900 ring-yellow-300';
  if (status === 'Dispatched') return 'bg-blue-100 text-blue-900 ring-blue-300';
  return 'bg-green-100 text-green-900 ring-green-300';
}

export function formatOrderDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
}

// Below md each row becomes a card; data-label supplies the column name the hidden header gave.
const cell =
  'block px-4 py-1.5 align-top md:table-cell md:py-4 max-md:before:mr-2 max-md:before:font-semibold max-md:before:text-stone-500 max-md:before:content-[attr(data-label)]';

export function OrdersPanel({ token, onUnauthorized }: { token: string; onUnauthorized(): void }) {
  const { t, i18n } = useTranslation('dashboard');
  const orders = useQuery({
    queryKey: ['orders', token],
    queryFn: () => fetchMyOrders(token),
    staleTime: 0,
    retry: false,
  });

  useEffect(() => {
    const error = orders.error;
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) {
      onUnauthorized();
      return;
    }
    // A fixed id: a re-render or a second mount shows the alert once, not twice.
    toast.error(MESSAGES.customerOrdersFailed + serverReason(error, error.message), { id: 'orders-failed' });
  }, [orders.error, onUnauthorized]);

  if (orders.isPending) {
    return (
      <p className="flex items-center gap-2 py-10 text-stone-600" role="status">
        <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        {t('loadingOrders')}
      </p>
    );
  }

  const list: Order[] = orders.data ?? [];
  if (list.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-brand-200 px-6 py-12 text-center">
        <PackageOpen className="mx-auto size-12 text-brand-500" aria-hidden="true" />
        <p className="mt-4 text-lg font-semibold text-brand-950">{t('noOrders')}</p>
        <p className="mt-1 text-stone-600">{t('noOrdersHint')}</p>
        <Link
          to="/products"
          className="mt-6 inline-flex rounded-full bg-brand-800 px-6 py-2.5 font-semibold text-white transition hover:bg-brand-900"
        >
          {t('shopNow')}
        </Link>
      </div>
    );
  }

  return (
    <table className="w-full text-left text-sm md:text-base">
      <caption className="sr-only">{t('myOrders')}</caption>
      <thead className="hidden border-b border-brand-100 text-xs tracking-wide text-stone-500 uppercase md:table-header-group">
        <tr>
          {(['orderId', 'products', 'total', 'address', 'status', 'date', 'details'] as const).map((key) => (
            <th key={key} scope="col" className="px-4 py-3 font-semibold">
              {t(key)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-4 md:table-row-group md:space-y-0 md:divide-y md:divide-brand-100">
        {list.map((order) => (
          <tr
            key={order._id}
            className="block rounded-2xl border border-brand-100 py-3 md:table-row md:rounded-none md:border-0 md:py-0"
          >
            <td data-label={t('orderId')} className={`${cell} font-mono font-semibold text-brand-900`}>
              #{order._id.slice(-ORDER_ID_DISPLAY_LENGTH)}
            </td>
            <td data-label={t('products')} className={cell}>
              <ul className="inline-block align-top md:block">
                {order.products.map((line, index) => (
                  <li key={index} className="text-stone-800">
                    {lineTitleIn({ ...line, title: line.productId?.title ?? line.title }, i18n.language) ||
                      t('unknownProduct')}
                    <VariantName variant={line.variant} className="mr-1" />{' '}
                    <span className="text-stone-500">
                      × {line.quantity} · {formatRupees(line.price)}
                    </span>
                  </li>
                ))}
              </ul>
            </td>
            <td data-label={t('total')} className={`${cell} font-semibold whitespace-nowrap text-brand-950`}>
              {formatRupees(order.totalAmount)}
              {order.coupon && (
                <span className="block text-xs font-normal text-green-800">
                  {t('couponApplied', { code: order.coupon, amount: formatRupees(order.discount ?? 0) })}
                </span>
              )}
            </td>
            <td data-label={t('address')} className={`${cell} text-stone-700 md:max-w-56`}>
              {order.userDetails.address || t('noAddress')}
            </td>
            <td data-label={t('status')} className={cell}>
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${statusBadgeClass(order.status)}`}
              >
                {t(order.status, { defaultValue: order.status })}
              </span>
            </td>
            <td data-label={t('date')} className={`${cell} whitespace-nowrap text-stone-700`}>
              {formatOrderDate(order.createdAt)}
            </td>
            <td data-label={t('details')} className={`${cell} md:min-w-60`}>
              <OrderDetails order={order} token={token} onUnauthorized={onUnauthorized} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
