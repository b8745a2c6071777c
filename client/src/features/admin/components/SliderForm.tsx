import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { IMAGE_MIME_TYPES, MESSAGES, sliderFieldsSchema, type Slider } from '@kesh/shared';
import { addSlider, updateSlider } from '../../../api/admin';
import { imageProblem, saveFailureText } from '../imageRules';
import { useReportFailure } from '../session';
import { useObjectUrl } from './useObjectUrl';
import { FormActions } from './actions';
import { Thumbnail, fileInputClass, inputClass, labelClass } from './ui';

interface Props {
  /** The slider being edited; null in add mode. */
  editing: Slider | null;
  /** After a successful save: leave edit mode and reload the list. */
  onSaved(): void;
  onCancel(): void;
}

/** Add/edit form of spec section 5 (slider). Mount it with a key per mode so edit fills it afresh. */
export function SliderForm({ editing, onSaved, onCancel }: Props) {
  const { t } = useTranslation('admin');
  const report = useReportFailure();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(image);

  useEffect(() => {
    if (editing) titleInput.current?.focus();
  }, [editing]);

  const clearImage = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file && imageProblem(file);
    if (problem) {
      toast.error(problem);
      clearImage();
      return;
    }
    setImage(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const fields = sliderFieldsSchema.safeParse({ title, description });
    if (!fields.success) {
      toast.error(MESSAGES.sliderTitleDescriptionRequired);
      return;
    }
    if (!editing && !image) {
      toast.error(t('slider.imageRequired'));
      return;
    }
    const form = new FormData();
    form.append('title', fields.data.title);
    form.append('description', fields.data.description);
    if (image) form.append('image', image);

    setBusy(true);
    try {
      if (editing) await updateSlider(editing._id, form);
      else await addSlider(form);
      toast.success(MESSAGES.sliderSaved(fields.data.title, editing ? 'updated' : 'added'));
      setTitle('');
      setDescription('');
      clearImage();
      onSaved();
    } catch (err) {
      report(err, saveFailureText(err, editing ? MESSAGES.sliderUpdateFailed : MESSAGES.sliderAddFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4 md:grid-cols-2"
      aria-label={editing ? t('slider.editTitle') : t('slider.addTitle')}
    >
      <div className="space-y-4">
        <div>
          <label htmlFor="slider-title" className={labelClass}>
            {t('common.title')}{' '}
            <span aria-hidden="true" className="text-red-600">
              *
            </span>
          </label>
          <input
            id="slider-title"
            ref={titleInput}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-required="true"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="slider-description" className={labelClass}>
            {t('common.description')}{' '}
            <span aria-hidden="true" className="text-red-600">
              *
            </span>
          </label>
          <textarea
            id="slider-description"
            rows={4}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            aria-required="true"
            className={inputClass}
          />
        </div>
      </div>
      <div className="space-y-3">
        <div>
          <label htmlFor="slider-image" className={labelClass}>
            {t('common.image')}{' '}
            {!editing && (
              <span aria-hidden="true" className="text-red-600">
                *
              </span>
            )}
          </label>
          <input
            id="slider-image"
            ref={fileInput}
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            onChange={pickImage}
            aria-required={!editing}
            aria-describedby="slider-image-hint"
            className={fileInputClass}
          />
          <p id="slider-image-hint" className="mt-1 text-xs text-gray-500">
            {t('common.imageHint')}
            {editing && ` ${t('slider.imageOptional')}`}
          </p>
        </div>
        {(preview || editing?.image) && (
          <Thumbnail
            src={preview ?? editing?.image}
            alt={title || t('common.currentImage')}
            fallback={t('common.noImage')}
            size="h-28 w-48"
          />
        )}
      </div>
      <FormActions
        busy={busy}
        submitLabel={editing ? t('slider.update') : t('slider.add')}
        onCancel={editing ? onCancel : undefined}
        className="flex gap-3 md:col-span-2"
      />
    </form>
  );
}
