import { useState, type FormEvent } from 'react';
import i18n, { useTranslation } from '../../../i18n';
import { useQueryClient } from '@tanstack/react-query';
import { Download, MessageCircle, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { formatRupees, whatsappLink, type Order, type OrderShipment } from '@kesh/shared';
import { downloadOrderInvoice, retryOrderRefund } from '../../../api/admin';
import { serverReason } from '../../../api/http';
import { useShop } from '../../../state/shop';
import { Dialog } from '../../../components/ui/Dialog';
import { shortOrderId } from '../format';
import { useReportFailure } from '../session';
import { adminKeys } from '../useAdminQuery';

const inputClass =
  'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** Courier, tracking number and link the owner may add when dispatching; all optional. */
export function DispatchDialog({
  order,
  onConfirm,
  onClose,
}: {
  order: Order;
  onConfirm(shipment: OrderShipment): void;
  onClose(): void;
}) {
  const { t } = useTranslation('admin');
  const [shipment, setShipment] = useState<OrderShipment>({ courier: '', trackingNumber: '', trackingUrl: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(shipment);
  };
  const field = (key: keyof OrderShipment, type = 'text') => (
    <label className="block text-sm font-medium text-gray-700">
      {t(`fulfilment.${key}`)}
      <input
        type={type}
        value={shipment[key]}
        maxLength={key === 'trackingUrl' ? 2000 : 200}
        onChange={(e) => setShipment((s) => ({ ...s, [key]: e.target.value }))}
        className={inputClass}
      />
    </label>
  );
  return (
    <Dialog title={t('fulfilment.dispatchTitle', { id: shortOrderId(order._id) })} onClose={onClose}>
      <form onSubmit={submit} className="space-y-3">
        <p className="text-sm text-gray-600">{t('fulfilment.dispatchHint')}</p>
        {field('courier')}
        {field('trackingNumber')}
        {field('trackingUrl', 'url')}
        <div className="flex justify-end gap-3 pt-2">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50"
          >
            {t('fulfilment.cancel')}
          </button>
          <button
            type="submit"
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            {t('fulfilment.confirmDispatch')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The status message for the shopper's WhatsApp, in the language they used the store in. */
function whatsappText(order: Order, shopName: string): string {
  const t = i18n.getFixedT(order.language ?? 'en', 'admin');
  const name = order.userDetails.username || order.userDetails.email;
  const status = t(`orders.statuses.${order.status}`);
  const lines = [t('fulfilment.whatsappText', { name, shop: shopName, id: shortOrderId(order._id), status })];
  if (order.status === 'Dispatched' && order.shipment?.trackingUrl) {
    lines.push(t('fulfilment.whatsappTracking', { url: order.shipment.trackingUrl }));
  }
  return lines.join('\n');
}

const linkClass =
  'inline-flex items-center gap-1 rounded-md border px-2 py-1 text-xs font-semibold transition focus:ring-2 focus:outline-none';

/** Under the status dropdown: tracking, refund state, the invoice and a WhatsApp message. */
export function OrderRowExtras({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const shop = useShop();
  const report = useReportFailure();
  const id = shortOrderId(order._id);
  const name = order.userDetails.username || order.userDetails.email;
  const chat = whatsappLink(order.userDetails.contact, whatsappText(order, shop.name));
  const refund = order.refund;
  return (
    <div className="mt-2 space-y-1.5 text-xs">
      {order.shipment && (
        <p className="text-gray-600">
          {[order.shipment.courier, order.shipment.trackingNumber].filter(Boolean).join(' · ')}
          {order.shipment.trackingUrl && (
            <>
              {' '}
              <a href={order.shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="underline">
                {t('fulfilment.tracking')}
              </a>
            </>
          )}
        </p>
      )}
      {refund && (
        <p className={refund.status === 'failed' ? 'font-semibold text-red-700' : 'text-gray-600'}>
          {t(`fulfilment.refund_${refund.status}`, { amount: formatRupees(refund.amount) })}
        </p>
      )}
      {refund?.status === 'failed' && <RetryRefundButton order={order} />}
      <div className="flex flex-wrap gap-1.5">
        <button
          type="button"
          aria-label={t('fulfilment.invoiceFor', { id })}
          onClick={() =>
            void downloadOrderInvoice(order._id).catch((err: unknown) =>
              report(err, serverReason(err, 'unknown error')),
            )
          }
          className={`${linkClass} border-gray-300 text-gray-700 hover:bg-gray-50 focus:ring-brand-200`}
        >
          <Download className="h-3.5 w-3.5" aria-hidden="true" />
          {t('fulfilment.invoice')}
        </button>
        {chat && (
          <a
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('fulfilment.whatsappFor', { name, id })}
            className={`${linkClass} border-green-300 text-green-800 hover:bg-green-50 focus:ring-green-200`}
          >
            <MessageCircle className="h-3.5 w-3.5" aria-hidden="true" />
            {t('fulfilment.whatsapp')}
          </a>
        )}
      </div>
    </div>
  );
}

/** Asks the payment provider again for a refund it refused; the row shows the new state. */
function RetryRefundButton({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const report = useReportFailure();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const id = shortOrderId(order._id);
  const retry = async () => {
    setAsking(true);
    try {
      await retryOrderRefund(order._id);
      toast.success(t('fulfilment.refundRequestedAgain', { id }));
    } catch (err) {
      report(err, serverReason(err, 'unknown error'));
    } finally {
      setAsking(false);
      await queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    }
  };
  return (
    <button
      type="button"
      disabled={asking}
      aria-label={t('fulfilment.retryRefundFor', { id })}
      onClick={() => void retry()}
      className={`${linkClass} border-red-300 text-red-800 hover:bg-red-50 focus:ring-red-200 disabled:cursor-wait disabled:opacity-60`}
    >
      <RotateCcw className="h-3.5 w-3.5" aria-hidden="true" />
      {t('fulfilment.retryRefund')}
    </button>
  );
}
