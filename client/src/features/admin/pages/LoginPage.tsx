import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { Loader2, LockKeyhole } from 'lucide-react';
import { MESSAGES } from '@kesh/shared';
import { adminLogin } from '../../../api/admin';
import { ApiError } from '../../../api/http';
import { useAdminSession } from '../session';
import { inputClass, labelClass, primaryButton } from '../components/ui';

/** Spec section 8: the server's message field, else 'Something went wrong!'. */
const loginFailureText = (err: unknown) =>
  (err instanceof ApiError && (err.serverMessage ?? err.serverError)) || MESSAGES.adminLoginFallback;

export default function LoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { signIn } = useAdminSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!username.trim() || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await adminLogin({ username: username.trim(), password });
      if (!res.success || !res.token) {
        setError(res.message || MESSAGES.adminLoginFallback);
        return;
      }
      signIn(res.token);
      navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      setError(loginFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-900 via-brand-800 to-brand-950 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex h-14 w-14 items-center justify-center rounded-full bg-brand-100 text-brand-800">
            <LockKeyhole className="h-7 w-7" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-bold text-brand-900">{t('login.title')}</h1>
          <p className="mt-1 text-sm text-gray-500">{t('login.subtitle')}</p>
        </div>
        <form
          onSubmit={(e) => void submit(e)}
          className="space-y-4"
          aria-describedby={error ? 'admin-login-error' : undefined}
        >
          <div>
            <label htmlFor="admin-username" className={labelClass}>
              {t('login.username')}
            </label>
            <input
              id="admin-username"
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="admin-password" className={labelClass}>
              {t('login.password')}
            </label>
            <input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              className={inputClass}
            />
          </div>
          {error && (
            <p id="admin-login-error" role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
              {error}
            </p>
          )}
          <button type="submit" disabled={busy} className={`${primaryButton} w-full py-2.5`}>
            {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="mt-6 text-center text-sm">
          <Link to="/" className="text-brand-700 hover:underline">
            {t('login.backToStore')}
          </Link>
        </p>
      </div>
    </main>
  );
}
