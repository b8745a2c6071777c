import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SESSION_LIFETIME_MS, STORAGE_KEYS, type AuthResponse } from '@kesh/shared';
import { firstRenderMatchesServer } from './hydration';

/** What the browser keeps of a signed-in shopper (spec section 3: username, token, expiry). */
export interface StoredUser {
  username: string;
  token: string;
  /** Epoch ms. */
  expiry: number;
  userId?: string;
}

export function readStoredUser(now = Date.now()): StoredUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    const user = JSON.parse(raw) as Partial<StoredUser>;
    if (!user.token || typeof user.expiry !== 'number' || now >= user.expiry) {
      localStorage.removeItem(STORAGE_KEYS.user);
      return null;
    }
    return { username: user.username ?? '', token: user.token, expiry: user.expiry, userId: user.userId };
  } catch {
    localStorage.removeItem(STORAGE_KEYS.user);
    return null;
  }
}

export type AuthMode = 'login' | 'signup';

interface AuthModalRequest {
  mode: AuthMode;
  /** Where to go after a successful login/signup; undefined stays on the page. */
  redirectTo?: string;
}

interface SessionValue {
  user: StoredUser | null;
  /** Stores the session with its 8-hour expiry. */
  signIn(auth: AuthResponse): StoredUser;
  signOut(): void;
  cartCount: number;
  setCartCount(count: number): void;
  authModal: AuthModalRequest | null;
  openAuthModal(request?: Partial<AuthModalRequest>): void;
  closeAuthModal(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  // A server-rendered page shows the signed-out header; the stored session follows once hydrated.
  const [user, setUser] = useState<StoredUser | null>(() => (firstRenderMatchesServer() ? null : readStoredUser()));
  const [cartCount, setCartCount] = useState(0);
  const [authModal, setAuthModal] = useState<AuthModalRequest | null>(null);

  useEffect(() => {
    if (firstRenderMatchesServer()) setUser(readStoredUser());
  }, []);

  const signOut = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.user);
    setUser(null);
    setCartCount(0);
  }, []);

  // An expired session is removed even while the page stays open.
  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(signOut, Math.max(0, user.expiry - Date.now()));
    return () => clearTimeout(timer);
  }, [user, signOut]);

  const signIn = useCallback((auth: AuthResponse) => {
    const stored: StoredUser = {
      username: auth.username,
      token: auth.token,
      userId: auth.userId,
      expiry: auth.expiresAt ?? Date.now() + SESSION_LIFETIME_MS,
    };
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(stored));
    setUser(stored);
    return stored;
  }, []);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      signIn,
      signOut,
      cartCount,
      setCartCount,
      authModal,
      openAuthModal: (request) => setAuthModal({ mode: request?.mode ?? 'login', redirectTo: request?.redirectTo }),
      closeAuthModal: () => setAuthModal(null),
    }),
    [user, signIn, signOut, cartCount, authModal],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
