import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PASSWORD_CHANGE_REQUIRED, STORAGE_KEYS } from '@kesh/shared';
import { ADMIN_PASSWORD_CHANGE_KEY as PASSWORD_CHANGE_KEY, ApiError, adminToken } from '../../api/http';

interface AdminSession {
  token: string | null;
  /** The server answers this session nothing but the password change until it is made. */
  passwordChangeRequired: boolean;
  signIn(token: string, options?: { passwordChangeRequired?: boolean }): void;
  /** The server said the password must be changed first: the change screen opens. */
  requirePasswordChange(): void;
  /** Forgets the token and returns to the login screen (logout, expired or revoked token). */
  signOut(): void;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(adminToken);
  const [passwordChangeRequired, setPasswordChangeRequired] = useState(
    () => localStorage.getItem(PASSWORD_CHANGE_KEY) !== null,
  );

  const markPasswordChange = useCallback((required: boolean) => {
    if (required) localStorage.setItem(PASSWORD_CHANGE_KEY, 'true');
    else localStorage.removeItem(PASSWORD_CHANGE_KEY);
    setPasswordChangeRequired(required);
  }, []);

  const signIn = useCallback(
    (next: string, { passwordChangeRequired: required = false } = {}) => {
      localStorage.setItem(STORAGE_KEYS.adminToken, next);
      setToken(next);
      markPasswordChange(required);
    },
    [markPasswordChange],
  );

  const requirePasswordChange = useCallback(() => {
    markPasswordChange(true);
    navigate('/admin/password', { replace: true });
  }, [markPasswordChange, navigate]);

  const signOut = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.adminToken);
    setToken(null);
    markPasswordChange(false);
    navigate('/admin', { replace: true });
  }, [markPasswordChange, navigate]);

  const value = useMemo(
    () => ({ token, passwordChangeRequired, signIn, requirePasswordChange, signOut }),
    [token, passwordChangeRequired, signIn, requirePasswordChange, signOut],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession must be used inside AdminSessionProvider');
  return session;
}

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

const isPasswordChangeRequired = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 403 &&
  (err.body as { code?: unknown } | undefined)?.code === PASSWORD_CHANGE_REQUIRED;

/**
 * Reports a failed admin call: a 401 means the token expired or was revoked, so the owner is sent
 * back to the login screen; a 403 asking for a new password opens the change screen; anything
 * else is shown as the given toast text.
 */
export function useReportFailure() {
  const { signOut, requirePasswordChange } = useAdminSession();
  return useCallback(
    (err: unknown, text: string) => {
      if (isUnauthorized(err)) {
        signOut();
        return;
      }
      if (isPasswordChangeRequired(err)) {
        requirePasswordChange();
        return;
      }
      toast.error(text);
    },
    [signOut, requirePasswordChange],
  );
}
