import type { VariantRef } from '@kesh/shared';

/** A line's size or pack ("200 ml") beside its product's name; nothing for a product without variants. */
export function VariantName({
  variant,
  className = '',
}: {
  variant?: Pick<VariantRef, 'label'> | null;
  className?: string;
}) {
  if (!variant) return null;
  return (
    <>
      {/* A space, so the name reads "Amla Hair Oil 200 ml" to screen readers and in copied text too. */}{' '}
      <span
        className={`ml-1 inline-block rounded-full bg-stone-100 px-2 py-0.5 align-middle text-xs font-semibold text-stone-700 ${className}`}
      >
        {variant.label}
      </span>
    </>
  );
}
