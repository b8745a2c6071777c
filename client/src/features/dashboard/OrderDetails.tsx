import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ExternalLink, LoaderCircle, XCircle } from 'lucide-react';
import { toast } from 'sonner';
import { ORDER_ID_DISPLAY_LENGTH, formatRupees, type Order } from '@kesh/shared';
import { cancelMyOrder, downloadInvoice } from '../../api/payments';
import { ApiError, serverReason } from '../../api/http';
import { Dialog } from '../../components/ui/Dialog';

const button =
  'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold transition disabled:cursor-wait disabled:opacity-60';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

/** The order's timeline, tracking, refund and its two actions: the invoice and cancelling. */
export function OrderDetails({
  order,
  token,
  onUnauthorized,
}: {
  order: Order;
  token: string;
  onUnauthorized(): void;
}) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const shortId = order._id.slice(-ORDER_ID_DISPLAY_LENGTH);
  const failed = (err: unknown, prefix: string) => {
    if (err instanceof ApiError && err.status === 401) onUnauthorized();
    else toast.error(prefix + serverReason(err, 'unknown error'));
  };

  const invoice = async () => {
    setDownloading(true);
    try {
      await downloadInvoice(token, order._id);
    } catch (err) {
      failed(err, t('invoiceFailed'));
    } finally {
      setDownloading(false);
    }
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await cancelMyOrder(token, order._id);
      toast.success(t('orderCancelled'));
      setConfirming(false);
    } catch (err) {
      failed(err, t('cancelFailed'));
    } finally {
      setCancelling(false);
      await queryClient.invalidateQueries({ queryKey: ['orders', token] });
    }
  };

  const quote = order.cancellation;
  const cod = order.paymentMethod === 'cod';
  return (
    <div className="space-y-2 text-sm">
      {order.timeline && order.timeline.length > 0 && (
        <ol aria-label={t('timeline')} className="space-y-0.5 border-l-2 border-brand-200 pl-3">
          {order.timeline.map((step, index) => (
            <li key={index} className="text-stone-700">
              <span className="font-semibold">{t(step.status)}</span>{' '}
              <time dateTime={step.at} className="text-stone-500">
                {dateTime(step.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
      {order.shipment && (
        <p className="text-stone-700">
          {[order.shipment.courier, order.shipment.trackingNumber].filter(Boolean).join(' · ')}
          {order.shipment.trackingUrl && (
            <a
              href={order.shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="ml-2 inline-flex items-center gap-1 font-semibold text-brand-800 underline"
            >
              {t('trackParcel')}
              <ExternalLink className="size-3.5" aria-hidden="true" />
            </a>
          )}
        </p>
      )}
      {cod && order.status !== 'Cancelled' && (
        <p className="font-medium text-stone-800">
          {t(order.paidAt ? 'paidCod' : 'payCod', { amount: formatRupees(order.totalAmount) })}
        </p>
      )}
      {order.refund && (
        <p className={order.refund.status === 'failed' ? 'font-semibold text-red-700' : 'text-stone-700'}>
          {t(`refund_${order.refund.status}`, { amount: formatRupees(order.refund.amount) })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void invoice()}
          disabled={downloading}
          className={`${button} border-brand-300 text-brand-900 hover:bg-brand-50`}
        >
          <Download className="size-4" aria-hidden="true" />
          {downloading ? t('downloadingInvoice') : t('downloadInvoice')}
        </button>
        {quote && (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className={`${button} border-red-300 text-red-800 hover:bg-red-50`}
          >
            <XCircle className="size-4" aria-hidden="true" />
            {t('cancelOrder')}
          </button>
        )}
      </div>
      {confirming && quote && (
        <Dialog title={t('cancelTitle', { id: shortId })} onClose={() => !cancelling && setConfirming(false)}>
          <p className="text-stone-800">
            {cod
              ? t('cancelCod')
              : quote.feePaise === 0
                ? t('cancelFree', { time: dateTime(quote.freeUntil), amount: formatRupees(quote.refundAmount) })
                : t('cancelFee', { fee: formatRupees(quote.fee), amount: formatRupees(quote.refundAmount) })}
          </p>
          {!cod && <p className="mt-2 text-sm text-stone-600">{t('refundNote')}</p>}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button
              type="button"
              onClick={() => setConfirming(false)}
              disabled={cancelling}
              className="rounded-full border border-stone-300 px-5 py-2 font-semibold text-stone-800 hover:bg-stone-50"
            >
              {t('keepOrder')}
            </button>
            <button
              type="button"
              onClick={() => void cancel()}
              disabled={cancelling}
              className="inline-flex items-center gap-2 rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
            >
              {cancelling && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              {cancelling ? t('cancelling') : t('confirmCancel')}
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
