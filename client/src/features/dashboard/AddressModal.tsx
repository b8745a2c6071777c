import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { LoaderCircle, X } from 'lucide-react';
import { toast } from 'sonner';
import {
  ADDRESS_FIELDS,
  INDIA,
  MESSAGES,
  INDIAN_STATES,
  addressProblems,
  isIndia,
  joinAddress,
  splitAddress,
  type AddressParts,
  type AddressProblems,
  type AddressResponse,
} from '@kesh/shared';
import { addAddress } from '../../api/auth';
import { ApiError, serverErrorOr } from '../../api/http';
import { useMessageText } from '../../components/ui/useMessageText';

interface AddressModalProps {
  token: string;
  /** The saved address when changing it; null when adding one. */
  current: string | null;
  onSaved(response: AddressResponse): void;
  onClose(): void;
  /** A 401 while saving: the session is over. */
  onUnauthorized(): void;
}

const AUTOCOMPLETE: Record<keyof AddressParts, string> = {
  street: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  country: 'country-name',
  zipCode: 'postal-code',
};

/**
 * Add or change the single saved address (spec sections 2 and 3). Editing splits the stored string
 * on ', ' (five or more parts fill the fields, else all of it is the street); closing discards the
 * fields because the modal unmounts.
 */
export function AddressModal({ token, current, onSaved, onClose, onUnauthorized }: AddressModalProps) {
  const { t } = useTranslation('dashboard');
  const say = useMessageText();
  const editing = current !== null;
  // A new address starts in India, so the state is picked from the list straight away.
  const [fields, setFields] = useState<AddressParts>(() =>
    editing ? splitAddress(current) : { ...splitAddress(null), country: INDIA },
  );
  const [problems, setProblems] = useState<AddressProblems>({});
  const [saving, setSaving] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector('input')?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const close = () => {
    if (!saving) onClose();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab' && dialog.current) {
      // Keep keyboard focus inside the dialog while it is open.
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>('input, select, button:not([disabled])')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = joinAddress(fields);
    // The server's own rules, so the form never sends what the API would refuse.
    const found = addressProblems(fields);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = ADDRESS_FIELDS.find((name) => found[name]);
      dialog.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const response = await addAddress(token, address);
      toast.success(say(response.message));
      onSaved(response);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        onUnauthorized();
        return;
      }
      toast.error(say(serverErrorOr(err, MESSAGES.addressSaveFailed)));
      setSaving(false);
    }
  };

  const input =
    'mt-1 w-full rounded-xl border border-stone-300 bg-white px-3.5 py-2.5 text-stone-900 shadow-sm transition focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none';

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 backdrop-blur-sm sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="address-modal-title"
        onKeyDown={onKeyDown}
        className="max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-t-3xl bg-white p-6 shadow-2xl sm:rounded-3xl sm:p-8"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id="address-modal-title" className="font-serif text-2xl font-bold text-brand-950">
            {editing ? t('changeAddress') : t('addAddress')}
          </h2>
          <button
            type="button"
            onClick={close}
            className="rounded-full p-1.5 text-stone-500 transition hover:bg-stone-100 hover:text-stone-800"
            aria-label={t('close')}
          >
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>

        <form className="mt-5 grid gap-4 sm:grid-cols-2" onSubmit={(event) => void submit(event)} noValidate>
          {ADDRESS_FIELDS.map((name) => {
            // A blank field is told once for all below (the spec's text); a wrong PIN or state under itself.
            const problem = problems[name] === MESSAGES.fillAllAddressFields ? undefined : problems[name];
            const control = {
              id: `address-${name}`,
              name,
              value: fields[name],
              autoComplete: AUTOCOMPLETE[name],
              required: true,
              'aria-invalid': problems[name] !== undefined,
              'aria-describedby': problem ? `address-${name}-problem` : undefined,
              className: input,
            };
            const update = (value: string) => setFields((prev) => ({ ...prev, [name]: value }));
            const listed = (INDIAN_STATES as readonly string[]).includes(fields.state);
            return (
              <div key={name} className={name === 'street' ? 'sm:col-span-2' : undefined}>
                <label htmlFor={control.id} className="text-sm font-medium text-stone-800">
                  {t(name)}
                </label>
                {name === 'state' && isIndia(fields.country) ? (
                  <select {...control} onChange={(event) => update(event.target.value)}>
                    <option value="" disabled={listed}>
                      {t('chooseState')}
                    </option>
                    {!listed && fields.state && <option value={fields.state}>{fields.state}</option>}
                    {INDIAN_STATES.map((state) => (
                      <option key={state} value={state}>
                        {state}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...control}
                    onChange={(event) => update(event.target.value)}
                    inputMode={name === 'zipCode' && isIndia(fields.country) ? 'numeric' : undefined}
                    maxLength={name === 'zipCode' && isIndia(fields.country) ? 6 : undefined}
                  />
                )}
                {problem && (
                  <p id={`address-${name}-problem`} role="alert" className="mt-1 text-sm font-medium text-red-800">
                    {say(problem)}
                  </p>
                )}
              </div>
            );
          })}
          {Object.values(problems).includes(MESSAGES.fillAllAddressFields) && (
            <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 sm:col-span-2">
              {say(MESSAGES.fillAllAddressFields)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-3 pt-2 sm:col-span-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={close}
              className="rounded-full border border-stone-300 px-6 py-2.5 font-semibold text-stone-700 transition hover:bg-stone-50"
            >
              {t('cancel')}
            </button>
            <button
              type="submit"
              disabled={saving}
              className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-6 py-2.5 font-semibold text-white transition hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
            >
              {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
              {saving ? t('saving') : editing ? t('updateAddress') : t('saveAddress')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
