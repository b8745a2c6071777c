import { useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { EMAIL_CODES_PER_DAY, MESSAGES, OTP_LENGTH, VERIFY_TEXTS } from '@kesh/shared';
import { resendEmailCode, verifyEmail } from '../../api/auth';
import { ApiError } from '../../api/http';
import { useTranslation } from '../../i18n';

/** The server's refusals this banner can meet, by the key of their translation. */
const REFUSALS = {
  [MESSAGES.otpInvalid]: 'verifyWrongCode',
  [VERIFY_TEXTS.invalidCodeFormat]: 'verifyCodeFormat',
  [VERIFY_TEXTS.tooManyCodes]: 'verifyTooManyCodes',
  [VERIFY_TEXTS.addressMailLimit]: 'verifyAddressLimit',
} as const;

interface Props {
  token: string;
  email: string;
  onVerified: () => void;
  onUnauthorized: () => void;
}

/** Asks a shopper whose address is not confirmed for the mailed code (docs/verification.md). */
export function VerifyEmailBanner({ token, email, onVerified, onUnauthorized }: Props) {
  const { t } = useTranslation('dashboard');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [done, setDone] = useState(false);

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    setNote(null);
    try {
      await action();
      setNote({ text: success, error: false });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) onUnauthorized();
      const server = err instanceof ApiError ? (err.serverError ?? err.message) : '';
      const key = REFUSALS[server as keyof typeof REFUSALS];
      const words = { digits: OTP_LENGTH, count: EMAIL_CODES_PER_DAY };
      setNote({ text: key ? t(key, words) : server || t('verifyFailed'), error: true });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await run(() => verifyEmail(token, code.trim()), t('verifyDone'))) {
      setDone(true);
      onVerified();
    }
  }

  return (
    <section
      aria-labelledby="verify-email-title"
      className="mt-4 rounded-3xl border border-amber-300 bg-amber-50 p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1">
          <h2 id="verify-email-title" className="text-lg font-semibold text-stone-900">
            {t('verifyTitle')}
          </h2>
          {!done && <p className="mt-1 text-sm text-stone-700">{t('verifyText', { email, digits: OTP_LENGTH })}</p>}
          {!done && (
            <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
              <label className="flex flex-col text-sm font-medium text-stone-800">
                {t('verifyCodeLabel')}
                <input
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={OTP_LENGTH}
                  className="mt-1 w-36 rounded-xl border border-stone-300 bg-white px-3 py-2 tracking-widest"
                />
              </label>
              <button
                type="submit"
                disabled={busy || code.length !== OTP_LENGTH}
                className="rounded-xl bg-green-800 px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
              >
                {t('verifyConfirm')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void run(() => resendEmailCode(token), t('verifySent'))}
                className="rounded-xl border border-green-800 px-4 py-2 text-sm font-semibold text-green-800 disabled:opacity-50"
              >
                {t('verifyResend')}
              </button>
            </form>
          )}
          {note && (
            <p
              role={note.error ? 'alert' : 'status'}
              className={`mt-2 text-sm ${note.error ? 'text-red-700' : 'text-green-800'}`}
            >
              {note.text}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
