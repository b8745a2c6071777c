import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { StorefrontLayout } from './StorefrontLayout';
import { RouteError } from './RouteError';

/**
 * Every route of spec section 2. Pages load lazily so the storefront's first load carries no admin
 * code (features/admin is its own chunk).
 */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const storefront: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/HomePage')) },
  { path: 'profile', lazy: page(() => import('../features/profile/ProfilePage')) },
  { path: 'products', lazy: page(() => import('../features/catalog/ProductsPage')) },
  { path: 'gallery', lazy: page(() => import('../features/gallery/GalleryPage')) },
  { path: 'contact', lazy: page(() => import('../features/contact/ContactPage')) },
  { path: 'cart', lazy: page(() => import('../features/cart/CartPage')) },
  { path: 'shipping', lazy: page(() => import('../features/checkout/ShippingPage')) },
  { path: 'userdashbord', lazy: page(() => import('../features/dashboard/DashboardPage')) },
  { path: 'termsandconditions', lazy: page(() => import('../features/policies/TermsPage')) },
  { path: 'cancellation-refunds', lazy: page(() => import('../features/policies/RefundsPage')) },
  { path: 'privacyandpolicy', lazy: page(() => import('../features/policies/PrivacyPage')) },
  { path: '*', lazy: page(() => import('../features/policies/NotFoundPage')) },
];

export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    lazy: async () => ({ Component: (await import('../features/admin/AdminApp')).default }),
    errorElement: <RouteError />,
  },
  { path: '/', element: <StorefrontLayout />, errorElement: <RouteError />, children: storefront },
];

export const router = createBrowserRouter(routes);
