import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import {
  CATEGORY_FIELD_NAMES,
  type CategoryFieldName,
  DEFAULT_GST_RATE_PERCENT,
  GST_RATES_PERCENT,
  MESSAGES,
  categoryFieldsSchema,
  type Product,
} from '@kesh/shared';
import { addCategory, updateCategory } from '../../../api/admin';
import { saveFailureText } from '../imageRules';
import { useReportFailure } from '../session';
import { useObjectUrl } from './useObjectUrl';
import { ProductTextTabs } from './ProductTextTabs';
import { useProductText } from './useProductText';
import { FormActions } from './actions';
import { Thumbnail, fileInputClass, inputClass, labelClass } from './ui';

interface Props {
  editing: Product | null;
  onSaved(): void;
  onCancel(): void;
}

type Fields = Record<CategoryFieldName, string>;

const fieldsOf = (p: Product | null): Fields => ({
  title: p?.title ?? '',
  subtitle: p?.subtitle ?? '',
  mainPrice: p?.mainPrice?.toString() ?? '',
  offerPrice: p?.offerPrice?.toString() ?? '',
  ratingCount: p?.ratingCount?.toString() ?? '',
  description: p?.description ?? '',
  hsnCode: p?.hsnCode ?? '',
  gstRate: p?.gstRate?.toString() ?? '',
  stock: p?.stock?.toString() ?? '',
});

/** Main category (product) add/edit form; the same zod rules as the server check it first. */
export function CategoryForm({ editing, onSaved, onCancel }: Props) {
  const { t } = useTranslation('admin');
  const { t: tVariants } = useTranslation('adminVariants');
  const report = useReportFailure();
  // The variants editor below sets these (the server ignores the form's prices and stock for them).
  const soldAsVariants = (editing?.variants?.length ?? 0) > 0;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(editing));
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(image);
  const productText = useProductText(editing);

  useEffect(() => {
    if (editing) titleInput.current?.focus();
  }, [editing]);

  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = categoryFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest);
      return;
    }
    const form = new FormData();
    for (const name of CATEGORY_FIELD_NAMES) form.append(name, fields[name].trim());
    if (image) form.append('image', image);
    const textProblem = productText.appendTo(form);
    if (textProblem) return void toast.error(textProblem);

    setBusy(true);
    try {
      if (editing) await updateCategory(editing._id, form);
      else await addCategory(form);
      toast.success(MESSAGES.categorySaved(parsed.data.title, editing ? 'updated' : 'added'));
      setFields(fieldsOf(null));
      productText.reset();
      setImage(null);
      if (fileInput.current) fileInput.current.value = '';
      onSaved();
    } catch (err) {
      report(err, saveFailureText(err, editing ? MESSAGES.categoryUpdateFailed : MESSAGES.categoryAddFailed));
    } finally {
      setBusy(false);
    }
  };

  const text = (name: 'title' | 'subtitle' | 'hsnCode', label: string, required = false) => (
    <div>
      <label htmlFor={`category-${name}`} className={labelClass}>
        {label}{' '}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </label>
      <input
        id={`category-${name}`}
        ref={name === 'title' ? titleInput : undefined}
        value={fields[name]}
        onChange={set(name)}
        required={required}
        className={inputClass}
      />
    </div>
  );

  const number = (name: 'mainPrice' | 'offerPrice' | 'ratingCount' | 'stock', label: string, step: string) => (
    <div>
      <label htmlFor={`category-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`category-${name}`}
        type="number"
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        min="0"
        step={step}
        value={fields[name]}
        onChange={set(name)}
        className={inputClass}
      />
    </div>
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={editing ? t('category.editTitle') : t('category.addTitle')}
    >
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {text('title', t('common.title'), true)}
        {text('subtitle', t('category.subtitle'))}
        {number('ratingCount', t('category.ratingCount'), '1')}
        {soldAsVariants ? (
          <p
            role="note"
            className="self-end rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 md:col-span-2"
          >
            {t('category.pricesInVariants', { section: tVariants('heading') })}
          </p>
        ) : (
          <>
            {number('mainPrice', t('category.mainPrice'), '0.01')}
            {number('offerPrice', t('category.offerPrice'), '0.01')}
            {number('stock', t('category.stock'), '1')}
          </>
        )}
        {text('hsnCode', t('category.hsnCode'))}
        <div>
          <label htmlFor="category-gstRate" className={labelClass}>
            {t('category.gstRate')}
          </label>
          <select id="category-gstRate" value={fields.gstRate} onChange={set('gstRate')} className={inputClass}>
            <option value="">{t('category.gstDefault', { rate: DEFAULT_GST_RATE_PERCENT })}</option>
            {GST_RATES_PERCENT.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}%
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="category-image" className={labelClass}>
            {t('common.image')}
          </label>
          <input
            id="category-image"
            ref={fileInput}
            type="file"
            accept="image/*"
            onChange={(e) => setImage(e.target.files?.[0] ?? null)}
            className={fileInputClass}
          />
        </div>
        <div className="md:col-span-2">
          <label htmlFor="category-description" className={labelClass}>
            {t('common.description')}
          </label>
          <textarea
            id="category-description"
            rows={3}
            value={fields.description}
            onChange={set('description')}
            className={inputClass}
          />
        </div>
        {(preview || editing?.image) && (
          <Thumbnail
            src={preview ?? editing?.image}
            alt={fields.title || t('common.currentImage')}
            fallback={t('common.noImage')}
            size="h-24 w-32"
          />
        )}
      </div>
      <ProductTextTabs text={productText} english={fields} />
      <FormActions
        busy={busy}
        submitLabel={editing ? t('category.update') : t('category.add')}
        onCancel={editing ? onCancel : undefined}
        className="mt-4 flex gap-3"
      />
    </form>
  );
}
