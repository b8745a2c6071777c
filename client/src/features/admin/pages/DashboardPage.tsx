import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Images, LayoutDashboard, Package, PanelsTopLeft, Users } from 'lucide-react';
import { LowStock } from '../components/LowStock';
import { SalesOverview } from '../components/SalesOverview';

const cards = [
  { to: '/admin/dashboard', key: 'dashboard', Icon: LayoutDashboard, tone: 'bg-brand-100 text-brand-800' },
  { to: '/admin/slider', key: 'slider', Icon: PanelsTopLeft, tone: 'bg-amber-100 text-amber-800' },
  { to: '/admin/main-category', key: 'products', Icon: Package, tone: 'bg-emerald-100 text-emerald-800' },
  { to: '/admin/gallery', key: 'gallery', Icon: Images, tone: 'bg-sky-100 text-sky-800' },
  { to: '/admin/usermanagment', key: 'users', Icon: Users, tone: 'bg-violet-100 text-violet-800' },
] as const;

export default function DashboardPage() {
  const { t } = useTranslation('admin');
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-8 rounded-2xl bg-gradient-to-r from-brand-800 to-brand-600 p-8 text-white shadow">
        <h1 className="text-3xl font-bold">{t('dashboard.welcome')}</h1>
        <p className="mt-2 max-w-2xl text-brand-100">{t('dashboard.intro')}</p>
      </div>
      <SalesOverview />
      <LowStock />
      <h2 className="mb-4 text-xl font-semibold text-brand-900">{t('dashboard.quickActions')}</h2>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {cards.map(({ to, key, Icon, tone }) => (
          <li key={key}>
            <Link
              to={to}
              className="flex h-full flex-col items-start gap-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md"
            >
              <span className={`flex h-11 w-11 items-center justify-center rounded-lg ${tone}`}>
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <span className="text-lg font-semibold text-gray-900">{t(`dashboard.cards.${key}.title`)}</span>
              <span className="text-sm text-gray-500">{t(`dashboard.cards.${key}.text`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
