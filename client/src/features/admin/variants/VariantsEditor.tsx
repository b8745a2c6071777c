import { useId, useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, MESSAGES, productVariantsSchema, type Product } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { saveProductVariants } from '../../../api/variants';
import { serverErrorOr } from '../../../api/http';
import { useReportFailure } from '../session';
import { FormActions } from '../components/actions';
import { Panel, TableWrap, inputClass, labelClass, smallButton, tableClass, thClass } from '../components/ui';
import {
  addOption,
  bodyOf,
  draftsOf,
  missingCombinations,
  moveVariant,
  newVariant,
  removeOption,
  retypeValues,
  rowName,
  valuesOf,
  type Drafts,
  type VariantDraft,
} from './drafts';

/** Below the product form: its sizes and packs, once the product exists (they are saved on their own). */
export function VariantsEditor({ product, onSaved }: { product: Product | null; onSaved(): void }) {
  const { t } = useTranslation('adminVariants');
  if (!product) {
    return (
      <Panel title={t('heading')}>
        <p className="text-sm text-gray-600">{t('saveFirst')}</p>
      </Panel>
    );
  }
  return <Editor product={product} onSaved={onSaved} />;
}

type TypedField = 'sku' | 'offerPrice' | 'mainPrice' | 'stock' | 'weightGrams';
const COLUMNS: { field: TypedField; label: string; type: 'text' | 'money' | 'count' }[] = [
  { field: 'sku', label: 'columns.sku', type: 'text' },
  { field: 'offerPrice', label: 'columns.offerPrice', type: 'money' },
  { field: 'mainPrice', label: 'columns.mainPrice', type: 'money' },
  { field: 'stock', label: 'columns.stock', type: 'count' },
  { field: 'weightGrams', label: 'columns.weight', type: 'count' },
];

// Narrower than the other admin tables' cells: seven columns of inputs fit beside the sidebar.
const cellClass = 'px-2 py-2 align-top text-gray-700';
const headClass = thClass.replace('px-4', 'px-2').replace('whitespace-nowrap', '');

