import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n';
import { CircleCheck } from 'lucide-react';

/** Spec section 2: 'Order Confirmed' with the thank-you text and a Continue button. */
export function OrderConfirmedModal({ onContinue }: { onContinue(): void }) {
  const { t } = useTranslation('checkout');
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onContinue();
      // Continue is the only control, so Tab keeps focus on it rather than the page behind.
      if (event.key === 'Tab') {
        event.preventDefault();
        button.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onContinue]);

  return (
    <div className="fixed inset-0 z-50 grid place-items-center bg-black/50 p-4 backdrop-blur-sm">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="order-confirmed-title"
        aria-describedby="order-confirmed-text"
        className="w-full max-w-md rounded-3xl bg-white p-8 text-center shadow-2xl"
      >
        <div className="mx-auto grid size-16 place-items-center rounded-full bg-brand-100">
          <CircleCheck className="size-10 text-brand-700" aria-hidden="true" />
        </div>
        <h2 id="order-confirmed-title" className="mt-5 font-serif text-2xl font-bold text-brand-950">
          {t('orderConfirmedTitle')}
        </h2>
        <p id="order-confirmed-text" className="mt-3 text-stone-600">
          {t('orderConfirmedText')}
        </p>
        <button
          ref={button}
          type="button"
          onClick={onContinue}
          className="mt-7 w-full rounded-full bg-brand-800 px-6 py-3 font-semibold text-white transition hover:bg-brand-900"
        >
          {t('continue')}
        </button>
      </div>
    </div>
  );
}
