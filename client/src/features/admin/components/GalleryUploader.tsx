import { useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { ImagePlus, Loader2, Upload, X } from 'lucide-react';
import { IMAGE_MIME_TYPES, MESSAGES } from '@kesh/shared';
import { uploadGallery } from '../../../api/admin';
import { serverErrorOr } from '../../../api/http';
import { queueGalleryFiles } from '../imageRules';
import { useReportFailure } from '../session';
import { useObjectUrl } from './useObjectUrl';
import { primaryButton } from './ui';

function QueuedImage({ file, onRemove, disabled }: { file: File; onRemove(): void; disabled: boolean }) {
  const { t } = useTranslation('admin');
  const url = useObjectUrl(file);
  return (
    <li className="relative overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
      {url ? <img src={url} alt={file.name} className="h-28 w-full object-cover" /> : <span className="block h-28" />}
      <p className="truncate px-2 py-1 text-xs text-gray-600" title={file.name}>
        {file.name}
      </p>
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('gallery.remove', { name: file.name })}
        className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-red-600 shadow hover:bg-red-50 disabled:opacity-50"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/** Multi-file picker, queue of previews and the upload with its progress bar. */
export function GalleryUploader({ onUploaded }: { onUploaded(): void }) {
  const { t } = useTranslation('admin');
  const report = useReportFailure();
  const [queue, setQueue] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const busy = progress !== null;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const result = queueGalleryFiles(queue, event.target.files ?? []);
    result.errors.forEach((message) => toast.error(message));
    setQueue(result.queue);
    // Cleared so that picking the same file again after removing it fires change once more.
    event.target.value = '';
  };

  const upload = async () => {
    if (busy) return;
    if (queue.length === 0) {
      toast.error(MESSAGES.gallerySelectAtLeastOne);
      return;
    }
    const form = new FormData();
    queue.forEach((file) => form.append('images', file));
    setProgress(0);
    try {
      await uploadGallery(form, setProgress);
      toast.success(MESSAGES.galleryUploaded);
      setQueue([]);
      onUploaded();
    } catch (err) {
      report(err, serverErrorOr(err, MESSAGES.galleryUploadFailed));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div>
      <label
        htmlFor="gallery-files"
        className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-brand-200 bg-brand-50/50 px-6 py-8 text-center transition hover:border-brand-500 hover:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-500"
      >
        <ImagePlus className="h-8 w-8 text-brand-700" aria-hidden="true" />
        <span className="font-medium text-brand-900">{t('gallery.pick')}</span>
        <span className="text-sm text-gray-500">{t('gallery.pickHint')}</span>
      </label>
      <input
        id="gallery-files"
        type="file"
        multiple
        accept={IMAGE_MIME_TYPES.join(',')}
        onChange={pick}
        disabled={busy}
        className="sr-only"
      />

      {queue.length > 0 && (
        <div className="mt-5">
          <p className="mb-3 text-sm font-medium text-gray-700" aria-live="polite">
            {t('gallery.queued', { count: queue.length })}
          </p>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
            {queue.map((file) => (
              <QueuedImage
                key={file.name}
                file={file}
                disabled={busy}
                onRemove={() => setQueue((q) => q.filter((queued) => queued !== file))}
              />
            ))}
          </ul>
          {busy && (
            <div className="mt-4">
              <div
                role="progressbar"
                aria-label={t('gallery.progress')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress}
                className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
              >
                <div
                  className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
                  style={{ width: `${progress}%` }}
                />
              </div>
              <p className="mt-1 text-right text-xs text-gray-600">{progress}%</p>
            </div>
          )}
          <button type="button" onClick={() => void upload()} disabled={busy} className={`${primaryButton} mt-4`}>
            {busy ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <Upload className="h-4 w-4" aria-hidden="true" />
            )}
            {busy ? t('gallery.processing') : t('gallery.upload')}
          </button>
        </div>
      )}
    </div>
  );
}
