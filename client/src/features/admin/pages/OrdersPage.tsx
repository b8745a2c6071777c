import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { ShoppingBag } from 'lucide-react';
import {
  MESSAGES,
  ORDER_STATUSES,
  formatIndianNumber,
  formatRupees,
  type CodHistory,
  type Order,
  type OrderShipment,
  type OrderStatus,
} from '@kesh/shared';
import { markOrderPaid, markOrderRefused, updateOrderStatus } from '../../../api/admin';
import { serverReason } from '../../../api/http';
import { DispatchDialog, OrderRowExtras } from '../components/OrderFulfilment';
import { OrdersExport } from '../components/OrdersExport';
import { OrdersFilters, OrdersPager } from '../components/OrdersToolbar';
import { VariantName } from '../../../components/ui/VariantName';
import {
  AdminTable,
  EmptyState,
  FirstRowsFirst,
  PageHeading,
  Panel,
  Spinner,
  tdClass as baseTd,
} from '../components/ui';
import { formatDate, shortOrderId } from '../format';
import { useOrdersView } from '../ordersUrl';
import { useReportFailure } from '../session';
import { adminKeys, ordersQuery, useAdminQuery } from '../useAdminQuery';

const badgeTone: Record<OrderStatus, string> = {
  Processing: 'bg-yellow-100 text-yellow-800 ring-yellow-300',
  Dispatched: 'bg-blue-100 text-blue-800 ring-blue-300',
  Delivered: 'bg-green-100 text-green-800 ring-green-300',
  Cancelled: 'bg-red-100 text-red-800 ring-red-300',
};

// Nine columns share the width left of the sidebar: tighter cells than the other tables.
const tdClass = baseTd.replace('px-4', 'px-2');

const NO_COUNTS = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;

