import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { TicketPercent } from 'lucide-react';
import {
  formatRupees,
  paiseToRupees,
  rupeesToPaise,
  type Coupon,
  type CouponBody,
  type CouponKind,
} from '@kesh/shared';
import { createCoupon, deleteCoupon, fetchCoupons, updateCoupon } from '../../../api/coupons';
import { serverErrorOr } from '../../../api/http';
import { FormActions, RowActions } from '../components/actions';
import { AdminTable, EmptyState, PageHeading, Panel, Spinner, inputClass, labelClass, tdClass } from '../components/ui';
import { useReportFailure } from '../session';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

const couponsKey = adminKeys.coupons;

/** The form's fields as typed: rupees and dates (the API takes paise and Indian-time instants). */
interface Draft {
  code: string;
  kind: CouponKind;
  amount: string;
  minOrder: string;
  startsOn: string;
  endsOn: string;
  totalUses: string;
  usesPerCustomer: string;
  active: boolean;
}

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  amount: '',
  minOrder: '',
  startsOn: '',
  endsOn: '',
  totalUses: '',
  usesPerCustomer: '1',
  active: true,
};

const IST = '+05:30';
/** "2026-11-20" in India for an instant (the form's date inputs are Indian days). */
const indianDay = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 5.5 * 3600_000).toISOString().slice(0, 10) : '';
/** "1 Nov 2026": a coupon's days are Indian days, wherever the owner's browser is. */
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });
const number = (text: string) => (text.trim() === '' ? null : Number(text));

function draftOf(c: Coupon): Draft {
  return {
    code: c.code,
    kind: c.kind,
    amount: String(c.kind === 'percent' ? (c.percentOff ?? '') : paiseToRupees(c.flatOffPaise ?? 0)),
    minOrder: c.minOrderPaise ? String(paiseToRupees(c.minOrderPaise)) : '',
    startsOn: indianDay(c.startsAt),
    endsOn: indianDay(c.endsAt),
    totalUses: c.totalUses === null ? '' : String(c.totalUses),
    usesPerCustomer: String(c.usesPerCustomer),
    active: c.active,
  };
}

/** The valid days run from the start of the first to the end of the last, in Indian time. */
function bodyOf(d: Draft): CouponBody {
  const amount = number(d.amount);
  return {
    code: d.code,
    kind: d.kind,
    percentOff: d.kind === 'percent' ? amount : null,
    flatOffPaise: d.kind === 'flat' && amount !== null ? rupeesToPaise(amount) : null,
    minOrderPaise: rupeesToPaise(number(d.minOrder) ?? 0),
    startsAt: d.startsOn ? `${d.startsOn}T00:00:00${IST}` : null,
    endsAt: d.endsOn ? `${d.endsOn}T23:59:59${IST}` : null,
    totalUses: number(d.totalUses),
    usesPerCustomer: number(d.usesPerCustomer) ?? 1,
    active: d.active,
  };
}

