import { formatIndianNumber } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { Mail, Phone } from 'lucide-react';
import { fetchMessagePage } from '../../../api/admin';
import { ListPager, usePageParam } from '../components/ListPager';
import { EmptyState, PageHeading, Panel, Spinner } from '../components/ui';
import { adminKeys, useAdminQuery } from '../useAdminQuery';
import { formatDateTime } from '../format';

export default function MessagesPage() {
  const { t } = useTranslation('admin');
  const page = usePageParam();
  const { data, isPending, isPlaceholderData } = useAdminQuery(
    [...adminKeys.messages, page],
    () => fetchMessagePage(page),
    () => t('messages.failed'),
    { paged: true },
  );
  const messages = data?.items ?? [];

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading icon={<Mail className="h-7 w-7" aria-hidden="true" />}>{t('messages.heading')}</PageHeading>
      <Panel title={isPending ? undefined : t('messages.listTitle', { total: formatIndianNumber(data?.total ?? 0) })}>
        {isPending ? (
          <Spinner label={t('messages.loading')} />
        ) : messages.length === 0 ? (
          <EmptyState>{t('messages.empty')}</EmptyState>
        ) : (
          <ul aria-busy={isPlaceholderData} className={`space-y-4 ${isPlaceholderData ? 'opacity-60' : ''}`}>
            {messages.map((message) => (
              <li key={message._id}>
                <article className="rounded-lg border border-gray-200 p-4" aria-labelledby={`message-${message._id}`}>
                  <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
                    <h3 id={`message-${message._id}`} className="font-semibold text-gray-900">
                      {message.subject || t('messages.noSubject')}
                    </h3>
                    <time dateTime={message.createdAt} className="text-xs text-gray-500">
                      {formatDateTime(message.createdAt)}
                    </time>
                  </header>
                  <p className="mb-3 text-sm whitespace-pre-line text-gray-700">{message.message}</p>
                  <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600">
                    <span className="font-medium text-gray-800">{message.name}</span>
                    <a
                      href={`mailto:${message.email}`}
                      className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                      aria-label={`${t('messages.reply')}: ${message.email}`}
                    >
                      <Mail className="h-4 w-4" aria-hidden="true" />
                      {message.email}
                    </a>
                    {message.phoneNo && (
                      <span className="inline-flex items-center gap-1">
                        <Phone className="h-4 w-4" aria-hidden="true" />
                        <span className="sr-only">{t('messages.phone')}: </span>
                        {message.phoneNo}
                      </span>
                    )}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
        {data && <ListPager page={data.page} limit={data.limit} total={data.total} />}
      </Panel>
    </div>
  );
}