function Editor({ product, onSaved }: { product: Product; onSaved(): void }) {
  const { t } = useTranslation('adminVariants');
  const id = useId();
  const report = useReportFailure();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(product));
  const [busy, setBusy] = useState(false);
  const { options, variants } = drafts;
  const missing = missingCombinations(drafts);
  const optionName = (name: string) => name.trim() || t('optionNamePlaceholder');

  const setVariants = (change: (rows: VariantDraft[]) => VariantDraft[]) =>
    setDrafts((d) => ({ ...d, variants: change(d.variants) }));
  const setRow = (key: number, patch: Partial<VariantDraft>) =>
    setVariants((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const removeRow = (row: VariantDraft, name: string) => {
    // A saved variant may have been bought: say what removing it means before it goes.
    if (row.id && !window.confirm(t('confirmRemove', { variant: name }))) return;
    setVariants((rows) => rows.filter((r) => r.key !== row.key));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const body = bodyOf(drafts);
    const parsed = productVariantsSchema.safeParse(body);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? MESSAGES.invalidRequest);
      return;
    }
    setBusy(true);
    try {
      const saved = await saveProductVariants(product._id, body);
      // The server's ids for the new rows: saving again must update them, not add them twice.
      setDrafts(draftsOf(saved));
      toast.success(t('saved', { title: product.title }));
      onSaved();
    } catch (err) {
      report(err, serverErrorOr(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('heading')}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('heading')}>
        <p className="mb-4 text-sm text-gray-600">{t('hint')}</p>

        <fieldset className="space-y-3">
          <legend className="mb-2 font-semibold text-gray-800">{t('optionsTitle')}</legend>
          {options.map((option, index) => (
            <div key={option.key} className="grid items-end gap-3 md:grid-cols-[14rem_minmax(0,1fr)_auto]">
              <OptionField
                id={`${id}-name-${option.key}`}
                label={t('optionName')}
                value={option.name}
                placeholder={t('optionNamePlaceholder')}
                onChange={(name) =>
                  setDrafts((d) => ({
                    ...d,
                    options: d.options.map((o) => (o.key === option.key ? { ...o, name } : o)),
                  }))
                }
              />
              <OptionField
                id={`${id}-values-${option.key}`}
                label={t('optionValues')}
                value={option.values}
                placeholder={t('optionValuesPlaceholder')}
                onChange={(values) => setDrafts((d) => retypeValues(d, index, values))}
              />
              <button
                type="button"
                onClick={() => setDrafts((d) => removeOption(d, index))}
                aria-label={t('removeOption', { name: optionName(option.name) })}
                className={`${smallButton('delete')} mb-1`}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('remove')}
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() => setDrafts(addOption)}
            disabled={options.length >= MAX_PRODUCT_OPTIONS}
            className={smallButton('neutral')}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('addOption')}
          </button>
        </fieldset>

        <fieldset className="mt-6">
          <legend className="mb-2 font-semibold text-gray-800">{t('variantsTitle')}</legend>
          {variants.length === 0 ? (
            <p className="text-sm text-gray-600">{t('noVariants')}</p>
          ) : (
            <TableWrap label={t('variantsTitle')}>
              <table className={tableClass}>
                <thead>
                  <tr>
                    {options.map((option) => (
                      <th key={option.key} scope="col" className={headClass}>
                        {optionName(option.name)}
                      </th>
                    ))}
                    {COLUMNS.map((column) => (
                      <th key={column.field} scope="col" className={headClass}>
                        {t(column.label)}
                      </th>
                    ))}
                    <th scope="col" className={headClass}>
                      {t('columns.actions')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100 bg-white">
                  {variants.map((row, index) => {
                    const name = rowName(row, index + 1, (n) => t('variantN', { n }));
                    const cell = (column: string) => t('cell', { column, variant: name });
                    return (
                      <tr key={row.key}>
                        {options.map((option, at) => (
                          <td key={option.key} className={`${cellClass} min-w-28`}>
                            <select
                              aria-label={cell(optionName(option.name))}
                              value={row.optionValues[at] ?? ''}
                              onChange={(e) =>
                                setRow(row.key, {
                                  optionValues: row.optionValues.map((v, i) => (i === at ? e.target.value : v)),
                                })
                              }
                              className={inputClass}
                            >
                              <option value="">{t('choose')}</option>
                              {valuesOf(option.values).map((value) => (
                                <option key={value} value={value}>
                                  {value}
                                </option>
                              ))}
                            </select>
                            {index === 0 && (
                              <span className="mt-1 block text-xs text-brand-800">{t('shownFirst')}</span>
                            )}
                          </td>
                        ))}
                        {COLUMNS.map((column) => (
                          <td
                            key={column.field}
                            className={`${cellClass} ${column.type === 'text' ? 'min-w-48' : 'min-w-24'}`}
                          >
                            <input
                              aria-label={cell(t(column.label))}
                              value={row[column.field]}
                              onChange={(e) => setRow(row.key, { [column.field]: e.target.value })}
                              {...(column.type === 'text'
                                ? {}
                                : {
                                    type: 'number',
                                    min: '0',
                                    step: column.type === 'money' ? '0.01' : '1',
                                    inputMode: column.type === 'money' ? 'decimal' : 'numeric',
                                  })}
                              className={inputClass}
                            />
                          </td>
                        ))}
                        <td className={cellClass}>
                          <div className="flex gap-1">
                            {([-1, 1] as const).map((by) => (
                              <button
                                key={by}
                                type="button"
                                onClick={() => setVariants((rows) => moveVariant(rows, index, by))}
                                disabled={by < 0 ? index === 0 : index === variants.length - 1}
                                aria-label={t(by < 0 ? 'moveUp' : 'moveDown', { variant: name })}
                                className={smallButton('neutral')}
                              >
                                {by < 0 ? (
                                  <ArrowUp className="h-4 w-4" aria-hidden="true" />
                                ) : (
                                  <ArrowDown className="h-4 w-4" aria-hidden="true" />
                                )}
                              </button>
                            ))}
                            <button
                              type="button"
                              onClick={() => removeRow(row, name)}
                              aria-label={t('removeVariant', { variant: name })}
                              className={smallButton('delete')}
                            >
                              <Trash2 className="h-4 w-4" aria-hidden="true" />
                            </button>
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </TableWrap>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() =>
                setVariants((rows) => [
                  ...rows,
                  newVariant(
                    product,
                    options.map(() => ''),
                  ),
                ])
              }
              disabled={options.length === 0 || variants.length >= MAX_PRODUCT_VARIANTS}
              className={smallButton('neutral')}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('addVariant')}
            </button>
            <button
              type="button"
              onClick={() => setVariants((rows) => [...rows, ...missing.map((values) => newVariant(product, values))])}
              disabled={missing.length === 0}
              className={smallButton('neutral')}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('addCombinations')}
            </button>
          </div>
          <p className="mt-2 text-xs text-gray-600">{t('stockHint')}</p>
        </fieldset>

        <FormActions busy={busy} submitLabel={t('save')} className="mt-5 flex gap-3" />
      </form>
    </Panel>
  );
}

function OptionField(props: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onChange(v: string): void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}
