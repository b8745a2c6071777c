import { Link } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { fetchLowStock } from '../../../api/admin';
import { VariantName } from '../../../components/ui/VariantName';
import { Panel } from './ui';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

/** The owner's list of products with few or no units left, fewest first. */
export function LowStock() {
  const { t } = useTranslation('admin');
  const { data } = useAdminQuery(
    adminKeys.lowStock,
    () => fetchLowStock(),
    () => t('lowStock.failed'),
  );
  if (!data) return null;
  return (
    <Panel title={t('lowStock.heading')}>
      <p className="mb-3 text-sm text-gray-600">{t('lowStock.hint')}</p>
      {data.length === 0 ? (
        <p className="text-gray-700">{t('lowStock.empty')}</p>
      ) : (
        <ul aria-label={t('lowStock.heading')} className="divide-y divide-gray-100">
          {data.map((product) => (
            <li
              key={`${product._id}:${product.variant?.id ?? ''}`}
              className="flex items-center justify-between gap-3 py-2"
            >
              <Link to="/admin/main-category" className="font-medium text-gray-900 hover:text-brand-700">
                {product.title}
                <VariantName variant={product.variant} />
              </Link>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${product.stock === 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'}`}
              >
                {product.stock === 0 ? t('lowStock.out') : t('lowStock.left', { count: product.stock })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
