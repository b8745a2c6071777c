import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut, Package, UserRound } from 'lucide-react';
import type { UserProfile } from '@kesh/shared';
import { fetchUser, logout, logoutEverywhere } from '../../api/auth';
import { ApiError } from '../../api/http';
import { useSession, type StoredUser } from '../../state/session';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { OrdersPanel } from './OrdersPanel';
import { ProfilePanel } from './ProfilePanel';
import { VerifyEmailBanner } from './VerifyEmailBanner';

/** /userdashbord: an expired session is logged out, and without one the shopper goes home. */
export default function DashboardPage() {
  const { user, signOut } = useSession();
  const expired = user !== null && user.expiry <= Date.now();
  useEffect(() => {
    if (expired) signOut();
  }, [expired, signOut]);
  if (!user || expired) return <Navigate to="/" replace />;
  return <Dashboard user={user} />;
}

const TABS = ['profile', 'orders'] as const;
type Tab = (typeof TABS)[number];

function Dashboard({ user }: { user: StoredUser }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const [tab, setTab] = useState<Tab>('profile');
  // Keeps the banner, with its thank-you, on screen after the code is accepted.
  const [verifiedNow, setVerifiedNow] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ profile: null, orders: null });
  const profileKey = ['user', user.token];
  const profile = useQuery({ queryKey: profileKey, queryFn: () => fetchUser(user.token), retry: false });

  /** Spec section 4: clears the stored user, the username and the cart count, and goes to /. */
  const endSession = useCallback(() => {
    signOut();
    navigate('/', { replace: true });
  }, [signOut, navigate]);

  /** Revokes the token on the server first; the browser forgets the session either way. */
  const logoutWith = (call: (token: string) => Promise<unknown>) => async () => {
    try {
      await call(user.token);
    } catch (err) {
      console.error('Logout call failed', err);
    }
    endSession();
  };

  useEffect(() => {
    if (!profile.error) return;
    // Spec section 8: a 401 on user details logs out; other failures are only logged.
    if (profile.error instanceof ApiError && profile.error.status === 401) endSession();
    else console.error('User details failed to load', profile.error);
  }, [profile.error, endSession]);

  const setAddress = (address: string | null) =>
    queryClient.setQueryData<UserProfile>(profileKey, (old) => (old ? { ...old, address } : old));

  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.indexOf(tab);
    const next =
      event.key === 'Home'
        ? TABS[0]
        : event.key === 'End'
          ? TABS[TABS.length - 1]
          : TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  const name = profile.data?.username || user.username || t('fallbackName');
  usePageMeta(t('pageTitle'), t('subtitle'));
  const icons = { profile: UserRound, orders: Package } as const;

  return (
    <div className="px-4 py-8 sm:px-6 sm:py-12">
      <div className="mx-auto max-w-6xl">
        <header className="flex flex-col gap-4 rounded-3xl bg-brand-900 p-6 text-white shadow-md sm:flex-row sm:items-center sm:justify-between sm:p-8">
          <div className="flex items-center gap-4">
            <span
              className="grid size-14 shrink-0 place-items-center rounded-full bg-gold-400 text-2xl font-bold text-brand-950"
              aria-hidden="true"
            >
              {name.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0">
              <h1 className="font-serif text-2xl font-bold break-words sm:text-4xl">{t('greeting', { name })}</h1>
              <p className="mt-0.5 text-brand-100">{t('subtitle')}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2 self-start sm:self-auto">
            <button
              type="button"
              onClick={() => void logoutWith(logout)()}
              className="inline-flex items-center justify-center gap-2 rounded-full border border-white/40 px-5 py-2.5 font-semibold text-white transition hover:bg-white/10"
            >
              <LogOut className="size-4" aria-hidden="true" />
              {t('logout')}
            </button>
            <button
              type="button"
              onClick={() => void logoutWith(logoutEverywhere)()}
              className="inline-flex items-center justify-center gap-2 rounded-full px-4 py-2.5 text-sm font-semibold text-brand-100 underline-offset-4 transition hover:underline"
            >
              {t('logoutEverywhere')}
            </button>
          </div>
        </header>

        <div
          role="tablist"
          aria-label={t('tabsLabel')}
          className="mt-6 flex gap-1 rounded-full bg-white p-1 shadow-sm ring-1 ring-stone-200 sm:inline-flex"
        >
          {TABS.map((id) => {
            const Icon = icons[id];
            const selected = tab === id;
            return (
              <button
                key={id}
                ref={(el) => {
                  tabRefs.current[id] = el;
                }}
                id={`tab-${id}`}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={`panel-${id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(id)}
                onKeyDown={onTabKey}
                className={`inline-flex flex-1 items-center justify-center gap-2 rounded-full px-6 py-2.5 font-semibold sm:flex-none ${
                  selected ? 'bg-brand-800 text-white shadow' : 'text-brand-900 hover:bg-brand-50'
                }`}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(id === 'profile' ? 'profileTab' : 'ordersTab')}
              </button>
            );
          })}
        </div>

        {profile.data && (profile.data.emailVerified === false || verifiedNow) && (
          <VerifyEmailBanner
            token={user.token}
            email={profile.data.email}
            onVerified={() => setVerifiedNow(true)}
            onUnauthorized={endSession}
          />
        )}
        <section
          id={`panel-${tab}`}
          role="tabpanel"
          aria-labelledby={`tab-${tab}`}
          tabIndex={0}
          className="mt-4 rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8"
        >
          {tab === 'profile' ? (
            <ProfilePanel
              token={user.token}
              profile={profile.data}
              loading={profile.isPending}
              fallbackName={name}
              onAddressChange={setAddress}
              onUnauthorized={endSession}
            />
          ) : (
            <OrdersPanel token={user.token} onUnauthorized={endSession} />
          )}
        </section>
      </div>
    </div>
  );
}
