import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes } from 'react';
import { KeyRound, Leaf, X } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { toast } from 'sonner';
import { MESSAGES, PASSWORD_MIN_LENGTH, signupSchema } from '@kesh/shared';
import { forgotPassword, login, signup, verifyOtp } from '../../api/auth';
import { serverErrorOr } from '../../api/http';
import { useSession } from '../../state/session';
import { useShop } from '../../state/shop';
import { loadCartCount } from '../../state/cartCount';
import { buttonPrimary, inputClass } from '../../components/ui/classes';
import { useMessageText } from '../../components/ui/useMessageText';

/**
 * Spec section 4: login/signup are step 0 of the forgot-password flow; 'forgot' (email) is step 1,
 * 'verify' (OTP) step 2 and 'reset' (new password) step 3.
 */
export type AuthView = 'login' | 'signup' | 'forgot' | 'verify' | 'reset';

/** Fields are cleared this long after closing, once the fade-out has finished. */
export const AUTH_RESET_DELAY_MS = 300;

const EMPTY_FIELDS = {
  username: '',
  email: '',
  contact: '',
  password: '',
  otp: '',
  newPassword: '',
  confirmPassword: '',
};
type Fields = typeof EMPTY_FIELDS;

export function AuthModal() {
  const { t } = useTranslation('auth');
  const say = useMessageText();
  const navigate = useNavigate();
  const shop = useShop();
  const { authModal, closeAuthModal, signIn, setCartCount } = useSession();
  const open = authModal !== null;

  const [view, setView] = useState<AuthView>('login');
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  const [error, setError] = useState('');
  const [info, setInfo] = useState('');
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (open) {
      returnFocusTo.current = document.activeElement as HTMLElement | null;
      setView(authModal.mode);
      return;
    }
    returnFocusTo.current?.focus();
    const timer = setTimeout(() => {
      setFields(EMPTY_FIELDS);
      setView('login');
      setError('');
      setInfo('');
      setBusy(false);
    }, AUTH_RESET_DELAY_MS);
    return () => clearTimeout(timer);
    // Only the open/closed transition matters; the requested mode is read when opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // Each step starts with focus on its first field so keyboard users can type straight away.
  useEffect(() => {
    if (open) dialogRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open, view]);

  if (!open) return null;

  const go = (next: AuthView) => {
    setView(next);
    setError('');
    setInfo('');
  };
  const set = (name: keyof Fields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  async function finishSignIn(auth: Awaited<ReturnType<typeof login>>) {
    const redirectTo = authModal?.redirectTo;
    signIn(auth);
    closeAuthModal();
    toast.success(t('welcome', { name: auth.username }));
    setCartCount(await loadCartCount(auth.token));
    if (redirectTo) navigate(redirectTo);
  }

  async function run(task: () => Promise<void>) {
    setBusy(true);
    setError('');
    try {
      await task();
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError('');
    const email = fields.email.trim();

    if (view === 'login') {
      if (!email || !fields.password) return setError(say(MESSAGES.fillAllFields));
      return run(async () => {
        try {
          await finishSignIn(await login({ email, password: fields.password }));
        } catch (err) {
          setError(say(serverErrorOr(err, MESSAGES.loginFailed)));
        }
      });
    }

    if (view === 'signup') {
      const parsed = signupSchema(shop.email).safeParse(fields);
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? MESSAGES.fillAllFields;
        return setError(
          message === MESSAGES.invalidEmail(shop.email)
            ? t('common:messages.invalidEmail', { example: shop.email })
            : say(message),
        );
      }
      return run(async () => {
        try {
          await finishSignIn(await signup(parsed.data));
        } catch (err) {
          setError(say(serverErrorOr(err, MESSAGES.signupFailed)));
        }
      });
    }

    if (view === 'forgot') {
      if (!email) return setError(say(MESSAGES.fillRequiredField));
      return run(async () => {
        try {
          const res = await forgotPassword({ email });
          go('verify');
          setInfo(say(res.message));
        } catch (err) {
          setError(say(serverErrorOr(err, MESSAGES.otpSendFailed)));
        }
      });
    }

    if (view === 'verify') {
      const otp = fields.otp.trim();
      if (!otp) return setError(say(MESSAGES.fillRequiredField));
      return run(async () => {
        try {
          const res = await verifyOtp({ email, otp });
          if (res.message === MESSAGES.otpVerified) go('reset');
          else setError(say(MESSAGES.otpInvalid));
        } catch (err) {
          setError(say(serverErrorOr(err, MESSAGES.otpInvalid)));
        }
      });
    }

    if (!fields.newPassword || !fields.confirmPassword) return setError(say(MESSAGES.fillRequiredField));
    if (fields.newPassword !== fields.confirmPassword) return setError(say(MESSAGES.passwordsDoNotMatch));
    if (fields.newPassword.length < PASSWORD_MIN_LENGTH) return setError(say(MESSAGES.passwordTooShort));
    return run(async () => {
      try {
        const res = await verifyOtp({ email, otp: fields.otp.trim(), newPassword: fields.newPassword });
        toast.success(say(res.message));
        closeAuthModal();
      } catch (err) {
        setError(say(serverErrorOr(err, MESSAGES.resetFailed)));
      }
    });
  }

  const field = (
    name: keyof Fields,
    type: string,
    autoComplete: string,
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <TextField
      label={t(`fields.${name}`)}
      type={type}
      value={fields[name]}
      onChange={set(name)}
      autoComplete={autoComplete}
      placeholder={PLACEHOLDER_FIELDS.has(name) ? t(`placeholders.${name}`) : undefined}
      {...extra}
    />
  );

  const linkButton = 'rounded font-semibold text-brand-800 underline-offset-4 hover:underline';

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-brand-950/70 p-0 backdrop-blur-sm sm:items-center sm:p-4">
      <div className="absolute inset-0" aria-hidden="true" onClick={closeAuthModal} />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') closeAuthModal();
        }}
        className="relative max-h-[92svh] w-full overflow-y-auto rounded-t-3xl bg-white shadow-2xl sm:max-w-md sm:rounded-3xl"
      >
        <div className="bg-gradient-to-br from-brand-900 to-brand-950 px-6 pt-7 pb-6 text-white sm:px-8">
          <button
            type="button"
            onClick={closeAuthModal}
            aria-label={t('common:close')}
            className="absolute top-4 right-4 flex size-9 items-center justify-center rounded-full text-brand-100 hover:bg-white/10 hover:text-white"
          >
            <X className="size-5" aria-hidden="true" />
          </button>
          <span className="flex size-11 items-center justify-center rounded-full bg-gold-400 text-brand-950">
            {view === 'login' || view === 'signup' ? (
              <Leaf className="size-5" aria-hidden="true" />
            ) : (
              <KeyRound className="size-5" aria-hidden="true" />
            )}
          </span>
          <h2 id={titleId} className="mt-4 font-serif text-2xl font-bold">
            {t(`titles.${view}`)}
          </h2>
          <p className="mt-1 text-sm text-brand-100">{t(`subtitles.${view}`, { email: fields.email.trim() })}</p>
        </div>

        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4 px-6 py-6 sm:px-8">
          {info && (
            <p role="status" className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
              {info}
            </p>
          )}
          {error && (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {error}
            </p>
          )}

          {view === 'signup' && field('username', 'text', 'username')}
          {(view === 'login' || view === 'signup' || view === 'forgot') && field('email', 'email', 'email')}
          {view === 'signup' && field('contact', 'tel', 'tel', { inputMode: 'numeric', maxLength: 10 })}
          {(view === 'login' || view === 'signup') &&
            field('password', 'password', view === 'login' ? 'current-password' : 'new-password')}
          {view === 'verify' && field('otp', 'text', 'one-time-code', { inputMode: 'numeric', maxLength: 6 })}
          {view === 'reset' && (
            <>
              {field('newPassword', 'password', 'new-password')}
              {field('confirmPassword', 'password', 'new-password')}
            </>
          )}

          {view === 'login' && (
            <div className="text-right text-sm">
              <button type="button" className={linkButton} onClick={() => go('forgot')}>
                {t('links.forgot')}
              </button>
            </div>
          )}

          <button type="submit" disabled={busy} className={`${buttonPrimary} w-full`}>
            {busy ? t('working') : t(`submit.${view}`)}
          </button>

          <div className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 pt-1 text-sm text-stone-600">
            {view === 'login' && (
              <>
                <span>{t('noAccount')}</span>
                <button type="button" className={linkButton} onClick={() => go('signup')}>
                  {t('links.signUp')}
                </button>
              </>
            )}
            {view === 'signup' && (
              <>
                <span>{t('haveAccount')}</span>
                <button type="button" className={linkButton} onClick={() => go('login')}>
                  {t('links.logIn')}
                </button>
              </>
            )}
            {view === 'verify' && (
              <button type="button" className={linkButton} onClick={() => go('forgot')}>
                {t('links.resendOtp')}
              </button>
            )}
            {(view === 'forgot' || view === 'verify' || view === 'reset') && (
              <button type="button" className={linkButton} onClick={() => go('login')}>
                {t('links.backToLogin')}
              </button>
            )}
          </div>
        </form>
      </div>
    </div>
  );
}

const PLACEHOLDER_FIELDS = new Set<keyof Fields>(['username', 'email', 'contact', 'password', 'otp']);

function TextField({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}
