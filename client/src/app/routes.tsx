import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import i18n from '../i18n';
import { fetchGallery, fetchProducts, fetchSliders } from '../api/catalog';
import { queryClient } from './queryClient';
import { StorefrontLayout } from './StorefrontLayout';
import { RouteErrorBoundary } from './RouteError';
import { Spinner } from '../components/ui/Spinner';

/**
 * A page that loads with its words: its code and its feature catalogues arrive together, so it
 * renders once, complete. The data its first screen shows is requested at the same moment rather
 * than after the code (a server-rendered page already holds it, so nothing is fetched then).
 */
const page = (load: () => Promise<{ default: ComponentType }>, namespaces: string[], prefetch?: () => void) =>
  lazy(async () => {
    // In the browser only: the server renders from the lists it already holds.
    if (typeof window !== 'undefined') prefetch?.();
    const [mod] = await Promise.all([load(), i18n.loadNamespaces(namespaces)]);
    return mod;
  });

const products = () => void queryClient.prefetchQuery({ queryKey: ['products'], queryFn: fetchProducts });
const gallery = () => void queryClient.prefetchQuery({ queryKey: ['gallery'], queryFn: fetchGallery });
const home = () => {
  void queryClient.prefetchQuery({ queryKey: ['sliders'], queryFn: fetchSliders });
  products();
};

const HomePage = page(() => import('../features/home/HomePage'), ['home', 'catalog'], home);
const ProfilePage = page(() => import('../features/profile/ProfilePage'), ['profile']);
const ProductsPage = page(() => import('../features/catalog/ProductsPage'), ['catalog'], products);
const GalleryPage = page(() => import('../features/gallery/GalleryPage'), ['gallery'], gallery);
const ContactPage = page(() => import('../features/contact/ContactPage'), ['contact']);
const CartPage = page(() => import('../features/cart/CartPage'), ['cart']);
const ShippingPage = page(() => import('../features/checkout/ShippingPage'), ['checkout']);
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'), ['dashboard']);
const TermsPage = page(() => import('../features/policies/TermsPage'), ['policies']);
const RefundsPage = page(() => import('../features/policies/RefundsPage'), ['policies']);
const PrivacyPage = page(() => import('../features/policies/PrivacyPage'), ['policies']);
const NotFoundPage = page(() => import('../features/policies/NotFoundPage'), ['policies']);
const AdminApp = lazy(() => import('../features/admin/AdminApp'));

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
