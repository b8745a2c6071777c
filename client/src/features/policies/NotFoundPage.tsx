import { Leaf } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { usePageMeta } from '../../components/ui/usePageMeta';

export default function NotFoundPage() {
  const { t } = useTranslation('policies');
  usePageMeta(t('notFound.title'), t('notFound.text'), { status: 404 });
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="flex size-20 items-center justify-center rounded-full bg-brand-50 text-brand-800">
        <Leaf className="size-10" aria-hidden="true" />
      </span>
      <p className="mt-6 font-serif text-6xl font-bold text-brand-900">404</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-brand-950">{t('notFound.title')}</h1>
      <p className="mt-3 text-stone-600">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className="rounded-full bg-brand-800 px-7 py-3 font-semibold text-white hover:bg-brand-900">
          {t('notFound.home')}
        </Link>
        <Link
          to="/products"
          className="rounded-full border-2 border-brand-800 px-7 py-3 font-semibold text-brand-800 hover:bg-brand-800 hover:text-white"
        >
          {t('notFound.products')}
        </Link>
      </div>
    </section>
  );
}
