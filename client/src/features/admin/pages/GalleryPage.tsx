import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { Images, Loader2, Save, X } from 'lucide-react';
import { IMAGE_MIME_TYPES, MESSAGES, type GalleryItem } from '@kesh/shared';
import { deleteGalleryImage, replaceGalleryImage } from '../../../api/admin';
import { fetchGallery } from '../../../api/catalog';
import { isNetworkError, serverErrorOr } from '../../../api/http';
import { GalleryUploader } from '../components/GalleryUploader';
import { RowActions } from '../components/actions';
import { useObjectUrl } from '../components/useObjectUrl';
import { AdminTable, EmptyState, PageHeading, Panel, Spinner, Thumbnail, smallButton, tdClass } from '../components/ui';
import { imageProblem } from '../imageRules';
import { useReportFailure } from '../session';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

interface RowProps {
  item: GalleryItem;
  number: number;
  editing: boolean;
  onEdit(): void;
  onDone(): void;
}

function GalleryRow({ item, number, editing, onEdit, onDone }: RowProps) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const [replacement, setReplacement] = useState<File | null>(null);
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null);
  const preview = useObjectUrl(replacement);

  const cancel = () => {
    setReplacement(null);
    onDone();
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && imageProblem(file);
    if (problem) {
      toast.error(problem);
      setReplacement(null);
      event.target.value = '';
      return;
    }
    setReplacement(file);
  };

  const save = async () => {
    if (!replacement) {
      toast.error(MESSAGES.gallerySelectReplacement);
      return;
    }
    const form = new FormData();
    form.append('images', replacement);
    setBusy('save');
    try {
      const { updatedItem } = await replaceGalleryImage(item._id, form);
      // Spec section 4: the answer's updatedItem takes the old item's place in the list.
      queryClient.setQueryData<GalleryItem[]>(adminKeys.gallery, (list) =>
        list?.map((existing) => (existing._id === item._id ? { ...existing, ...updatedItem } : existing)),
      );
      toast.success(MESSAGES.imageUpdated);
      cancel();
    } catch (err) {
      report(err, serverErrorOr(err, MESSAGES.imageUpdateFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (!window.confirm(MESSAGES.confirmDeleteImage)) return;
    setBusy('delete');
    try {
      await deleteGalleryImage(item._id);
      toast.success(MESSAGES.imageDeleted);
      await queryClient.invalidateQueries({ queryKey: adminKeys.gallery });
    } catch (err) {
      report(err, serverErrorOr(err, MESSAGES.imageDeleteFailed));
      setBusy(null);
    }
  };

  return (
    <tr className={editing ? 'bg-brand-50' : undefined} aria-busy={busy !== null}>
      <td className={`${tdClass} font-medium`}>{number}</td>
      <td className={tdClass}>
        <div className="flex items-center gap-4">
          <Thumbnail
            src={item.image}
            srcSet={item.imageSrcSet}
            alt={t('gallery.imageAlt', { number })}
            fallback={t('common.noImage')}
            size="h-20 w-28"
          />
          {editing && preview && (
            <>
              <span aria-hidden="true" className="text-gray-400">
                →
              </span>
              <img
                src={preview}
                alt={replacement?.name ?? ''}
                className="h-20 w-28 rounded-md object-cover ring-2 ring-brand-500"
              />
            </>
          )}
        </div>
      </td>
      <td className={tdClass}>
        {editing ? (
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={`gallery-replace-${item._id}`} className="sr-only">
              {t('gallery.replacement', { number })}
            </label>
            <input
              id={`gallery-replace-${item._id}`}
              type="file"
              accept={IMAGE_MIME_TYPES.join(',')}
              onChange={pick}
              disabled={busy !== null}
              className="max-w-56 text-sm file:mr-2 file:rounded-md file:border-0 file:bg-brand-100 file:px-2 file:py-1.5 file:text-brand-800"
            />
            <button type="button" onClick={() => void save()} disabled={busy !== null} className={smallButton('edit')}>
              {busy === 'save' ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <Save className="h-4 w-4" aria-hidden="true" />
              )}
              {busy === 'save' ? t('common.saving') : t('common.save')}
            </button>
            <button type="button" onClick={cancel} disabled={busy !== null} className={smallButton('neutral')}>
              <X className="h-4 w-4" aria-hidden="true" />
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <RowActions
            editLabel={t('gallery.editRow', { number })}
            deleteLabel={t('gallery.deleteRow', { number })}
            onEdit={onEdit}
            onDelete={() => void remove()}
            disabled={busy !== null}
            deleting={busy === 'delete'}
          />
        )}
      </td>
    </tr>
  );
}

export default function GalleryPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { data: gallery = [], isPending } = useAdminQuery(adminKeys.gallery, fetchGallery, (err) =>
    isNetworkError(err) ? MESSAGES.backendDown : MESSAGES.galleryFetchFailed,
  );
  const [editingId, setEditingId] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeading icon={<Images className="h-7 w-7" aria-hidden="true" />}>{t('gallery.heading')}</PageHeading>

      <Panel title={t('gallery.pickTitle')}>
        <GalleryUploader onUploaded={() => void queryClient.invalidateQueries({ queryKey: adminKeys.gallery })} />
      </Panel>

      <Panel title={isPending ? t('gallery.heading') : t('gallery.listTitle', { count: gallery.length })}>
        {isPending ? (
          <Spinner label={t('gallery.loading')} />
        ) : gallery.length === 0 ? (
          <EmptyState>{t('gallery.empty')}</EmptyState>
        ) : (
          <AdminTable
            label={t('gallery.heading')}
            columns={[{ label: t('gallery.number'), className: 'w-16' }, t('common.image'), t('common.actions')]}
          >
            {gallery.map((item, index) => (
              <GalleryRow
                key={item._id}
                item={item}
                number={index + 1}
                editing={editingId === item._id}
                onEdit={() => setEditingId(item._id)}
                onDone={() => setEditingId(null)}
              />
            ))}
          </AdminTable>
        )}
      </Panel>
    </div>
  );
}
