import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from '../i18n';
import { Spinner } from '../components/ui/Spinner';
import { useSession } from '../state/session';
import { Header } from './layout/Header';
import { Footer } from './layout/Footer';
import { ChatButton, ScrollTopButton } from './layout/FloatingButtons';
import { ScrollToTop } from './layout/ScrollToTop';
import { useReveal } from './layout/useReveal';
import { useCartCountOnLoad } from './layout/useCartCountOnLoad';
import { RouteErrorBoundary } from './RouteError';

const AuthModal = lazy(() => import('../features/auth/AuthModal').then((m) => ({ default: m.AuthModal })));

/**
 * The login/signup dialog (and the signup schema it validates with) loads the first time a shopper
 * opens it, then stays mounted so its close animation and focus return keep working.
 */
function AuthModalOnDemand() {
  const { authModal } = useSession();
  const [wanted, setWanted] = useState(false);
  if (authModal && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  );
}

/**
 * Marks <html data-hydrated> once the page's own content has hydrated (it sits in the page's
 * Suspense boundary, so its effect runs with the page's): browser tests wait for it before clicking.
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Header, footer and floating widgets around every storefront page (admin has its own shell). */
export function StorefrontLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useReveal();
  useCartCountOnLoad();
  return (
    <div className="flex min-h-svh flex-col bg-stone-50 text-stone-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-gold-400 px-4 py-2 font-semibold text-brand-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('skipToContent')}
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* The stand-in fills the screen, so the footer does not jump when the page arrives. */}
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Spinner className="min-h-svh" />}>
            <Outlet />
            <PageReady />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <ScrollTopButton />
      <ChatButton />
      <AuthModalOnDemand />
    </div>
  );
}
