import { useTranslation } from '../../i18n';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { MAX_LINE_QUANTITY, formatRupees, lineTitleIn, titleWithVariant, unitPrice, type CartItem } from '@kesh/shared';
import { LineThumbnail } from '../../components/ui/LineThumbnail';
import { VariantName } from '../../components/ui/VariantName';
import { StockNote } from '../catalog';

interface CartLineProps {
  item: CartItem;
  onQuantity(productId: string, quantity: number, variantId?: string): void;
  onRemove(productId: string, variantId?: string): void;
}

export function CartLine({ item, onQuantity, onRemove }: CartLineProps) {
  const { t, i18n } = useTranslation('cart');
  const product = item.productId;
  const price = unitPrice(product);
  const variantId = item.variant?.id;
  const name = lineTitleIn(product, i18n.language);
  const title = titleWithVariant(name, item.variant);
  const stepButton =
    'grid size-9 place-items-center rounded-full text-brand-900 transition hover:bg-brand-100 disabled:cursor-not-allowed disabled:text-stone-300 disabled:hover:bg-transparent';

  return (
    // Phones: image and title side by side, the controls on a full-width row below; wider: one row.
    <li className="grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:p-5">
      <LineThumbnail product={product} sizes="96px" className="size-20 rounded-xl sm:size-24" loading="lazy" />

      <div className="min-w-0">
        <h3 className="line-clamp-2 font-serif text-lg leading-snug font-semibold text-brand-950 sm:text-xl">
          {name}
          <VariantName variant={item.variant} />
        </h3>
        <p className="mt-0.5 text-sm text-stone-600">{t('each', { price: formatRupees(price) })}</p>
        {product.mainPrice !== null && product.offerPrice !== null && product.mainPrice > product.offerPrice && (
          <p className="text-xs text-stone-500 line-through">{formatRupees(product.mainPrice)}</p>
        )}
        <StockNote stock={product.stock ?? null} className="mt-1" />
      </div>

      <div className="col-span-2 flex items-center justify-between gap-3 border-t border-stone-100 pt-3 sm:col-span-1 sm:justify-end sm:gap-4 sm:border-0 sm:pt-0">
        <div
          className="flex items-center rounded-full border border-brand-200 bg-brand-50/60 p-0.5"
          role="group"
          aria-label={t('quantity')}
        >
          <button
            type="button"
            className={stepButton}
            onClick={() => onQuantity(product._id, item.quantity - 1, variantId)}
            disabled={item.quantity <= 1}
            aria-label={t('decrease', { title })}
          >
            <Minus className="size-4" aria-hidden="true" />
          </button>
          <output className="w-8 text-center font-semibold text-brand-950" aria-live="polite">
            {item.quantity}
          </output>
          <button
            type="button"
            className={stepButton}
            onClick={() => onQuantity(product._id, item.quantity + 1, variantId)}
            disabled={item.quantity >= MAX_LINE_QUANTITY}
            aria-label={t('increase', { title })}
          >
            <Plus className="size-4" aria-hidden="true" />
          </button>
        </div>

        {item.quantity >= MAX_LINE_QUANTITY && (
          <p className="text-xs text-stone-600">{t('maxQuantity', { max: MAX_LINE_QUANTITY })}</p>
        )}
        <p className="min-w-20 text-right text-lg font-bold text-brand-900">{formatRupees(price * item.quantity)}</p>

        <button
          type="button"
          onClick={() => onRemove(product._id, variantId)}
          className="flex items-center gap-1.5 rounded-full p-2 text-sm font-medium text-red-700 transition hover:bg-red-50"
          aria-label={t('removeItem', { title })}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          <span className="sm:hidden lg:inline">{t('remove')}</span>
        </button>
      </div>
    </li>
  );
}
