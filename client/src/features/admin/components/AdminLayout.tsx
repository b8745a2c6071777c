import { useEffect, useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import {
  ChevronLeft,
  ChevronRight,
  Images,
  LayoutDashboard,
  LogOut,
  Mail,
  Package,
  PanelsTopLeft,
  ShoppingBag,
  TicketPercent,
  Truck,
  Users,
} from 'lucide-react';
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_OPEN_WIDTH } from '@kesh/shared';
import { adminLogout } from '../../../api/admin';
import { useAdminSession } from '../session';

const links = [
  { to: '/admin/dashboard', key: 'dashboard', Icon: LayoutDashboard },
  { to: '/admin/slider', key: 'slider', Icon: PanelsTopLeft },
  { to: '/admin/main-category', key: 'mainCategory', Icon: Package },
  { to: '/admin/gallery', key: 'gallery', Icon: Images },
  { to: '/admin/usermanagment', key: 'users', Icon: Users },
  { to: '/admin/orders', key: 'orders', Icon: ShoppingBag },
  { to: '/admin/messages', key: 'messages', Icon: Mail },
  { to: '/admin/delivery', key: 'delivery', Icon: Truck },
  { to: '/admin/coupons', key: 'coupons', Icon: TicketPercent },
] as const;

/** Tailwind's spacing unit, so the spec's widths (64 and 16 units) read as w-64 / w-16. */
const spacing = (units: number) => `calc(var(--spacing) * ${units})`;

const isNarrow = () => window.innerWidth < MOBILE_BREAKPOINT_PX;

function Sidebar() {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(() => !isNarrow());

  useEffect(() => {
    const closeWhenNarrow = () => {
      if (isNarrow()) setOpen(false);
    };
    window.addEventListener('resize', closeWhenNarrow);
    return () => window.removeEventListener('resize', closeWhenNarrow);
  }, []);

  return (
    <aside
      className="sticky top-0 flex h-screen shrink-0 flex-col bg-brand-900 text-white transition-[width] duration-300"
      style={{ width: spacing(open ? SIDEBAR_OPEN_WIDTH : SIDEBAR_COLLAPSED_WIDTH) }}
      data-state={open ? 'open' : 'collapsed'}
    >
      <div
        className={`flex h-16 items-center border-b border-brand-800 px-3 ${open ? 'justify-between' : 'justify-center'}`}
      >
        {open && <span className="truncate pl-1 text-lg font-bold tracking-wide">Kesh Admin</span>}
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="admin-nav"
          aria-label={open ? t('nav.collapse') : t('nav.expand')}
          title={open ? t('nav.collapse') : t('nav.expand')}
          className="rounded-md p-2 hover:bg-brand-800"
        >
          {open ? (
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          ) : (
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          )}
        </button>
      </div>
      <nav id="admin-nav" aria-label={t('nav.label')} className="flex-1 overflow-y-auto py-4">
        <ul className="space-y-1 px-2">
          {links.map(({ to, key, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                title={open ? undefined : t(`nav.${key}`)}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition ${
                    open ? '' : 'justify-center'
                  } ${isActive ? 'bg-gold-400 text-brand-950 shadow' : 'text-brand-100 hover:bg-brand-800 hover:text-white'}`
                }
              >
                <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                <span className={open ? 'truncate' : 'sr-only'}>{t(`nav.${key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

function TopBar() {
  const { t } = useTranslation('admin');
  const { signOut } = useAdminSession();

  const logout = async () => {
    try {
      await adminLogout();
    } catch (err) {
      // Spec section 8: a failed logout call is only logged; the token is dropped either way.
      console.error('Admin logout failed', err);
    }
    signOut();
  };

  return (
    <header className="sticky top-0 z-20 flex h-16 shrink-0 items-center justify-between border-b border-gray-200 bg-white px-6 shadow-sm">
      <p className="text-xl font-semibold text-brand-900">{t('panelTitle')}</p>
      <button
        type="button"
        onClick={() => void logout()}
        className="inline-flex items-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-medium text-white transition hover:bg-red-700"
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        {t('logout')}
      </button>
    </header>
  );
}

/** Sidebar, top bar and the current admin screen. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex min-h-screen bg-gray-50">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('skipToContent')}
      </a>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar />
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 md:p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
