import { Clock, Leaf, Mail, MapPin, Phone } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { FOOTER_ELEMENT_ID, FREE_SHIPPING_ABOVE_RUPEES, formatRupees } from '@kesh/shared';
import { formatPhone, useShop } from '../../state/shop';

const QUICK_LINKS = [
  { to: '/', key: 'nav.home' },
  { to: '/profile', key: 'nav.profile' },
  { to: '/products', key: 'nav.products' },
  { to: '/gallery', key: 'nav.gallery' },
  { to: '/contact', key: 'nav.contact' },
] as const;

const POLICY_LINKS = [
  { to: '/termsandconditions', key: 'footer.terms' },
  { to: '/cancellation-refunds', key: 'footer.refunds' },
  { to: '/privacyandpolicy', key: 'footer.privacy' },
] as const;

const linkClass = 'rounded text-brand-100 transition hover:text-gold-400';

/** The shop has no social accounts configured yet; these are placeholder anchors as in the original. */
const SOCIAL = ['Facebook', 'Instagram', 'YouTube'] as const;

export function Footer() {
  const { t } = useTranslation();
  const shop = useShop();
  return (
    <footer id={FOOTER_ELEMENT_ID} className="bg-brand-950 text-brand-50">
      <div className="border-b border-white/10">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-4 px-4 py-6 text-center text-sm font-semibold text-gold-400 sm:px-6 md:grid-cols-4">
          <li>{t('footer.claimNatural')}</li>
          <li>{t('footer.claimMadeInIndia')}</li>
          <li>{t('footer.claimCrueltyFree')}</li>
          <li>{t('footer.claimShipping', { amount: formatRupees(FREE_SHIPPING_ABOVE_RUPEES) })}</li>
        </ul>
      </div>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg">
            <span className="flex size-10 items-center justify-center rounded-full bg-gold-400 text-brand-950">
              <Leaf className="size-5" aria-hidden="true" />
            </span>
            <span className="font-serif text-xl font-bold text-white">{shop.name}</span>
          </Link>
          <p className="mt-4 text-sm leading-relaxed text-brand-100">{t('footer.about')}</p>
          <p className="mt-5 text-sm font-semibold text-white">{t('footer.followUs')}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {SOCIAL.map((name) => (
              <li key={name}>
                <a
                  href="#"
                  className="inline-block rounded-full border border-white/25 px-3 py-1 text-xs text-brand-50 hover:border-gold-400 hover:text-gold-400"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterLinks title={t('footer.quickLinks')} links={QUICK_LINKS} />
        <FooterLinks title={t('footer.policies')} links={POLICY_LINKS} />
        <div>
          <h2 className="font-serif text-lg font-semibold text-white">{t('footer.contactUs')}</h2>
          <ul className="mt-4 space-y-3 text-sm text-brand-100">
            <li className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <span>
                <span className="sr-only">{t('footer.address')}: </span>
                {shop.address}
              </span>
            </li>
            <li className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <a href={`tel:+91${shop.phone}`} className={linkClass}>
                <span className="sr-only">{t('footer.phone')}: </span>
                {formatPhone(shop.phone)}
              </a>
            </li>
            <li className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <a href={`mailto:${shop.email}`} className={`${linkClass} break-all`}>
                <span className="sr-only">{t('footer.email')}: </span>
                {shop.email}
              </a>
            </li>
            <li className="flex gap-3">
              <Clock className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <span>
                <span className="sr-only">{t('footer.workingHours')}: </span>
                {shop.workingHours}
              </span>
            </li>
          </ul>
        </div>
      </div>
      <Rights name={shop.name} />
    </footer>
  );
}

/** India is UTC+5:30 all year. (Not shared's istDay: its module holds the order schemas, and zod would join every page's script.) */
const INDIA_AHEAD_OF_UTC_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The year in the shop's own time (India), so a page rendered by a server on UTC and shown in Rajkot
 * agree. A page kept from before midnight on 31 December still shows the year it was rendered in:
 * its text is taken as served (no hydration error), and once the page is live the line is rendered
 * anew (a new key) with the browser's year.
 */
function Rights({ name }: { name: string }) {
  const { t } = useTranslation();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const year = new Date(Date.now() + INDIA_AHEAD_OF_UTC_MS).getUTCFullYear();
  return (
    <p
      key={live ? 'live' : 'served'}
      suppressHydrationWarning
      className="border-t border-white/10 px-4 py-5 text-center text-xs text-brand-100"
    >
      {t('footer.rights', { year, name })}
    </p>
  );
}

function FooterLinks({ title, links }: { title: string; links: readonly { to: string; key: string }[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="font-serif text-lg font-semibold text-white">{title}</h2>
      <ul className="mt-4 space-y-2.5 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={linkClass}>
              {t(l.key)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
