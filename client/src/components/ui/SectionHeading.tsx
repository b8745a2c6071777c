import type { ReactNode } from 'react';

/** Eyebrow + serif heading + optional lead paragraph, centred; used by every storefront section. */
export function SectionHeading({
  eyebrow,
  title,
  children,
  id,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  id?: string;
}) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p className="text-sm font-semibold uppercase [html[lang=en]_&]:tracking-[0.2em] text-amber-800">{eyebrow}</p>
      )}
      <h2 id={id} className="mt-2 font-serif text-3xl font-bold text-brand-950 sm:text-4xl">
        {title}
      </h2>
      <div aria-hidden="true" className="mx-auto mt-4 h-1 w-16 rounded-full bg-gold-500" />
      {children && <p className="mt-4 text-stone-600">{children}</p>}
    </div>
  );
}
