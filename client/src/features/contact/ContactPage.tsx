import { useEffect, useId, useState, type ReactElement } from 'react';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { CONTACT_STATUS_MS, EMAIL_PATTERN, MESSAGES } from '@kesh/shared';
import { sendContactMessage } from '../../api/contact';
import { formatPhone, useShop } from '../../state/shop';
import { PageHero } from '../../components/ui/PageHero';
import { inputClass } from '../../components/ui/classes';
import { usePageMeta } from '../../components/ui/usePageMeta';
import { useMessageText } from '../../components/ui/useMessageText';

interface ContactForm {
  name: string;
  email: string;
  phoneNo: string;
  subject: string;
  message: string;
}

type Status = 'idle' | 'loading' | 'success' | 'error';

export default function ContactPage() {
  const { t } = useTranslation('contact');
  const say = useMessageText();
  const shop = useShop();
  usePageMeta(t('title'), t('metaDescription'));
  const [status, setStatus] = useState<Status>('idle');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactForm>({ defaultValues: { name: '', email: '', phoneNo: '', subject: '', message: '' } });

  // Success and failure notes disappear after 3 s (spec section 4).
  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => setStatus('idle'), CONTACT_STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const onSubmit = handleSubmit(async (values) => {
    setStatus('loading');
    try {
      await sendContactMessage(values);
      setStatus('success');
      reset();
    } catch {
      setStatus('error');
    }
  });

  const cards = [
    { icon: Phone, title: t('cards.phone'), body: formatPhone(shop.phone), href: `tel:+91${shop.phone}` },
    { icon: Mail, title: t('cards.email'), body: shop.email, href: `mailto:${shop.email}` },
    { icon: MapPin, title: t('cards.address'), body: shop.address },
    { icon: Clock, title: t('cards.hours'), body: shop.workingHours },
  ];

  return (
    <>
      <PageHero title={t('title')} subtitle={t('subtitle')} />
      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ icon: Icon, title, body, href }) => (
            <li key={title} className="reveal rounded-3xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-brand-900 text-gold-400">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h2 className="mt-4 font-serif text-lg font-semibold text-brand-950">{title}</h2>
              {href ? (
                <a
                  href={href}
                  className="mt-1 block rounded break-words text-stone-700 hover:text-brand-800 hover:underline"
                >
                  {body}
                </a>
              ) : (
                <p className="mt-1 text-stone-700">{body}</p>
              )}
            </li>
          ))}
        </ul>

        <div className="mt-14 grid gap-10 lg:grid-cols-5">
          <div className="reveal rounded-3xl bg-white p-6 shadow-md ring-1 ring-stone-200 sm:p-10 lg:col-span-3">
            <h2 className="font-serif text-3xl font-bold text-brand-950">{t('form.heading')}</h2>
            <p className="mt-2 text-stone-600">{t('form.lead')}</p>
            <form noValidate onSubmit={(e) => void onSubmit(e)} className="mt-8 grid gap-5 sm:grid-cols-2">
              <Field label={t('form.name')} required error={errors.name && t('form.nameRequired')}>
                {(props) => (
                  <input
                    type="text"
                    autoComplete="name"
                    {...props}
                    {...register('name', { validate: (v) => v.trim().length > 0 })}
                  />
                )}
              </Field>
              <Field label={t('form.email')} required error={errors.email && t('form.emailInvalid')}>
                {(props) => (
                  <input
                    type="email"
                    autoComplete="email"
                    {...props}
                    {...register('email', { validate: (v) => EMAIL_PATTERN.test(v.trim()) })}
                  />
                )}
              </Field>
              <Field label={t('form.phone')}>
                {(props) => <input type="tel" autoComplete="tel" inputMode="tel" {...props} {...register('phoneNo')} />}
              </Field>
              <Field label={t('form.subject')}>
                {(props) => <input type="text" {...props} {...register('subject')} />}
              </Field>
              <div className="sm:col-span-2">
                <Field label={t('form.message')} required error={errors.message && t('form.messageRequired')}>
                  {(props) => (
                    <textarea rows={5} {...props} {...register('message', { validate: (v) => v.trim().length > 0 })} />
                  )}
                </Field>
              </div>
              <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
                <button
                  type="submit"
                  disabled={status === 'loading'}
                  className="inline-flex items-center justify-center gap-2 rounded-full bg-brand-800 px-8 py-3.5 font-semibold text-white transition hover:bg-brand-900 disabled:opacity-60"
                >
                  <Send className="size-5" aria-hidden="true" />
                  {status === 'loading' ? t('form.sending') : t('form.send')}
                </button>
                <div aria-live="polite" className="min-h-6">
                  {status === 'success' && <p className="font-medium text-brand-800">{say(MESSAGES.contactSent)}</p>}
                  {status === 'error' && <p className="font-medium text-red-700">{say(MESSAGES.contactFailed)}</p>}
                </div>
              </div>
            </form>
          </div>
          <div className="reveal overflow-hidden rounded-3xl bg-[#e8e2d0] shadow-md ring-1 ring-stone-200 lg:col-span-2">
            <iframe
              title={t('mapTitle')}
              src={shop.mapEmbedUrl}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              className="h-80 w-full border-0 lg:h-full lg:min-h-[32rem]"
            />
          </div>
        </div>
      </section>
    </>
  );
}

type ControlProps = {
  id: string;
  className: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
};

function Field({
  label,
  required = false,
  error,
  children,
}: {
  label: string;
  required?: boolean;
  error?: string | false;
  children: (props: ControlProps) => ReactElement;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-stone-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id,
        className: inputClass,
        'aria-required': required || undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
