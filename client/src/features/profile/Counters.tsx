import { Award, CalendarDays, Package, Users } from 'lucide-react';
import { useTranslation } from '../../i18n';
import { COUNTER_TARGETS } from '@kesh/shared';
import { useCountUp } from './useCountUp';

const COUNTERS = [
  { key: 'customers', icon: Users },
  { key: 'products', icon: Package },
  { key: 'reviews', icon: Award },
  { key: 'years', icon: CalendarDays },
] as const;

export function Counters() {
  const { t } = useTranslation('profile');
  return (
    <section aria-labelledby="achievements-heading" className="bg-brand-950 py-16 text-white">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="achievements-heading" className="text-center font-serif text-3xl font-bold">
          {t('counters.heading')}
        </h2>
        <ul className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {COUNTERS.map(({ key, icon }) => (
            <Counter key={key} target={COUNTER_TARGETS[key]} label={t(`counters.${key}`)} Icon={icon} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function Counter({ target, label, Icon }: { target: number; label: string; Icon: typeof Users }) {
  const { ref, value } = useCountUp<HTMLLIElement>(target);
  return (
    <li ref={ref} className="rounded-3xl border border-white/10 bg-white/5 p-6 text-center">
      <Icon className="mx-auto size-8 text-gold-400" aria-hidden="true" />
      <p className="mt-3 font-serif text-3xl font-bold text-gold-400 tabular-nums sm:text-4xl">
        <span data-testid="counter-value">{value.toLocaleString('en-IN')}</span>+
      </p>
      <p className="mt-1 text-brand-100">{label}</p>
    </li>
  );
}
