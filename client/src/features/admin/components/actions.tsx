import { Loader2, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '../../../i18n';
import { primaryButton, secondaryButton, smallButton } from './ui';

/** A table row's Edit and Delete buttons; both wait while the row (or any row) is busy. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  disabled = false,
  deleting = false,
}: {
  /** Accessible names that say which row ("Edit slider Monsoon care"). */
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  disabled?: boolean;
  deleting?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" onClick={onEdit} disabled={disabled} aria-label={editLabel} className={smallButton('edit')}>
        <Pencil className="h-4 w-4" aria-hidden="true" />
        {t('common.edit')}
      </button>
      <button
        type="button"
        onClick={onDelete}
        disabled={disabled}
        aria-label={deleteLabel}
        className={smallButton('delete')}
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
        {deleting ? t('common.deleting') : t('common.delete')}
      </button>
    </div>
  );
}

/** A form's submit button (spinner and "Saving…" while busy) and, when editing, Cancel. */
export function FormActions({
  busy,
  submitLabel,
  onCancel,
  className = 'flex gap-3',
}: {
  busy: boolean;
  submitLabel: string;
  /** Shown only when given: a new item has nothing to cancel. */
  onCancel?: () => void;
  className?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={className}>
      <button type="submit" disabled={busy} className={primaryButton}>
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {busy ? t('common.saving') : submitLabel}
      </button>
      {onCancel && (
        <button type="button" onClick={onCancel} disabled={busy} className={secondaryButton}>
          {t('common.cancel')}
        </button>
      )}
    </div>
  );
}
