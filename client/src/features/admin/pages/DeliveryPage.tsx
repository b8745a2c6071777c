import { Fragment, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { Plus, Truck, Upload } from 'lucide-react';
import {
  MAX_ETA_DAYS,
  paiseToRupees,
  rupeesToPaise,
  MAX_COD_REFUSALS_SETTING,
  type DeliveryArea,
  type DeliverySettings,
  type EtaDays,
} from '@kesh/shared';
import { fetchDeliverySettings, importDeliveryCsv, saveDeliverySettings } from '../../../api/admin';
import { serverErrorOr } from '../../../api/http';
import { FormActions } from '../components/actions';
import {
  AdminTable,
  PageHeading,
  Panel,
  Spinner,
  fileInputClass,
  inputClass,
  labelClass,
  LabelledInput,
  secondaryButton,
  smallButton,
  tdClass,
} from '../components/ui';
import { useReportFailure } from '../session';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

const dayInputClass = `${inputClass.replace('w-full', '')} w-20`;

/** The owner's serviceable PIN codes, cash on delivery per area and delivery estimates. */
export default function DeliveryPage() {
  const { t } = useTranslation('admin');
  const { data, isPending } = useAdminQuery(adminKeys.delivery, fetchDeliverySettings, () => t('delivery.failed'));
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeading icon={<Truck className="h-7 w-7" aria-hidden="true" />}>{t('delivery.heading')}</PageHeading>
      {isPending || !data ? <Spinner label={t('common.loading')} /> : <DeliveryForm saved={data} />}
    </div>
  );
}

function DaysInputs({ value, onChange, label }: { value: EtaDays; onChange(value: EtaDays): void; label: string }) {
  const { t } = useTranslation('admin');
  const day = (index: 0 | 1, text: string) => {
    const next: EtaDays = [...value];
    next[index] = Number(text);
    onChange(next);
  };
  const names = [t('delivery.minDays'), t('delivery.maxDays')] as const;
  return (
    <span className="flex items-center gap-1">
      {([0, 1] as const).map((index) => (
        <Fragment key={index}>
          {index === 1 && <span aria-hidden="true">–</span>}
          <input
            type="number"
            min={0}
            max={MAX_ETA_DAYS}
            value={value[index]}
            onChange={(event) => day(index, event.target.value)}
            aria-label={`${label}: ${names[index]}`}
            className={dayInputClass}
          />
        </Fragment>
      ))}
    </span>
  );
}

