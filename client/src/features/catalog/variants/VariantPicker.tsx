import { useId } from 'react';
import { Link } from 'react-router-dom';
import { isOutOfStock } from '@kesh/shared';
import { useTranslation } from '../../../i18n';
import { VARIANTS_NAMESPACE } from './CardVariants';
import { variantFor, variantHref, type VariantChoice } from './productChoice';

/**
 * The product page's sizes and packs: each value is a link to the same page with that variant in the
 * address, so the choice works without JavaScript, survives a reload and can be shared.
 */
export function VariantPicker({ productId, choice }: { productId: string; choice: VariantChoice }) {
  const { t } = useTranslation(VARIANTS_NAMESPACE);
  const id = useId();
  return (
    <div className="mt-6 space-y-5">
      {choice.gone && (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {t('variantGone', { label: choice.chosen.label })}
        </p>
      )}
      {choice.options.map((option, index) => (
        <div key={option.name} role="group" aria-labelledby={`${id}-${index}`}>
          <p id={`${id}-${index}`} className="font-semibold text-brand-950">
            {t('optionChosen', { option: option.name, value: choice.chosen.optionValues[index] })}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {option.values.map((value) => {
              const target = variantFor(choice, index, value);
              if (!target) return null;
              const current = target.id === choice.chosen.id;
              return (
                <li key={value}>
                  <Link
                    to={variantHref(productId, target.id)}
                    replace
                    aria-current={current ? 'true' : undefined}
                    className={`inline-flex min-h-11 items-center gap-1.5 rounded-full border-2 px-4 py-2 font-semibold transition ${
                      current
                        ? 'border-brand-800 bg-brand-800 text-white'
                        : 'border-stone-300 bg-white text-brand-950 hover:border-brand-700'
                    }`}
                  >
                    {value}{' '}
                    {isOutOfStock(target.stock) && (
                      <span className={`text-xs font-medium ${current ? 'text-white' : 'text-red-700'}`}>
                        ({t('soldOut')})
                      </span>
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
