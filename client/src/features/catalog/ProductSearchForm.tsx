import { useId, useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { PRODUCT_SORTS, SEARCH_QUERY_MAX_LENGTH, type ProductSort } from '@kesh/shared';
import { buttonPrimary, inputClass } from '../../components/ui/classes';

/** "/products?q=…&sort=…&page=…" with the empty ones (and page 1) left out, so a shared link reads clean. */
export function productsHref(q: string, sort: ProductSort | '', page = 1) {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (sort) params.set('sort', sort);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

/**
 * A plain GET form to /products, so search works with JavaScript off (the server renders the
 * answer); with JavaScript it navigates in place, and the sort applies as soon as it is chosen.
 */
export function ProductSearchForm({ q, sort }: { q: string; sort: ProductSort | '' }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  const go = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const data = new FormData(form.current!);
    void navigate(productsHref(String(data.get('q') ?? ''), (data.get('sort') ?? '') as ProductSort | ''));
  };

  return (
    <form
      ref={form}
      role="search"
      method="get"
      action="/products"
      onSubmit={go}
      className="mb-10 flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium text-stone-700">
          {t('searchLabel')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          placeholder={t('searchPlaceholder')}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium text-stone-700">
          {t('sortLabel')}
        </label>
        <select
          id={`${id}-sort`}
          name="sort"
          defaultValue={sort}
          onChange={() => go()}
          className={`${inputClass} sm:w-56`}
        >
          <option value="">{t('sortDefault')}</option>
          {PRODUCT_SORTS.map((option) => (
            <option key={option} value={option}>
              {t(`sort.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonPrimary}>
        {t('searchButton')}
      </button>
    </form>
  );
}
