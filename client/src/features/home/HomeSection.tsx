import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { SectionHeading } from '../../components/ui/SectionHeading';

/** The link below a section: the products' outlined button, or the gallery's quieter text link. */
const MORE_LOOKS = {
  button: {
    spacing: 'mt-12',
    link: 'inline-flex items-center gap-2 rounded-full border-2 border-brand-800 px-7 py-3 font-semibold text-brand-800 transition hover:bg-brand-800 hover:text-white',
  },
  text: {
    spacing: 'mt-10',
    link: 'inline-flex items-center gap-2 rounded-full px-3 py-2 font-semibold text-brand-800 hover:text-brand-950 hover:underline',
  },
};

/**
 * A band of the home page at the shop's width: its heading (the eyebrow, heading and lead of `name`
 * in the home page's texts), what it shows, and a link on to the page that shows all of it.
 */
export function HomeSection({
  name,
  more,
  children,
}: {
  name: 'featured' | 'gallery';
  more: { to: string; label: string; look: keyof typeof MORE_LOOKS };
  children: ReactNode;
}) {
  const { t } = useTranslation('home');
  const look = MORE_LOOKS[more.look];
  return (
    <section aria-labelledby={`${name}-heading`} className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="reveal">
        <SectionHeading id={`${name}-heading`} eyebrow={t(`${name}.eyebrow`)} title={t(`${name}.heading`)}>
          {t(`${name}.lead`)}
        </SectionHeading>
      </div>
      {children}
      <div className={`${look.spacing} text-center`}>
        <Link to={more.to} className={look.link}>
          {more.label}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
