import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import i18n from '../i18n';
import { fetchGallery, fetchProducts, fetchSliders } from '../api/catalog';
import { queryClient } from './queryClient';
import { StorefrontLayout } from './StorefrontLayout';
import { RouteError } from './RouteError';
import { Spinner } from '../components/ui/Spinner';

/**
 * Every route of spec section 2. Pages load lazily so the storefront's first load carries no admin
 * code (features/admin is its own chunk); a page's words are fetched alongside its code, so it
 * renders once, complete, and the data its first screen shows is requested at the same time
 * instead of after the page's code has arrived.
 */
const page =
  (load: () => Promise<{ default: React.ComponentType }>, namespaces: string[], prefetch?: () => void) => async () => {
    prefetch?.();
    const [mod] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return { Component: mod.default };
  };

const products = () => void queryClient.prefetchQuery({ queryKey: ['products'], queryFn: fetchProducts });
const gallery = () => void queryClient.prefetchQuery({ queryKey: ['gallery'], queryFn: fetchGallery });
const home = () => {
  void queryClient.prefetchQuery({ queryKey: ['sliders'], queryFn: fetchSliders });
  products();
};

const storefront: RouteObject[] = [
  { index: true, lazy: page(() => import('../features/home/HomePage'), ['home', 'catalog'], home) },
  { path: 'profile', lazy: page(() => import('../features/profile/ProfilePage'), ['profile']) },
  { path: 'products', lazy: page(() => import('../features/catalog/ProductsPage'), ['catalog'], products) },
  { path: 'gallery', lazy: page(() => import('../features/gallery/GalleryPage'), ['gallery'], gallery) },
  { path: 'contact', lazy: page(() => import('../features/contact/ContactPage'), ['contact']) },
  { path: 'cart', lazy: page(() => import('../features/cart/CartPage'), ['cart']) },
  { path: 'shipping', lazy: page(() => import('../features/checkout/ShippingPage'), ['checkout']) },
  { path: 'userdashbord', lazy: page(() => import('../features/dashboard/DashboardPage'), ['dashboard']) },
  { path: 'termsandconditions', lazy: page(() => import('../features/policies/TermsPage'), ['policies']) },
  { path: 'cancellation-refunds', lazy: page(() => import('../features/policies/RefundsPage'), ['policies']) },
  { path: 'privacyandpolicy', lazy: page(() => import('../features/policies/PrivacyPage'), ['policies']) },
  { path: '*', lazy: page(() => import('../features/policies/NotFoundPage'), ['policies']) },
];

export const routes: RouteObject[] = [
  {
    path: '/admin/*',
    lazy: async () => ({ Component: (await import('../features/admin/AdminApp')).default }),
    errorElement: <RouteError />,
  },
  {
    path: '/',
    element: <StorefrontLayout />,
    errorElement: <RouteError />,
    // On the first visit the header and footer show while the page's code is still on its way; the
    // stand-in fills the screen so the footer does not jump when the page arrives.
    children: storefront.map((route) => ({ ...route, hydrateFallbackElement: <Spinner className="min-h-svh" /> })),
  },
];

export const router = createBrowserRouter(routes);
