import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { LoaderCircle, Mail, MapPin, Pencil, Phone, Plus, Trash2, UserRound } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES, type UserProfile } from '@kesh/shared';
import { removeAddress } from '../../api/auth';
import { ApiError, serverErrorOr } from '../../api/http';
import { useMessageText } from '../../components/ui/useMessageText';
import { AddressModal } from './AddressModal';

interface ProfilePanelProps {
  token: string;
  profile: UserProfile | undefined;
  loading: boolean;
  fallbackName: string;
  onAddressChange(address: string | null): void;
  onUnauthorized(): void;
}

const outlineButton =
  'inline-flex items-center justify-center gap-1.5 rounded-full border px-4 py-2 text-sm font-semibold transition disabled:opacity-60';

export function ProfilePanel({
  token,
  profile,
  loading,
  fallbackName,
  onAddressChange,
  onUnauthorized,
}: ProfilePanelProps) {
  const { t } = useTranslation('dashboard');
  const say = useMessageText();
  const [modalOpen, setModalOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const address = profile?.address || null;

  const remove = async () => {
    if (!window.confirm(say(MESSAGES.confirmRemoveAddress))) return;
    setRemoving(true);
    try {
      const response = await removeAddress(token);
      toast.success(say(response.message));
      onAddressChange(null);
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return onUnauthorized();
      toast.error(say(serverErrorOr(err, MESSAGES.addressRemoveFailed)));
    } finally {
      setRemoving(false);
    }
  };

  if (loading) {
    return (
      <p className="flex items-center gap-2 text-stone-600" role="status">
        <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
        {t('loadingProfile')}
      </p>
    );
  }

  const details = [
    { icon: UserRound, label: t('username'), value: profile?.username || fallbackName },
    { icon: Mail, label: t('email'), value: profile?.email || t('notAvailable') },
    { icon: Phone, label: t('contact'), value: profile?.contact || t('notAvailable') },
  ];

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div>
        <h2 className="font-serif text-2xl font-bold text-brand-950">{t('profileDetails')}</h2>
        <dl className="mt-4 divide-y divide-stone-200 rounded-2xl border border-stone-200">
          {details.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-center gap-3 p-4">
              <Icon className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
              <dt className="w-24 shrink-0 text-sm font-medium text-stone-500">{label}</dt>
              <dd className="min-w-0 font-medium break-words text-stone-900">{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      <div>
        <h2 className="font-serif text-2xl font-bold text-brand-950">{t('address')}</h2>
        <div className="mt-4 rounded-2xl border border-brand-100 bg-brand-50/60 p-5">
          <p className="flex gap-3">
            <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span className={address ? 'break-words text-stone-900' : 'text-stone-500 italic'}>
              {address ?? t('notSet')}
            </span>
          </p>
          <div className="mt-5 flex flex-wrap gap-3">
            {address ? (
              <>
                <button
                  type="button"
                  onClick={() => setModalOpen(true)}
                  className={`${outlineButton} border-brand-800 text-brand-800 hover:bg-white`}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('change')}
                </button>
                <button
                  type="button"
                  onClick={() => void remove()}
                  disabled={removing}
                  className={`${outlineButton} border-red-300 text-red-700 hover:bg-red-50`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {removing ? t('removing') : t('remove')}
                </button>
              </>
            ) : (
              <button
                type="button"
                onClick={() => setModalOpen(true)}
                className={`${outlineButton} border-brand-800 bg-brand-800 text-white hover:bg-brand-900`}
              >
                <Plus className="size-4" aria-hidden="true" />
                {t('addAddress')}
              </button>
            )}
          </div>
        </div>
      </div>

      {modalOpen && (
        <AddressModal
          token={token}
          current={address}
          onClose={() => setModalOpen(false)}
          onSaved={(response) => {
            onAddressChange(response.address);
            setModalOpen(false);
          }}
          onUnauthorized={onUnauthorized}
        />
      )}
    </div>
  );
}
