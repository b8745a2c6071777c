import { lazy, Suspense, type ReactNode } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router-dom';
import i18n, { SUPPORTED, useTranslation } from '../../i18n';
import { AdminLayout } from './components/AdminLayout';
import { Spinner } from './components/ui';
import LoginPage from './pages/LoginPage';
import { AdminSessionProvider, useAdminSession } from './session';
import { useOrdersView } from './ordersUrl';
import { ordersQuery, retryOnce } from './useAdminQuery';

const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const SliderPage = lazy(() => import('./pages/SliderPage'));
const CategoryPage = lazy(() => import('./pages/CategoryPage'));
const GalleryPage = lazy(() => import('./pages/GalleryPage'));
const UsersPage = lazy(() => import('./pages/UsersPage'));
// An order's WhatsApp message is in its shopper's language, whatever the owner's: the orders screen
// brings the admin words of every language.
const OrdersPage = lazy(async () => {
  const [page] = await Promise.all([import('./pages/OrdersPage'), i18n.loadNamespaces('admin', SUPPORTED)]);
  return page;
});

/**
 * The orders screen. The page of orders its address names is asked for while the screen's code and
 * words load, not once they have loaded and rendered: the screen's query then finds it under way (or
 * answered). Nothing is asked for when the cache already holds that page, fresh or not: the screen's
 * own query decides then, as it always does.
 */
function OrdersScreen() {
  const [view] = useOrdersView();
  usePrefetchQuery({ ...ordersQuery(view), retry: retryOnce });
  return <OrdersPage />;
}
const MessagesPage = lazy(() => import('./pages/MessagesPage'));
const DeliveryPage = lazy(() => import('./pages/DeliveryPage'));
const CouponsPage = lazy(() => import('./pages/CouponsPage'));
const ChangePasswordPage = lazy(() => import('./pages/ChangePasswordPage'));

/**
 * Spec section 2: every admin path except /admin needs a stored admin token. A session signed in
 * with the published password sees only the change-password screen until it is changed.
 */
function RequireAdmin({ children, passwordScreen = false }: { children: ReactNode; passwordScreen?: boolean }) {
  const { token, passwordChangeRequired } = useAdminSession();
  if (!token) return <Navigate to="/admin" replace />;
  if (passwordChangeRequired && !passwordScreen) return <Navigate to="/admin/password" replace />;
  return children;
}

function ScreenFallback() {
  const { t } = useTranslation('admin');
  return <Spinner label={t('common.loading')} />;
}

/** The owner's admin area, mounted by the app router at /admin/*. */
export default function AdminApp() {
  const screen = (page: ReactNode) => <Suspense fallback={<ScreenFallback />}>{page}</Suspense>;
  return (
    <AdminSessionProvider>
      <Routes>
        <Route index element={<LoginPage />} />
        <Route path="password" element={<RequireAdmin passwordScreen>{screen(<ChangePasswordPage />)}</RequireAdmin>} />
        <Route
          element={
            <RequireAdmin>
              <AdminLayout />
            </RequireAdmin>
          }
        >
          <Route path="dashboard" element={screen(<DashboardPage />)} />
          <Route path="slider" element={screen(<SliderPage />)} />
          <Route path="main-category" element={screen(<CategoryPage />)} />
          <Route path="gallery" element={screen(<GalleryPage />)} />
          <Route path="usermanagment" element={screen(<UsersPage />)} />
          <Route path="orders" element={screen(<OrdersScreen />)} />
          <Route path="messages" element={screen(<MessagesPage />)} />
          <Route path="delivery" element={screen(<DeliveryPage />)} />
          <Route path="coupons" element={screen(<CouponsPage />)} />
          <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
        </Route>
      </Routes>
    </AdminSessionProvider>
  );
}
