import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { KeyRound } from 'lucide-react';
import { ADMIN_PASSWORD_MESSAGES, MESSAGES, PASSWORD_MIN_LENGTH, adminPasswordChangeSchema } from '@kesh/shared';
import { useTranslation, type TFunction } from '../../../i18n';
import { adminLogout, changeAdminPassword } from '../../../api/admin';
import { ApiError } from '../../../api/http';
import { useAdminSession } from '../session';
import { LabelledInput } from '../components/ui';
import { AuthCard, FormAlert, SubmitButton } from '../components/AuthCard';

type ServerMessage = keyof typeof ADMIN_PASSWORD_MESSAGES;

/** The server's (English) message for this screen in the owner's language; any other as it came. */
function inOwnersLanguage(t: TFunction, text: string): string {
  const key = (Object.keys(ADMIN_PASSWORD_MESSAGES) as ServerMessage[]).find(
    (k) => ADMIN_PASSWORD_MESSAGES[k] === text,
  );
  return key && key !== 'changeRequired' ? t(`server.${key}`, { min: PASSWORD_MIN_LENGTH }) : text;
}

const failureText = (t: TFunction, err: unknown) => {
  const text = err instanceof ApiError ? (err.serverError ?? err.serverMessage) : undefined;
  return text ? inOwnersLanguage(t, text) : MESSAGES.adminLoginFallback;
};

/**
 * The owner's own password change. Opened first, before any other admin screen, after a login
 * with the published default password: the server answers that session nothing else until then.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('adminPassword');
  const navigate = useNavigate();
  const { passwordChangeRequired, signIn, signOut } = useAdminSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = adminPasswordChangeSchema.safeParse({ currentPassword, newPassword });
    if (!parsed.success) {
      setError(inOwnersLanguage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    if (newPassword !== repeated) {
      setError(t('mismatch'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const res = await changeAdminPassword(parsed.data);
      signIn(res.token);
      toast.success(inOwnersLanguage(t, res.message));
      navigate('/admin/dashboard', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) signOut();
      else setError(failureText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const logOut = () => {
    // The token dies with the session anyway; a failed logout call is only logged (spec section 8).
    adminLogout().catch((err: unknown) => console.error(err));
    signOut();
  };

  const field = (id: string, label: string, value: string, set: (v: string) => void, autoComplete: string) => (
    <LabelledInput
      id={id}
      label={label}
      type="password"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(e) => set(e.target.value)}
      aria-describedby={id === 'admin-new-password' ? 'admin-new-password-hint' : undefined}
    />
  );

  return (
    <AuthCard
      icon={<KeyRound className="h-7 w-7" aria-hidden="true" />}
      title={t('title')}
      intro={passwordChangeRequired ? t('introRequired') : t('introVoluntary')}
      footer={
        <button type="button" onClick={logOut} className="text-brand-700 hover:underline">
          {t('logout')}
        </button>
      }
    >
      <form
        onSubmit={(e) => void submit(e)}
        className="space-y-4"
        aria-describedby={error ? 'admin-password-error' : undefined}
        noValidate
      >
        {field('admin-current-password', t('current'), currentPassword, setCurrentPassword, 'current-password')}
        {field('admin-new-password', t('next'), newPassword, setNewPassword, 'new-password')}
        <p id="admin-new-password-hint" className="-mt-2 text-xs text-gray-600">
          {t('hint', { min: PASSWORD_MIN_LENGTH })}
        </p>
        {field('admin-repeat-password', t('confirm'), repeated, setRepeated, 'new-password')}
        <FormAlert id="admin-password-error" text={error} />
        <SubmitButton busy={busy} label={t('submit')} busyLabel={t('submitting')} />
      </form>
    </AuthCard>
  );
}