function StatusTabs({
  active,
  counts,
  onSelect,
}: {
  active: OrderStatus;
  counts: Record<OrderStatus, number>;
  onSelect(s: OrderStatus): void;
}) {
  const { t } = useTranslation('admin');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // Arrow keys move between tabs, as the ARIA tabs pattern expects.
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + ORDER_STATUSES.length) % ORDER_STATUSES.length;
    onSelect(ORDER_STATUSES[next] as OrderStatus);
    tabs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label={t('orders.tabs')} className="mb-4 flex flex-wrap gap-2 border-b border-gray-200">
      {ORDER_STATUSES.map((status, index) => {
        const selected = status === active;
        return (
          <button
            key={status}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`orders-tab-${status}`}
            aria-selected={selected}
            aria-controls="orders-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(status)}
            onKeyDown={(e) => onKeyDown(e, index)}
            className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-2.5 text-sm font-medium transition ${
              selected
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-gray-500 hover:border-gray-300 hover:text-gray-700'
            }`}
          >
            {t(`orders.statuses.${status}`)}
            <span
              className={`rounded-full px-2 py-0.5 text-xs ${selected ? 'bg-brand-100 text-brand-800' : 'bg-gray-100 text-gray-600'}`}
            >
              {formatIndianNumber(counts[status])}
            </span>
          </button>
        );
      })}
    </div>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const [view, changeView] = useOrdersView();
  // The server pages, filters and counts; the page asks for one page of one tab.
  const orders = ordersQuery(view);
  const { data, isPending } = useAdminQuery(
    orders.queryKey,
    orders.queryFn,
    (err) => MESSAGES.adminOrdersFailed + serverReason(err, 'unknown error'),
    { paged: true, staleTime: orders.staleTime },
  );
  const [updatingId, setUpdatingId] = useState<string | null>(null);
  const [dispatching, setDispatching] = useState<Order | null>(null);
  const tab = view.status;
  const counts = data?.counts ?? NO_COUNTS;
  const shown = data?.items ?? [];
  const total = data?.total ?? 0;

  // A page emptied by a status change (or an old link) moves to the tab's last page.
  const lastPage = Math.max(1, Math.ceil(total / view.limit));
  useEffect(() => {
    if (data && data.items.length === 0 && view.page > lastPage) changeView({ page: lastPage }, true);
  }, [data, view.page, lastPage, changeView]);

  const changeStatus = async (order: Order, status: OrderStatus, shipment?: OrderShipment) => {
    setUpdatingId(order._id);
    try {
      await updateOrderStatus(order._id, status, shipment);
      toast.success(MESSAGES.orderStatusUpdated(status));
      await queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    } catch (err) {
      report(err, MESSAGES.orderStatusFailed + serverReason(err, 'unknown error'));
    } finally {
      setUpdatingId(null);
    }
  };

  const markPaid = async (order: Order) => {
    setUpdatingId(order._id);
    try {
      await markOrderPaid(order._id);
      toast.success(t('orders.markedPaid', { id: shortOrderId(order._id) }));
      await queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    } catch (err) {
      report(err, serverReason(err, MESSAGES.orderStatusFailed));
    } finally {
      setUpdatingId(null);
    }
  };

  const markRefused = async (order: Order) => {
    if (!window.confirm(t('risk.confirmRefused'))) return;
    setUpdatingId(order._id);
    try {
      await markOrderRefused(order._id);
      await queryClient.invalidateQueries({ queryKey: adminKeys.orders });
    } catch (err) {
      report(err, t('risk.refusedFailed') + serverReason(err, 'unknown error'));
    } finally {
      setUpdatingId(null);
    }
  };

  const headings = [
    t('orders.orderId'),
    t('orders.customer'),
    t('orders.products'),
    t('orders.total'),
    t('orders.address'),
    t('orders.contact'),
    t('orders.status'),
    t('orders.date'),
    t('orders.changeStatus'),
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeading icon={<ShoppingBag className="h-7 w-7" aria-hidden="true" />}>{t('orders.heading')}</PageHeading>
      <Panel>
        <OrdersFilters view={view} onChange={changeView} />
        <StatusTabs active={tab} counts={counts} onSelect={(status) => changeView({ status })} />
        <div id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${tab}`}>
          {isPending ? (
            <Spinner label={t('orders.loading')} />
          ) : shown.length === 0 ? (
            <EmptyState>{t('orders.empty')}</EmptyState>
          ) : (
            <AdminTable label={t('orders.statuses.' + tab)} columns={headings} dense>
              <FirstRowsFirst
                items={shown}
                row={(order) => {
                  const id = shortOrderId(order._id);
                  return (
                    <tr key={order._id} aria-busy={updatingId === order._id}>
                      <td className={`${tdClass} font-mono text-xs font-semibold text-gray-900`} title={order._id}>
                        {id}
                      </td>
                      <td className={`${tdClass} min-w-32`}>
                        <p className="font-medium text-gray-900">{order.userDetails.username}</p>
                        <p className="text-xs break-all text-gray-500">{order.userDetails.email}</p>
                        <CodHistoryNote history={data?.codHistory?.[order.userId]} />
                      </td>
                      <td className={`${tdClass} min-w-32`}>
                        <ul className="space-y-1">
                          {order.products.map((line, index) => (
                            <li key={index}>
                              <span className="font-medium">
                                {line.productId?.title || line.title || t('orders.unknownProduct')}
                              </span>
                              <VariantName variant={line.variant} className="mr-1" /> × {line.quantity} @{' '}
                              {formatRupees(line.price)}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className={`${tdClass} min-w-24`}>
                        <p className="font-semibold whitespace-nowrap text-gray-900">
                          {formatRupees(order.totalAmount)}
                        </p>
                        {order.coupon && (
                          <p className="text-xs text-green-800">
                            {t('orders.couponApplied', {
                              code: order.coupon,
                              amount: formatRupees(order.discount ?? 0),
                            })}
                          </p>
                        )}
                        <PaymentNote order={order} />
                      </td>
                      <td className={`${tdClass} min-w-28 text-xs`}>
                        {order.userDetails.address || t('orders.noAddress')}
                      </td>
                      <td className={`${tdClass} whitespace-nowrap`}>{order.userDetails.contact}</td>
                      <td className={tdClass}>
                        <span
                          className={`inline-block rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${badgeTone[order.status]}`}
                        >
                          {t(`orders.statuses.${order.status}`)}
                        </span>
                      </td>
                      <td className={tdClass}>
                        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
                      </td>
                      <td className={tdClass}>
                        <select
                          aria-label={t('orders.changeStatusFor', { id })}
                          value={order.status}
                          disabled={updatingId === order._id}
                          onChange={(e) => {
                            const status = e.target.value as OrderStatus;
                            // Dispatching first asks for the courier and tracking (all optional).
                            if (status === 'Dispatched') setDispatching(order);
                            else void changeStatus(order, status);
                          }}
                          className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:cursor-wait disabled:bg-gray-100"
                        >
                          {ORDER_STATUSES.map((status) => (
                            <option key={status} value={status}>
                              {t(`orders.statuses.${status}`)}
                            </option>
                          ))}
                        </select>
                        {order.paymentMethod === 'cod' && order.status === 'Delivered' && !order.paidAt && (
                          <button
                            type="button"
                            disabled={updatingId === order._id}
                            aria-label={t('orders.markPaidFor', { id })}
                            onClick={() => void markPaid(order)}
                            className="mt-2 block rounded-lg bg-brand-700 px-2.5 py-1 text-xs font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
                          >
                            {t('orders.markPaid')}
                          </button>
                        )}
                        {order.paymentMethod === 'cod' && order.status === 'Dispatched' && (
                          <button
                            type="button"
                            disabled={updatingId === order._id}
                            onClick={() => void markRefused(order)}
                            className="mt-2 block rounded-lg border border-red-700 px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
                          >
                            {t('risk.markRefused')}
                          </button>
                        )}
                        {order.codRefused && (
                          <p className="mt-2 text-xs font-semibold text-red-700">{t('risk.refusedBadge')}</p>
                        )}
                        <OrderRowExtras order={order} />
                      </td>
                    </tr>
                  );
                }}
              />
            </AdminTable>
          )}
          {total > 0 && <OrdersPager view={view} total={total} onChange={changeView} />}
        </div>
      </Panel>
      <Panel title={t('fulfilment.exportTitle')}>
        <OrdersExport />
      </Panel>
      {dispatching && (
        <DispatchDialog
          order={dispatching}
          onClose={() => setDispatching(null)}
          onConfirm={(shipment) => {
            setDispatching(null);
            void changeStatus(dispatching, 'Dispatched', shipment);
          }}
        />
      )}
    </div>
  );
}

/** How the order is paid: online, or cash on delivery still to collect or collected. */
function PaymentNote({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  if (order.paymentMethod !== 'cod') return <p className="text-xs text-gray-500">{t('orders.paidOnline')}</p>;
  return (
    <p className={`text-xs font-semibold ${order.paidAt ? 'text-green-700' : 'text-amber-700'}`}>
      {order.paidAt ? t('orders.codPaid') : t('orders.codUnpaid')}
    </p>
  );
}

/** The shopper's cash-on-delivery history, counted on their account as orders end (docs/verification.md). */
function CodHistoryNote({ history }: { history: CodHistory | undefined }) {
  const { t } = useTranslation('admin');
  if (!history || history.delivered + history.refused + history.cancelled === 0) return null;
  return (
    <p className={`mt-1 text-xs ${history.refused > 0 ? 'font-semibold text-red-700' : 'text-gray-500'}`}>
      {t('risk.codHistory', { ...history })}
    </p>
  );
}
