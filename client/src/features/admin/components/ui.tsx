import { useDeferredValue, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { ImageOff, Loader2 } from 'lucide-react';

/** Small building blocks shared by the admin screens. */

export function PageHeading({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <h1 className="mb-6 flex items-center gap-3 text-2xl font-bold text-brand-900">
      {icon}
      {children}
    </h1>
  );
}

export function Panel({ title, children, actions }: { title?: ReactNode; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="mb-6 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && <h2 className="text-lg font-semibold text-gray-800">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-gray-600">
      <Loader2 className="h-6 w-6 animate-spin text-brand-700" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-8 text-center text-gray-500">{children}</p>;
}

/** Thumbnails are at most h-20 w-28 (112 CSS px wide): the browser picks the smallest variant. */
const THUMBNAIL_SIZES = '112px';

/**
 * An image that falls back to a placeholder when missing or broken (spec section 2). A broken
 * variant from `srcSet` falls back to the original first.
 */
export function Thumbnail({
  src,
  srcSet,
  alt,
  fallback,
  size = 'h-16 w-24',
}: {
  src: string | null | undefined;
  srcSet?: string | null;
  alt: string;
  fallback: string;
  size?: string;
}) {
  const [broken, setBroken] = useState(false);
  const [variantsBroken, setVariantsBroken] = useState(false);
  if (!src || broken) {
    return (
      <span
        className={`${size} flex flex-col items-center justify-center gap-1 rounded-md bg-gray-100 text-center text-xs text-gray-500`}
      >
        <ImageOff className="h-4 w-4" aria-hidden="true" />
        {fallback}
      </span>
    );
  }
  const useVariants = Boolean(srcSet) && !variantsBroken;
  return (
    <img
      srcSet={useVariants ? (srcSet ?? undefined) : undefined}
      sizes={useVariants ? THUMBNAIL_SIZES : undefined}
      src={src}
      alt={alt}
      onError={() => (useVariants ? setVariantsBroken(true) : setBroken(true))}
      className={`${size} rounded-md object-cover`}
    />
  );
}

export const inputClass =
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-gray-100';

export const labelClass = 'mb-1 block text-sm font-medium text-gray-700';

/** An input with its label above it, tied by `id`. */
export function LabelledInput({
  id,
  label,
  ...input
}: { id: string; label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}

export const fileInputClass =
  'block w-full text-sm text-gray-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-200';

export const primaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white shadow-sm transition hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-700 transition hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60';

export const smallButton = (tone: 'edit' | 'delete' | 'neutral') =>
  `inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-60 ${
    tone === 'edit'
      ? 'bg-blue-50 text-blue-700 hover:bg-blue-100'
      : tone === 'delete'
        ? 'bg-red-50 text-red-700 hover:bg-red-100'
        : 'bg-gray-100 text-gray-700 hover:bg-gray-200'
  }`;

export const tableClass = 'min-w-full divide-y divide-gray-200 text-left text-sm';
export const thClass =
  'bg-brand-50 px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-brand-900 uppercase';
export const tdClass = 'px-4 py-3 align-middle text-gray-700';

export type Column = string | { label: string; className: string };

/**
 * A scrollable admin table: its region label, its column headings, and the rows as children.
 * `wrapHeadings` lets long headings break (the products table has eight columns); `dense` narrows
 * the cell padding (the orders table has nine).
 */
export function AdminTable({
  label,
  columns,
  wrapHeadings = false,
  dense = false,
  children,
}: {
  label: string;
  columns: Column[];
  wrapHeadings?: boolean;
  dense?: boolean;
  children: ReactNode;
}) {
  let headClass = wrapHeadings ? thClass.replace('whitespace-nowrap', '') : thClass;
  if (dense) headClass = headClass.replace('px-4', 'px-2');
  return (
    <TableWrap label={label}>
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => {
              const { label: text, className } = typeof column === 'string' ? { label: column, className: '' } : column;
              return (
                <th key={text} scope="col" className={className ? `${headClass} ${className}` : headClass}>
                  {text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">{children}</tbody>
      </table>
    </TableWrap>
  );
}

/** Rows a table shows in its first render: more than a tall screen holds. */
export const FIRST_ROWS = 10;

/**
 * A page of rows whose first FIRST_ROWS render and paint before the rest: React renders the others
 * just after, in the background (useDeferredValue, interruptible), so the top of the list shows
 * without waiting for the style and layout of rows below the fold. Mounted with the rows it shows;
 * a later page renders at the count already shown, then the rest.
 */
export function FirstRowsFirst<T>({ items, row }: { items: readonly T[]; row: (item: T) => ReactNode }) {
  const count = useDeferredValue(items.length, Math.min(items.length, FIRST_ROWS));
  return <>{items.slice(0, Math.max(count, Math.min(items.length, FIRST_ROWS))).map(row)}</>;
}

export function TableWrap({ children, label }: { children: ReactNode; label: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
