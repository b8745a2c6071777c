import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { STATS_MAX_DAYS, formatIndianNumber, formatRupees, paiseToRupees, type SalesStats } from '@kesh/shared';
import { fetchSalesStats } from '../../../api/admin';
import { serverReason } from '../../../api/http';
import { formatDate } from '../format';
import { useAdminQuery } from '../useAdminQuery';
import { VariantName } from '../../../components/ui/VariantName';
import { AdminTable, EmptyState, Panel, Spinner, tdClass } from './ui';

const RevenueChart = lazy(() => import('./RevenueChart'));
// Any of them costs the server the same: the figures come from daily roll-ups.
const PERIODS = [7, 30, 90, 365, STATS_MAX_DAYS] as const;
const rupees = (paise: number) => formatRupees(paiseToRupees(paise));
/** Counts grouped the Indian way ("5,328", "1,23,456"), as the other admin lists write them. */
const count = (n: number) => formatIndianNumber(n);

/**
 * One figure in a card. Crore-sized amounts ("₹12,34,56,789.00") are wider than a narrow card at
 * the full size: the text steps down with the card's own width (a container query, since the same
 * card sits in grids of 2 to 4 columns), and wraps rather than spill out as a last resort.
 */
function Figure({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div
      className={`@container min-w-0 rounded-xl border border-gray-200 bg-white p-4 shadow-sm ${wide ? 'col-span-2' : ''}`}
    >
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-brand-900 tabular-nums [overflow-wrap:anywhere] @[17rem]:text-2xl">
        {value}
      </dd>
    </div>
  );
}

/** GET /api/admin/stats on the dashboard: totals, a revenue chart with its table, top products, refunds. */
export function SalesOverview() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useState<number>(30);
  const { data, isPending } = useAdminQuery(
    ['admin', 'stats', days],
    () => fetchSalesStats(days),
    (err) => t('sales.failed') + serverReason(err, 'unknown error'),
  );

  const period = (
    <label className="text-sm font-medium text-gray-700">
      {t('sales.period')}{' '}
      <select
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        className="ml-1 rounded-lg border border-gray-300 px-2 py-1.5 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      >
        {PERIODS.map((n) => (
          <option key={n} value={n}>
            {t('sales.lastDays', { count: n })}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <Panel title={t('sales.heading')} actions={period}>
      {isPending || !data ? <Spinner label={t('sales.loading')} /> : <SalesFigures stats={data} />}
    </Panel>
  );
}

function SalesFigures({ stats }: { stats: SalesStats }) {
  const { t } = useTranslation('admin');
  const chartLabel = t('sales.chartLabel', { count: stats.days });
  return (
    <div className="space-y-6">
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure label={t('sales.revenue')} value={rupees(stats.totals.revenuePaise)} />
        <Figure label={t('sales.orders')} value={count(stats.totals.orders)} />
        <Figure label={t('sales.averageOrder')} value={rupees(stats.totals.averageOrderValuePaise)} />
        <Figure label={t('sales.customers')} value={count(stats.totals.payingCustomers)} />
      </dl>
      <div aria-hidden="true">
        <Suspense fallback={<div className="h-[260px]" />}>
          <RevenueChart perDay={stats.perDay} label={chartLabel} />
        </Suspense>
      </div>
      {/* sr-only on a wrapper: a table ignores the 1px width and widened the page on phones. */}
      <div className="sr-only">
        <table>
          <caption>{t('sales.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sales.day')}</th>
              <th scope="col">{t('sales.revenue')}</th>
              <th scope="col">{t('sales.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.perDay.map((d) => (
              <tr key={d.day}>
                {/* The day's own date, read as local midnight: "7 Dec 2026" whatever the browser's time zone. */}
                <th scope="row">{formatDate(`${d.day}T00:00:00`)}</th>
                <td>{rupees(d.revenuePaise)}</td>
                <td>{count(d.orders)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* min-w-0: a grid item is as wide as its table otherwise, and the table then widened the page. */}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="min-w-0">
          <h3 className="mb-2 font-semibold text-gray-800">{t('sales.topProducts')}</h3>
          {stats.topProducts.length === 0 ? (
            <EmptyState>{t('sales.none')}</EmptyState>
          ) : (
            <AdminTable
              label={t('sales.topProducts')}
              columns={[t('sales.product'), t('sales.quantity'), t('sales.revenue')]}
            >
              {stats.topProducts.map((p) => (
                <tr key={`${p.productId}:${p.variant?.id ?? ''}`}>
                  <td className={tdClass}>
                    {p.title}
                    <VariantName variant={p.variant} />
                  </td>
                  <td className={tdClass}>{count(p.quantity)}</td>
                  <td className={`${tdClass} font-semibold`}>{rupees(p.revenuePaise)}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </section>
        <section className="min-w-0">
          <h3 className="mb-2 font-semibold text-gray-800">{t('sales.refunds')}</h3>
          <dl className="grid grid-cols-2 gap-3">
            <Figure label={t('sales.refundAmount')} value={rupees(stats.refunds.amountPaise)} wide />
            <Figure label={t('sales.refundCount')} value={count(stats.refunds.count)} />
            <Figure label={t('sales.failedRefunds')} value={count(stats.refunds.failed)} />
          </dl>
        </section>
      </div>
    </div>
  );
}
