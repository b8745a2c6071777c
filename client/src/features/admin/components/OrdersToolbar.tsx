import { useState, type FormEvent } from 'react';
import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { ORDER_SEARCH_MAX_CHARS, formatIndianNumber as count } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { ORDER_PAGE_SIZES, type OrdersView } from '../ordersUrl';
import { LabelledInput, inputClass, labelClass, primaryButton, secondaryButton } from './ui';

type Change = (change: Partial<OrdersView>) => void;

/** The search box (sent on Enter or the button) and the days from/to (sent as they are picked). */
export function OrdersFilters({ view, onChange }: { view: OrdersView; onChange: Change }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(view.q);
  const [shownQ, setShownQ] = useState(view.q);
  // Back, forward or Clear changed the search in the URL: the box follows it.
  if (view.q !== shownQ) {
    setShownQ(view.q);
    setText(view.q);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: text.trim() });
  };
  const filtered = view.q || view.from || view.to;
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor="orders-search" className={labelClass}>
          {t('orders.search')}
        </label>
        <input
          id="orders-search"
          type="search"
          value={text}
          maxLength={ORDER_SEARCH_MAX_CHARS}
          placeholder={t('orders.searchHint')}
          onChange={(e) => setText(e.target.value)}
          className={inputClass}
        />
      </div>
      <button type="submit" className={primaryButton}>
        <Search className="h-4 w-4" aria-hidden="true" />
        {t('orders.searchButton')}
      </button>
      <DayField
        id="orders-from"
        label={t('orders.from')}
        value={view.from}
        max={view.to}
        onPick={(from) => onChange({ from })}
      />
      <DayField
        id="orders-to"
        label={t('orders.to')}
        value={view.to}
        min={view.from}
        onPick={(to) => onChange({ to })}
      />
      {filtered && (
        <button type="button" onClick={() => onChange({ q: '', from: '', to: '' })} className={secondaryButton}>
          {t('orders.clearFilters')}
        </button>
      )}
    </form>
  );
}

function DayField(props: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onPick(day: string): void;
}) {
  return (
    <LabelledInput
      id={props.id}
      label={props.label}
      type="date"
      value={props.value}
      min={props.min || undefined}
      max={props.max || undefined}
      onChange={(e) => props.onPick(e.target.value)}
    />
  );
}

/** Where the page is in the tab, the previous and next pages, and how many orders a page shows. */
export function OrdersPager({ view, total, onChange }: { view: OrdersView; total: number; onChange: Change }) {
  const { t } = useTranslation('admin');
  const pages = Math.max(1, Math.ceil(total / view.limit));
  const first = total === 0 ? 0 : (view.page - 1) * view.limit + 1;
  const last = Math.min(total, view.page * view.limit);
  return (
    <nav aria-label={t('orders.pages')} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-gray-600">
        {t('orders.shown', { first: count(first), last: count(last), total: count(total) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="orders-limit" className="text-gray-600">
          {t('orders.perPage')}
        </label>
        <select
          id="orders-limit"
          value={view.limit}
          onChange={(e) => onChange({ limit: Number(e.target.value) })}
          className="rounded-lg border border-gray-300 bg-white px-2 py-1.5"
        >
          {ORDER_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={view.page <= 1}
          onClick={() => onChange({ page: view.page - 1 })}
          className={secondaryButton}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          {t('orders.previous')}
        </button>
        <span className="text-gray-700">{t('orders.pageOf', { page: count(view.page), pages: count(pages) })}</span>
        <button
          type="button"
          disabled={view.page >= pages}
          onClick={() => onChange({ page: view.page + 1 })}
          className={secondaryButton}
        >
          {t('orders.next')}
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
