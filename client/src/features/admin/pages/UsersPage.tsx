import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Search, Users } from 'lucide-react';
import { MESSAGES, USER_SEARCH_MAX_CHARS, formatIndianNumber } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { fetchUserPage } from '../../../api/admin';
import { ListPager, usePageParam } from '../components/ListPager';
import {
  AdminTable,
  EmptyState,
  PageHeading,
  Panel,
  Spinner,
  inputClass,
  primaryButton,
  secondaryButton,
  tdClass,
} from '../components/ui';
import { adminKeys, useAdminQuery } from '../useAdminQuery';
import { formatDate } from '../format';

/** The search box; typing changes nothing until the owner searches, which starts at page 1. */
function UserSearch({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="mb-4 flex flex-wrap items-end gap-2">
      <label className="min-w-64 flex-1">
        <span className="mb-1 block text-sm font-medium text-gray-700">{t('users.search')}</span>
        <input
          type="search"
          value={text}
          maxLength={USER_SEARCH_MAX_CHARS}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('users.searchPlaceholder')}
          aria-describedby="user-search-hint"
          className={inputClass}
        />
      </label>
      <button type="submit" className={primaryButton}>
        <Search className="h-4 w-4" aria-hidden="true" />
        {t('users.searchButton')}
      </button>
      {q && (
        <button type="button" className={secondaryButton} onClick={() => onSearch('')}>
          {t('users.clearSearch')}
        </button>
      )}
      <p id="user-search-hint" className="basis-full text-xs text-gray-500">
        {t('users.searchHint')}
      </p>
    </form>
  );
}

export default function UsersPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = usePageParam();
  const { data, isPending, isPlaceholderData } = useAdminQuery(
    [...adminKeys.users, q, page],
    () => fetchUserPage({ q, page }),
    () => MESSAGES.usersFetchFailed,
    { paged: true },
  );
  const users = data?.items ?? [];
  const total = data?.total ?? 0;

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeading icon={<Users className="h-7 w-7" aria-hidden="true" />}>{t('users.heading')}</PageHeading>
      <Panel
        title={
          isPending
            ? undefined
            : !q
              ? t('users.listTitle', { total: formatIndianNumber(total) })
              : data?.totalCapped
                ? t('users.moreMatches', { total: formatIndianNumber(total), q })
                : t('users.matches', { count: total, q })
        }
      >
        <UserSearch key={q} q={q} onSearch={(next) => setParams(next ? { q: next } : {})} />
        {isPending ? (
          <Spinner label={t('users.loading')} />
        ) : users.length === 0 ? (
          <EmptyState>{t('users.empty')}</EmptyState>
        ) : (
          <div aria-busy={isPlaceholderData} className={isPlaceholderData ? 'opacity-60' : undefined}>
            <AdminTable
              label={t('users.heading')}
              columns={[
                t('users.username'),
                t('users.email'),
                t('risk.verified'),
                t('users.contact'),
                t('users.joined'),
              ]}
            >
              {users.map((user) => (
                <tr key={user._id}>
                  <td className={`${tdClass} font-medium text-gray-900`}>{user.username}</td>
                  <td className={tdClass}>
                    <a href={`mailto:${user.email}`} className="text-brand-700 hover:underline">
                      {user.email}
                    </a>
                  </td>
                  <td className={tdClass}>
                    {user.emailVerified === false ? (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                        {t('risk.unconfirmed')}
                      </span>
                    ) : (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                        {t('risk.confirmed')}
                      </span>
                    )}
                  </td>
                  <td className={tdClass}>{user.contact}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {user.createdAt ? formatDate(user.createdAt) : '—'}
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        )}
        {data && <ListPager page={data.page} limit={data.limit} total={total} />}
      </Panel>
    </div>
  );
}
