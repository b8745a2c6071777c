import { useTranslation } from '../../../i18n';
import { Users } from 'lucide-react';
import { MESSAGES } from '@kesh/shared';
import { fetchUsers } from '../../../api/admin';
import { AdminTable, EmptyState, PageHeading, Panel, Spinner, tdClass } from '../components/ui';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

export default function UsersPage() {
  const { t } = useTranslation('admin');
  const { data: users = [], isPending } = useAdminQuery(adminKeys.users, fetchUsers, () => MESSAGES.usersFetchFailed);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeading icon={<Users className="h-7 w-7" aria-hidden="true" />}>{t('users.heading')}</PageHeading>
      <Panel title={isPending ? undefined : t('users.listTitle', { count: users.length })}>
        {isPending ? (
          <Spinner label={t('users.loading')} />
        ) : users.length === 0 ? (
          <EmptyState>{t('users.empty')}</EmptyState>
        ) : (
          <AdminTable label={t('users.heading')} columns={[t('users.username'), t('users.email'), t('users.contact')]}>
            {users.map((user) => (
              <tr key={user._id}>
                <td className={`${tdClass} font-medium text-gray-900`}>{user.username}</td>
                <td className={tdClass}>
                  <a href={`mailto:${user.email}`} className="text-brand-700 hover:underline">
                    {user.email}
                  </a>
                </td>
                <td className={tdClass}>{user.contact}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
    </div>
  );
}
