import { Link } from 'react-router-dom';
import { formatRupees } from '@kesh/shared';
import { useTranslation } from '../../../i18n';

export const VARIANTS_NAMESPACE = 'catalog.variants';

/** "from ₹180": the cheapest of a product's sizes or packs, on its card. */
export function FromPrice({ price }: { price: number }) {
  const { t } = useTranslation(VARIANTS_NAMESPACE);
  return <p className="text-xl font-bold text-brand-900">{t('from', { price: formatRupees(price) })}</p>;
}

/** A card's action for a product sold in several sizes or packs: its page, where the shopper chooses one. */
export function ChooseOptions({ href, name }: { href: string; name: string }) {
  const { t } = useTranslation(VARIANTS_NAMESPACE);
  return (
    <Link
      to={href}
      className="mt-2 inline-flex w-full items-center justify-center gap-2 rounded-full border-2 border-brand-800 px-5 py-2.5 font-semibold text-brand-900 transition hover:bg-brand-50"
    >
      {t('chooseOptions')}
      <span className="sr-only">: {name}</span>
    </Link>
  );
}
