import type { ReactNode } from 'react';

/**
 * Eyebrow + serif heading + rule + optional lead paragraph; used by every storefront section.
 * Centred above a section, or at the start of a column beside a picture; `dark` on a dark band.
 */
export function SectionHeading({
  eyebrow,
  title,
  children,
  id,
  align = 'center',
  tone = 'light',
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  id?: string;
  align?: 'center' | 'start';
  tone?: 'light' | 'dark';
}) {
  const centred = align === 'center';
  return (
    <div className={centred ? 'mx-auto mb-10 max-w-2xl text-center' : undefined}>
      {eyebrow && (
        <p
          className={`text-sm font-semibold uppercase [html[lang=en]_&]:tracking-[0.2em] ${tone === 'dark' ? 'text-gold-400' : 'text-amber-800'}`}
        >
          {eyebrow}
        </p>
      )}
      <h2
        id={id}
        className={`mt-2 font-serif text-3xl font-bold sm:text-4xl ${tone === 'dark' ? '' : 'text-brand-950'}`}
      >
        {title}
      </h2>
      <div aria-hidden="true" className={`${centred ? 'mx-auto ' : ''}mt-4 h-1 w-16 rounded-full bg-gold-500`} />
      {children && <p className="mt-4 text-stone-600">{children}</p>}
    </div>
  );
}
