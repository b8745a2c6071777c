import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import i18n from '../i18n';
import { fetchGallery, fetchSliders } from '../api/catalog';
import { StorefrontLayout } from './StorefrontLayout';
import { RouteErrorBoundary } from './RouteError';
import { Spinner } from '../components/ui/Spinner';

/**
 * A page that loads with its words: its code and its feature catalogues arrive together, so it
 * renders once, complete. A page that reads through the query cache (`queries`) also brings the
 * cache, and the data its first screen shows is requested at the same moment rather than after the
 * code (a server-rendered page already holds it, so nothing is fetched then).
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  namespaces: string[],
  queries?: { prefetch?: (client: QueryClient) => void },
) {
  return lazy(async () => {
    const words = i18n.loadNamespaces(namespaces);
    if (!queries) return (await Promise.all([load(), words]))[0];
    const cache = import('./queries').then((q) => {
      // In the browser only: the server renders from the lists it already holds.
      if (typeof window !== 'undefined') queries.prefetch?.(q.queryClient);
      return q;
    });
    const [mod, { withQueries }] = await Promise.all([load(), cache, words]);
    return { default: withQueries(mod.default) };
  });
}

const gallery = (client: QueryClient) => void client.prefetchQuery({ queryKey: ['gallery'], queryFn: fetchGallery });
// The home page's newest products are asked for by the page itself: naming their call here would
// put the catalogue's page calls into the app shell every page loads.
const home = (client: QueryClient) => void client.prefetchQuery({ queryKey: ['sliders'], queryFn: fetchSliders });

const HomePage = page(() => import('../features/home/HomePage'), ['home', 'catalog'], { prefetch: home });
const ProfilePage = page(() => import('../features/profile/ProfilePage'), ['profile']);
// The products page asks for the page of products its address names, once it knows the address.
const ProductsPage = page(() => import('../features/catalog/ProductsPage'), ['catalog'], {});
const GalleryPage = page(() => import('../features/gallery/GalleryPage'), ['gallery'], { prefetch: gallery });
const ContactPage = page(() => import('../features/contact/ContactPage'), ['contact']);
const CartPage = page(() => import('../features/cart/CartPage'), ['cart'], {});
const ShippingPage = page(() => import('../features/checkout/ShippingPage'), ['checkout'], {});
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), ['dashboard'], {});
const TermsPage = page(() => import('../features/policies/TermsPage'), ['policies']);
const RefundsPage = page(() => import('../features/policies/RefundsPage'), ['policies']);
const PrivacyPage = page(() => import('../features/policies/PrivacyPage'), ['policies']);
const NotFoundPage = page(() => import('../features/policies/NotFoundPage'), ['policies']);
const AdminApp = lazy(async () => {
  const [mod, { withQueries }] = await Promise.all([import('../features/admin/AdminApp'), import('./queries')]);
  return { default: withQueries(mod.default) };
});

/**
 * Every route of spec section 2, for the browser's router and the server's alike. Pages load lazily,
 * so the storefront's first load carries no admin code (features/admin is its own chunk).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <RouteErrorBoundary>
            <Suspense fallback={<Spinner className="min-h-svh" />}>
              <AdminApp />
            </Suspense>
          </RouteErrorBoundary>
        }
      />
      <Route path="/" element={<StorefrontLayout />}>
        <Route index element={<HomePage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="gallery" element={<GalleryPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="cart" element={<CartPage />} />
        <Route path="shipping" element={<ShippingPage />} />
        <Route path="userdashbord" element={<DashboardPage />} />
        <Route path="termsandconditions" element={<TermsPage />} />
        <Route path="cancellation-refunds" element={<RefundsPage />} />
        <Route path="privacyandpolicy" element={<PrivacyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
