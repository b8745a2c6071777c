import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import type { TFunction } from '../../../i18n';
import { TicketPercent, X } from 'lucide-react';
import {
  COUPON_HOLD_MINUTES,
  COUPON_REFUSALS,
  formatRupees,
  paiseToRupees,
  type CouponQuote,
  type CouponRefusal,
} from '@kesh/shared';
import { applyCoupon } from '../../../api/coupons';
import { ApiError } from '../../../api/http';

export const COUPON_NAMESPACE = 'checkout.coupon';

/** The shopper's-language text of a coupon refusal the server answered, or undefined for other errors. */
export function couponRefusalText(t: TFunction, err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const body = (err.body ?? {}) as { reason?: unknown; minOrderPaise?: unknown };
  const reason = COUPON_REFUSALS.find((r) => r === body.reason) as CouponRefusal | undefined;
  if (!reason) return undefined;
  const min = typeof body.minOrderPaise === 'number' ? body.minOrderPaise : 0;
  return t(`refused.${reason}`, {
    ns: COUPON_NAMESPACE,
    amount: formatRupees(paiseToRupees(min)),
    minutes: COUPON_HOLD_MINUTES,
  });
}

/**
 * The shipping page's coupon field: the server checks the code against the cart and says what it
 * takes off; create-order prices it again, so what is shown here is only a preview.
 */
export function CouponField({
  token,
  applied,
  onChange,
  disabled,
}: {
  token: string;
  applied: CouponQuote | null;
  onChange(quote: CouponQuote | null): void;
  disabled?: boolean;
}) {
  const { t } = useTranslation(COUPON_NAMESPACE);
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { message: _message, ...quote } = await applyCoupon(token, code);
      onChange(quote);
      setCode('');
    } catch (err) {
      setProblem(couponRefusalText(t, err) ?? t('failed'));
    } finally {
      setBusy(false);
    }
  };

  if (applied) {
    return (
      <div className="mt-4 flex items-start justify-between gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900">
        <p role="status" className="flex items-start gap-2 font-medium">
          <TicketPercent className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {t('applied', { code: applied.code, amount: formatRupees(paiseToRupees(applied.discountPaise)) })}
        </p>
        <button
          type="button"
          onClick={() => onChange(null)}
          disabled={disabled}
          aria-label={t('remove')}
          className="rounded-full p-1 text-brand-800 hover:bg-brand-100"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-700">
        {t('label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('placeholder')}
          maxLength={40}
          autoCapitalize="characters"
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="min-w-0 flex-1 rounded-xl border border-stone-300 bg-white px-3 py-2 uppercase text-stone-900 placeholder:normal-case placeholder:text-stone-500 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
        />
        <button
          type="submit"
          disabled={busy || disabled || !code.trim()}
          className="rounded-xl border-2 border-brand-800 px-4 py-2 font-semibold text-brand-800 transition hover:bg-brand-800 hover:text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          {busy ? t('applying') : t('apply')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