function DeliveryForm({ saved }: { saved: DeliverySettings }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const [settings, setSettings] = useState<DeliverySettings>(saved);
  const [busy, setBusy] = useState(false);

  const setArea = (index: number, change: Partial<DeliveryArea>) =>
    setSettings((prev) => ({ ...prev, areas: prev.areas.map((a, i) => (i === index ? { ...a, ...change } : a)) }));

  const stored = (next: DeliverySettings) => {
    setSettings(next);
    queryClient.setQueryData(adminKeys.delivery, next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      stored(await saveDeliverySettings(settings));
      toast.success(t('delivery.saved'));
    } catch (err) {
      report(err, serverErrorOr(err, t('delivery.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const next = await importDeliveryCsv(await file.text());
      stored(next);
      toast.success(t('delivery.imported', { count: next.areas.length }));
    } catch (err) {
      report(err, serverErrorOr(err, t('delivery.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)}>
      <Panel title={t('delivery.everywhereTitle')}>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            checked={settings.servesAllIndia}
            onChange={(event) => setSettings((prev) => ({ ...prev, servesAllIndia: event.target.checked }))}
            className="mt-1 h-4 w-4 accent-brand-700"
          />
          <span>
            <span className="font-medium text-gray-800">{t('delivery.servesAllIndia')}</span>
            <span className="block text-sm text-gray-600">{t('delivery.servesAllIndiaHint')}</span>
          </span>
        </label>
        <div className="mt-4">
          <span className={labelClass}>{t('delivery.defaultDays')}</span>
          <DaysInputs
            label={t('delivery.defaultDays')}
            value={settings.etaDays}
            onChange={(etaDays) => setSettings((prev) => ({ ...prev, etaDays }))}
          />
        </div>
      </Panel>

      <Panel
        title={t('delivery.areasTitle', { count: settings.areas.length })}
        actions={
          <button
            type="button"
            className={secondaryButton}
            onClick={() =>
              setSettings((prev) => ({
                ...prev,
                areas: [...prev.areas, { pins: '', cod: false, etaDays: prev.etaDays }],
              }))
            }
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('delivery.addArea')}
          </button>
        }
      >
        <p className="mb-4 text-sm text-gray-600">{t('delivery.areasHint')}</p>
        {settings.areas.length > 0 && (
          <AdminTable
            label={t('delivery.areasTitle', { count: settings.areas.length })}
            columns={[t('delivery.pins'), t('delivery.cod'), t('delivery.days'), t('common.actions')]}
          >
            {settings.areas.map((area, index) => {
              const name = t('delivery.areaName', { n: index + 1 });
              return (
                <tr key={index}>
                  <td className={tdClass}>
                    <input
                      value={area.pins}
                      onChange={(event) => setArea(index, { pins: event.target.value })}
                      aria-label={`${name}: ${t('delivery.pins')}`}
                      placeholder="360 / 360001-360999"
                      className={`${inputClass} w-44`}
                    />
                  </td>
                  <td className={tdClass}>
                    <input
                      type="checkbox"
                      checked={area.cod}
                      onChange={(event) => setArea(index, { cod: event.target.checked })}
                      aria-label={`${name}: ${t('delivery.cod')}`}
                      className="h-4 w-4 accent-brand-700"
                    />
                  </td>
                  <td className={tdClass}>
                    <DaysInputs label={name} value={area.etaDays} onChange={(etaDays) => setArea(index, { etaDays })} />
                  </td>
                  <td className={tdClass}>
                    <button
                      type="button"
                      className={smallButton('delete')}
                      aria-label={`${t('common.delete')}: ${name}`}
                      onClick={() =>
                        setSettings((prev) => ({ ...prev, areas: prev.areas.filter((_, i) => i !== index) }))
                      }
                    >
                      {t('common.delete')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
        <div className="mt-4">
          <label htmlFor="delivery-csv" className={`${labelClass} flex items-center gap-2`}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {t('delivery.csv')}
          </label>
          <p className="mb-2 text-sm text-gray-600">{t('delivery.csvHint')}</p>
          <input
            id="delivery-csv"
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => void upload(event)}
            className={fileInputClass}
          />
        </div>
      </Panel>
      <Panel title={t('delivery.codTitle')}>
        <p className="mb-4 text-sm text-gray-600">{t('delivery.codHint')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <RupeesInput
            id="delivery-cod-cap"
            label={t('delivery.codCap')}
            paise={settings.codCapPaise}
            onChange={(codCapPaise) => setSettings((prev) => ({ ...prev, codCapPaise }))}
          />
          <RupeesInput
            id="delivery-cod-fee"
            label={t('delivery.codFee')}
            paise={settings.codFeePaise}
            onChange={(codFeePaise) => setSettings((prev) => ({ ...prev, codFeePaise }))}
          />
          <LabelledInput
            id="delivery-cod-refusals"
            label={t('risk.maxRefusals')}
            type="number"
            inputMode="numeric"
            min="0"
            max={MAX_COD_REFUSALS_SETTING}
            step="1"
            value={settings.codMaxRefusals}
            onChange={(event) => setSettings((prev) => ({ ...prev, codMaxRefusals: Number(event.target.value) }))}
          />
        </div>
      </Panel>
      <FormActions busy={busy} submitLabel={t('delivery.save')} />
    </form>
  );
}

/** An amount typed in rupees and kept in paise; the server refuses anything that is not 0 or more. */
function RupeesInput({
  id,
  label,
  paise,
  onChange,
}: {
  id: string;
  label: string;
  paise: number;
  onChange(paise: number): void;
}) {
  return (
    <LabelledInput
      id={id}
      label={label}
      type="number"
      inputMode="decimal"
      min="0"
      step="0.01"
      value={paiseToRupees(paise)}
      onChange={(event) => onChange(rupeesToPaise(Number(event.target.value)))}
    />
  );
}
