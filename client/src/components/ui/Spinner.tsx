import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '../../i18n';

export function Spinner({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={`flex justify-center py-16 text-brand-800 ${className}`}>
      <LoaderCircle className="size-8 animate-spin" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
