import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { STORAGE_KEYS } from '@kesh/shared';
import { ApiError, adminToken } from '../../api/http';

interface AdminSession {
  token: string | null;
  signIn(token: string): void;
  /** Forgets the token and returns to the login screen (logout, expired or revoked token). */
  signOut(): void;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(adminToken);

  const signIn = useCallback((next: string) => {
    localStorage.setItem(STORAGE_KEYS.adminToken, next);
    setToken(next);
  }, []);

  const signOut = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.adminToken);
    setToken(null);
    navigate('/admin', { replace: true });
  }, [navigate]);

  const value = useMemo(() => ({ token, signIn, signOut }), [token, signIn, signOut]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used inside AdminSessionProvider');
  return session;
}

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/**
 * Reports a failed admin call: a 401 means the token expired or was revoked, so the owner is sent
 * back to the login screen; anything else is shown as the given toast text.
 */
export function useReportFailure() {
  const { signOut } = useAdminSession();
  return useCallback(
    (err: unknown, text: string) => {
      if (isUnauthorized(err)) {
        signOut();
        return;
      }
      toast.error(text);
    },
    [signOut],
  );
}
