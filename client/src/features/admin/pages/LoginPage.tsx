import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { LockKeyhole } from 'lucide-react';
import { MESSAGES } from '@kesh/shared';
import { adminLogin } from '../../../api/admin';
import { ApiError } from '../../../api/http';
import { useAdminSession } from '../session';
import { LabelledInput } from '../components/ui';
import { AuthCard, FormAlert, SubmitButton } from '../components/AuthCard';

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
      // Signed in with the published password: the panel opens on the change-password screen.
      signIn(res.token, { passwordChangeRequired: res.mustChangePassword === true });
      navigate(res.mustChangePassword ? '/admin/password' : '/admin/dashboard', { replace: true });
    } catch (err) {
      setError(loginFailureText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      icon={<LockKeyhole className="h-7 w-7" aria-hidden="true" />}
      title={t('login.title')}
      intro={t('login.subtitle')}
      footer={
        <Link to="/" className="text-brand-700 hover:underline">
          {t('login.backToStore')}
        </Link>
      }
    >
      <form
        onSubmit={(e) => void submit(e)}
        className="space-y-4"
        aria-describedby={error ? 'admin-login-error' : undefined}
      >
        <LabelledInput
          id="admin-username"
          label={t('login.username')}
          name="username"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <LabelledInput
          id="admin-password"
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <FormAlert id="admin-login-error" text={error} />
        <SubmitButton busy={busy} label={t('login.submit')} busyLabel={t('login.submitting')} />
      </form>
    </AuthCard>
  );
}
