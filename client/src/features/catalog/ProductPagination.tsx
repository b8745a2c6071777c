import type { MouseEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PRODUCTS_PER_PAGE } from '@kesh/shared';
import { useTranslation } from '../../i18n';
import { productsHref } from './ProductSearchForm';
import type { ProductSearch } from './useProducts';

interface ProductPaginationProps {
  search: ProductSearch;
  /** The first and last page on screen ("Show more products" adds pages below the first). */
  first: number;
  last: number;
  pages: number;
  total: number;
  onMore(): void;
}

/** Page numbers linked: the first, the last, and those around the pages on screen. */
function linkedPages(first: number, last: number, pages: number): (number | 'gap')[] {
  const numbers = [...new Set([1, first - 1, first, last, last + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return numbers.flatMap((n, i) => (i > 0 && n - numbers[i - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/**
 * "Show more products" is a link to the next page: without JavaScript it opens that page, with it
 * the next page's cards are added below (the address stays, so Back returns here). Below it, links
 * to every page, real <a href>s a crawler and a script-less browser follow.
 */
export function ProductPagination({ search, first, last, pages, total, onMore }: ProductPaginationProps) {
  const { t } = useTranslation('catalog');
  const href = (page: number) => productsHref(search.q, search.sort, page);
  const showMore = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onMore();
  };
  const link = 'inline-flex min-w-11 items-center justify-center gap-1 rounded-full px-3 py-2 font-semibold';
  const from = (first - 1) * PRODUCTS_PER_PAGE + 1;
  const to = Math.min(total, last * PRODUCTS_PER_PAGE);

  return (
    <div className="mt-12 flex flex-col items-center gap-6">
      <p className="text-stone-600">{t('showing', { from, to, total })}</p>
      {last < pages && (
        <a
          href={href(last + 1)}
          onClick={showMore}
          className="rounded-full border-2 border-brand-800 px-7 py-3 font-semibold text-brand-800 transition hover:bg-brand-800 hover:text-white"
        >
          {t('showMore')}
        </a>
      )}
      {pages > 1 && (
        <nav aria-label={t('pages')}>
          <ul className="flex flex-wrap items-center justify-center gap-1">
            {first > 1 && (
              <li>
                <Link to={href(first - 1)} rel="prev" className={`${link} text-brand-800 hover:bg-brand-50`}>
                  <ChevronLeft className="size-4" aria-hidden="true" />
                  {t('previousPage')}
                </Link>
              </li>
            )}
            {linkedPages(first, last, pages).map((page, i) =>
              page === 'gap' ? (
                <li key={`gap${i}`} aria-hidden="true" className="px-1 text-stone-500">
                  …
                </li>
              ) : (
                <li key={page}>
                  {page >= first && page <= last ? (
                    <span aria-current="page" className={`${link} bg-brand-800 text-white`}>
                      <span className="sr-only">{t('pageNumber', { page })}</span>
                      <span aria-hidden="true">{page}</span>
                    </span>
                  ) : (
                    <Link to={href(page)} className={`${link} text-brand-800 hover:bg-brand-50`}>
                      <span className="sr-only">{t('pageNumber', { page })}</span>
                      <span aria-hidden="true">{page}</span>
                    </Link>
                  )}
                </li>
              ),
            )}
            {last < pages && (
              <li>
                <Link to={href(last + 1)} rel="next" className={`${link} text-brand-800 hover:bg-brand-50`}>
                  {t('nextPage')}
                  <ChevronRight className="size-4" aria-hidden="true" />
                </Link>
              </li>
            )}
          </ul>
        </nav>
      )}
    </div>
  );
}
