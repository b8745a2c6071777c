import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n';
import { toast } from 'sonner';
import { Package } from 'lucide-react';
import { MESSAGES, formatRupees, type Product } from '@kesh/shared';
import { deleteCategory } from '../../../api/admin';
import { fetchProducts } from '../../../api/catalog';
import { serverErrorOr } from '../../../api/http';
import { CategoryForm } from '../components/CategoryForm';
import { VariantsEditor } from '../variants/VariantsEditor';
import { RowActions } from '../components/actions';
import { AdminTable, EmptyState, PageHeading, Panel, Spinner, Thumbnail, tdClass } from '../components/ui';
import { useReportFailure } from '../session';
import { adminKeys, useAdminQuery } from '../useAdminQuery';

const price = (value: number | null, fallback: string) =>
  value === null || value === undefined ? fallback : formatRupees(value);

export default function CategoryPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const report = useReportFailure();
  const { data: categories = [], isPending } = useAdminQuery(
    adminKeys.categories,
    fetchProducts,
    () => MESSAGES.categoriesFetchFailed,
  );
  const [editing, setEditing] = useState<Product | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // As the list last read it: saving its sizes below changes which fields the form shows.
  const editingNow = categories.find((c) => c._id === editing?._id) ?? editing;

  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.categories });

  const remove = async (category: Product) => {
    if (!category._id) {
      toast.error(MESSAGES.invalidCategoryId);
      return;
    }
    if (!window.confirm(MESSAGES.confirmDeleteCategory)) return;
    setDeletingId(category._id);
    try {
      await deleteCategory(category._id);
      toast.success(MESSAGES.categorySaved(category.title, 'deleted'));
      if (editing?._id === category._id) setEditing(null);
      await reload();
    } catch (err) {
      report(err, serverErrorOr(err, MESSAGES.categoryDeleteFailed));
    } finally {
      setDeletingId(null);
    }
  };

  const headings = [
    t('common.title'),
    t('category.subtitle'),
    t('category.mainPriceColumn'),
    t('category.offerPriceColumn'),
    t('category.ratingCount'),
    t('common.description'),
    t('common.image'),
    t('common.actions'),
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeading icon={<Package className="h-7 w-7" aria-hidden="true" />}>{t('category.heading')}</PageHeading>

      <Panel title={editing ? t('category.editTitle') : t('category.addTitle')}>
        <CategoryForm
          key={editing?._id ?? 'new'}
          editing={editingNow}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
          onCancel={() => setEditing(null)}
        />
      </Panel>
      <VariantsEditor key={editing?._id ?? 'new'} product={editing} onSaved={() => void reload()} />

      <Panel title={isPending ? t('category.heading') : t('category.listTitle', { count: categories.length })}>
        {isPending ? (
          <Spinner label={t('category.loading')} />
        ) : categories.length === 0 ? (
          <EmptyState>{t('category.empty')}</EmptyState>
        ) : (
          <AdminTable label={t('category.heading')} columns={headings} wrapHeadings>
            {categories.map((category) => {
              const busy = deletingId === category._id;
              return (
                <tr
                  key={category._id}
                  className={editing?._id === category._id ? 'bg-brand-50' : busy ? 'opacity-60' : undefined}
                  aria-busy={busy}
                >
                  <td className={`${tdClass} min-w-36 font-medium text-gray-900`}>{category.title}</td>
                  <td className={tdClass}>{category.subtitle || t('category.noSubtitle')}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{price(category.mainPrice, t('category.noPrice'))}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {price(category.offerPrice, t('category.noOffer'))}
                  </td>
                  <td className={tdClass}>{category.ratingCount || t('category.noRaters')}</td>
                  <td className={`${tdClass} min-w-48`}>
                    <span className="line-clamp-3">{category.description || t('common.noDescription')}</span>
                  </td>
                  <td className={tdClass}>
                    <Thumbnail
                      src={category.image}
                      srcSet={category.imageSrcSet}
                      alt={category.title}
                      fallback={t('common.noImage')}
                      size="h-14 w-14"
                    />
                  </td>
                  <td className={tdClass}>
                    <RowActions
                      editLabel={t('category.editRow', { title: category.title })}
                      deleteLabel={t('category.deleteRow', { title: category.title })}
                      onEdit={() => setEditing(category)}
                      onDelete={() => void remove(category)}
                      disabled={busy}
                      deleting={busy}
                    />
                  </td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </Panel>
    </div>
  );
}
