import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { AlertCircle, PanelsTopLeft } from 'lucide-react';
import { MESSAGES, SLIDER_LIMIT, type Slider } from '@kesh/shared';
import { deleteSlider } from '../../../api/admin';
import { fetchSliders } from '../../../api/catalog';
import { isNetworkError } from '../../../api/http';
import { SliderForm } from '../components/SliderForm';
import { RowActions } from '../components/actions';
import { AdminTable, EmptyState, PageHeading, Panel, Spinner, Thumbnail, tdClass } from '../components/ui';
import { useReportFailure } from '../session';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

const networkOr = (fallback: string) => (err: unknown) => (isNetworkError(err) ? MESSAGES.backendDown : fallback);

export default function SliderPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const { data: sliders = [], isPending } = useAdminQuery(
    adminKeys.sliders,
    fetchSliders,
    networkOr(MESSAGES.slidersFetchFailed),
  );
  const [editing, setEditing] = useState<Slider | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.sliders });
  const limitReached = sliders.length >= SLIDER_LIMIT;

  const remove = async (slider: Slider) => {
    if (deletingId) return;
    setDeletingId(slider._id);
    try {
      await deleteSlider(slider._id);
      toast.success(MESSAGES.sliderSaved(slider.title, 'deleted'));
      if (editing?._id === slider._id) setEditing(null);
      await reload();
    } catch (err) {
      report(err, networkOr(MESSAGES.sliderDeleteFailed)(err));
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeading icon={<PanelsTopLeft className="h-7 w-7" aria-hidden="true" />}>{t('slider.heading')}</PageHeading>

      {isPending ? null : editing || !limitReached ? (
        <Panel title={editing ? t('slider.editTitle') : t('slider.addTitle')}>
          <SliderForm
            key={editing?._id ?? 'new'}
            editing={editing}
            onSaved={() => {
              setEditing(null);
              void reload();
            }}
            onCancel={() => setEditing(null)}
          />
        </Panel>
      ) : (
        <p
          role="status"
          className="mb-6 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 font-medium text-amber-900"
        >
          <AlertCircle className="h-5 w-5" aria-hidden="true" />
          {MESSAGES.sliderLimitReached}
        </p>
      )}

      <Panel
        title={isPending ? t('slider.heading') : t('slider.listTitle', { count: sliders.length, limit: SLIDER_LIMIT })}
      >
        {isPending ? (
          <Spinner label={t('slider.loading')} />
        ) : sliders.length === 0 ? (
          <EmptyState>{t('slider.empty')}</EmptyState>
        ) : (
          <AdminTable
            label={t('slider.heading')}
            columns={[t('common.image'), t('common.title'), t('common.description'), t('common.actions')]}
          >
            {sliders.map((slider) => (
              <tr key={slider._id} className={editing?._id === slider._id ? 'bg-brand-50' : undefined}>
                <td className={tdClass}>
                  <Thumbnail
                    src={slider.image}
                    srcSet={slider.imageSrcSet}
                    alt={slider.title}
                    fallback={t('common.noImage')}
                  />
                </td>
                <td className={`${tdClass} font-medium text-gray-900`}>{slider.title || t('common.noTitle')}</td>
                <td className={`${tdClass} max-w-md`}>
                  <span className="line-clamp-3">{slider.description || t('common.noDescription')}</span>
                </td>
                <td className={tdClass}>
                  <RowActions
                    editLabel={t('slider.editRow', { title: slider.title })}
                    deleteLabel={t('slider.deleteRow', { title: slider.title })}
                    onEdit={() => setEditing(slider)}
                    onDelete={() => void remove(slider)}
                    disabled={deletingId !== null}
                    deleting={deletingId === slider._id}
                  />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
    </div>
  );
}
