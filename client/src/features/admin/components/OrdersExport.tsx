import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { FileDown } from 'lucide-react';
import { ORDER_STATUSES, type OrderStatus } from '@kesh/shared';
import { downloadOrdersCsv } from '../../../api/admin';
import { serverReason } from '../../../api/http';
import { useReportFailure } from '../session';

const inputClass =
  'mt-1 block rounded-lg border border-gray-300 px-3 py-1.5 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

/** Downloads GET /api/orders/export.csv for a date range and status. */
export function OrdersExport() {
  const { t } = useTranslation('admin');
  const report = useReportFailure();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await downloadOrdersCsv({ from: from || undefined, to: to || undefined, status: status || undefined });
    } catch (err) {
      report(err, t('fulfilment.exportFailed') + serverReason(err, 'unknown error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={t('fulfilment.exportTitle')}
      className="flex flex-wrap items-end gap-3"
    >
      <label className="text-sm font-medium text-gray-700">
        {t('fulfilment.from')}
        <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className={inputClass} />
      </label>
      <label className="text-sm font-medium text-gray-700">
        {t('fulfilment.to')}
        <input type="date" value={to} onChange={(e) => setTo(e.target.value)} className={inputClass} />
      </label>
      <label className="text-sm font-medium text-gray-700">
        {t('fulfilment.exportStatus')}
        <select value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')} className={inputClass}>
          <option value="">{t('fulfilment.allStatuses')}</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.statuses.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
      >
        <FileDown className="h-4 w-4" aria-hidden="true" />
        {t('fulfilment.export')}
      </button>
    </form>
  );
}
