import { Link, useSearchParams } from 'react-router-dom';
import { formatIndianNumber, PAGE_MAX } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { smallButton } from './ui';

/** Indian digit grouping without Intl (shared/src/money.ts says why). */
const count = (n: number) => formatIndianNumber(n);

/** The list page the URL asks for (?page=), or the first for anything else. */
export function usePageParam(): number {
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
}

/** The current URL with another ?page=, keeping the list's other parameters (its search). */
function useLinkToPage(): (page: number) => string {
  const [params] = useSearchParams();
  return (page) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    const search = next.toString();
    return search ? `?${search}` : '?';
  };
}

/**
 * Where the owner is in a paged list, with links to the pages before and after. The page lives in
 * the URL, so reload, back and a shared link show the same rows.
 */
export function ListPager({ page, limit, total }: { page: number; limit: number; total: number }) {
  const { t } = useTranslation('admin');
  const linkTo = useLinkToPage();
  const pages = Math.max(1, Math.ceil(total / limit));
  if (total === 0) return null;
  const first = (page - 1) * limit + 1;
  const disabled = `${smallButton('neutral')} pointer-events-none opacity-50`;
  return (
    <nav
      aria-label={t('paging.label')}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-gray-600"
    >
      <p>
        {first <= total
          ? t('paging.showing', { from: count(first), to: count(Math.min(total, page * limit)), total: count(total) })
          : t('paging.pastTheEnd', { pages: count(pages) })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <Link to={linkTo(Math.min(page - 1, pages))} rel="prev" className={smallButton('neutral')}>
            {t('paging.previous')}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {t('paging.previous')}
          </span>
        )}
        <span>{t('paging.status', { page: count(page), pages: count(pages) })}</span>
        {page < pages ? (
          <Link to={linkTo(page + 1)} rel="next" className={smallButton('neutral')}>
            {t('paging.next')}
          </Link>
        ) : (
          <span aria-disabled="true" className={disabled}>
            {t('paging.next')}
          </span>
        )}
      </div>
    </nav>
  );
}