/** The owner's discount codes: percent or flat, minimum order, dates, limits, on or off. */
export default function CouponsPage() {
  const { t } = useTranslation('adminCoupons');
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const { data, isPending } = useAdminQuery(couponsKey, fetchCoupons, () => t('failed'));
  const [editing, setEditing] = useState<Coupon | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const set = (change: Partial<Draft>) => setDraft((prev) => ({ ...prev, ...change }));
  const reset = () => {
    setEditing(null);
    setDraft(EMPTY);
  };
  const reload = () => queryClient.invalidateQueries({ queryKey: couponsKey });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const saved = editing ? await updateCoupon(editing._id, bodyOf(draft)) : await createCoupon(bodyOf(draft));
      toast.success(saved.message);
      reset();
      await reload();
    } catch (err) {
      report(err, serverErrorOr(err, t('saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (coupon: Coupon) => {
    if (!window.confirm(t('confirmDelete', { code: coupon.code }))) return;
    setDeletingId(coupon._id);
    try {
      toast.success((await deleteCoupon(coupon._id)).message);
      if (editing?._id === coupon._id) reset();
      await reload();
    } catch (err) {
      report(err, serverErrorOr(err, t('deleteFailed')));
    } finally {
      setDeletingId(null);
    }
  };

  const field = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => (
    <div>
      <label htmlFor={`coupon-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`coupon-${key}`}
        value={draft[key] as string}
        onChange={(e) => set({ [key]: e.target.value })}
        className={inputClass}
        {...props}
      />
    </div>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeading icon={<TicketPercent className="h-7 w-7" aria-hidden="true" />}>{t('heading')}</PageHeading>
      <Panel title={editing ? t('editTitle', { code: editing.code }) : t('newTitle')}>
        <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {field('code', t('code'), {
            required: true,
            maxLength: 20,
            autoCapitalize: 'characters',
            title: t('codeHint'),
          })}
          <div>
            <label htmlFor="coupon-kind" className={labelClass}>
              {t('kind')}
            </label>
            <select
              id="coupon-kind"
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value as CouponKind })}
              className={inputClass}
            >
              <option value="percent">{t('percent')}</option>
              <option value="flat">{t('flat')}</option>
            </select>
          </div>
          {field('amount', draft.kind === 'percent' ? t('percentValue') : t('flatValue'), {
            type: 'number',
            required: true,
            min: draft.kind === 'percent' ? 1 : 0.01,
            max: draft.kind === 'percent' ? 100 : undefined,
            step: draft.kind === 'percent' ? 1 : 0.01,
          })}
          {field('minOrder', t('minOrder'), { type: 'number', min: 0, step: 0.01 })}
          {field('startsOn', t('startsOn'), { type: 'date' })}
          {field('endsOn', t('endsOn'), { type: 'date' })}
          {field('totalUses', t('totalUses'), { type: 'number', min: 1, step: 1 })}
          {field('usesPerCustomer', t('usesPerCustomer'), { type: 'number', min: 1, step: 1, required: true })}
          <label className="flex items-center gap-3 self-end pb-2">
            <input
              type="checkbox"
              checked={draft.active}
              onChange={(e) => set({ active: e.target.checked })}
              className="h-4 w-4 accent-brand-700"
            />
            <span className="font-medium text-gray-800">{t('active')}</span>
          </label>
          <FormActions
            busy={busy}
            submitLabel={editing ? t('update') : t('add')}
            onCancel={editing ? reset : undefined}
            className="flex gap-3 sm:col-span-2 lg:col-span-3"
          />
        </form>
      </Panel>
      {isPending ? (
        <Spinner label={t('heading')} />
      ) : !data?.length ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <AdminTable
          label={t('tableLabel')}
          columns={Object.values(t('columns', { returnObjects: true }) as Record<string, string>)}
        >
          {data.map((c) => (
            <tr key={c._id}>
              <td className={`${tdClass} font-mono font-semibold`}>{c.code}</td>
              <td className={tdClass}>
                {c.kind === 'percent'
                  ? t('percentOff', { percent: c.percentOff })
                  : t('flatOff', { amount: formatRupees(paiseToRupees(c.flatOffPaise ?? 0)) })}
              </td>
              <td className={tdClass}>{c.minOrderPaise ? formatRupees(paiseToRupees(c.minOrderPaise)) : '–'}</td>
              <td className={tdClass}>
                {!c.startsAt && !c.endsAt
                  ? t('always')
                  : [
                      c.startsAt && t('from', { date: formatDate(c.startsAt) }),
                      c.endsAt && t('until', { date: formatDate(c.endsAt) }),
                    ]
                      .filter(Boolean)
                      .join(' ')}
              </td>
              <td className={tdClass}>
                {c.totalUses === null
                  ? t('usedNoLimit', { used: c.usedCount })
                  : t('usedOf', { used: c.usedCount, total: c.totalUses })}
                {c.heldCount > 0 && (
                  <>
                    <span className="sr-only">, </span>
                    <span className="block text-xs text-amber-800">{t('awaitingPayment', { count: c.heldCount })}</span>
                  </>
                )}
              </td>
              <td className={tdClass}>{c.usesPerCustomer}</td>
              <td className={tdClass}>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${c.active ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-700'}`}
                >
                  {c.active ? t('isActive') : t('isPaused')}
                </span>
              </td>
              <td className={tdClass}>
                <RowActions
                  editLabel={t('editLabel', { code: c.code })}
                  deleteLabel={t('deleteLabel', { code: c.code })}
                  onEdit={() => {
                    setEditing(c);
                    setDraft(draftOf(c));
                  }}
                  onDelete={() => void remove(c)}
                  disabled={deletingId !== null || busy}
                  deleting={deletingId === c._id}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
