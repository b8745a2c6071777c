import { useEffect, useState } from 'react';
import { Leaf, Menu, ShoppingCart, UserRound, X } from 'lucide-react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { useSession } from '../../state/session';
import { useShop } from '../../state/shop';
import { NeedsJavaScript } from '../../components/ui/NeedsJavaScript';
import { LanguageSelector } from './LanguageSelector';

const NAV_ITEMS = [
  { to: '/', key: 'home' },
  { to: '/profile', key: 'profile' },
  { to: '/products', key: 'products' },
  { to: '/gallery', key: 'gallery' },
  { to: '/contact', key: 'contact' },
] as const;

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** The five pages, as the desktop bar and the mobile menu each style them. */
function NavItems({
  className,
  linkClass,
}: {
  className: string;
  linkClass: (state: { isActive: boolean }) => string;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'} className={linkClass} onClick={scrollToTop}>
            {t(`nav.${item.key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  const { t } = useTranslation();
  const shop = useShop();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => setMenuOpen(false), [pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-4 py-2 text-[15px] font-medium transition ${
      isActive ? 'bg-brand-900 text-white' : 'text-stone-700 hover:bg-brand-50 hover:text-brand-900'
    }`;
  const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-xl px-4 py-3 text-base font-medium ${isActive ? 'bg-brand-900 text-white' : 'text-stone-800 hover:bg-brand-50'}`;

  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:h-20 sm:px-6">
        <Link to="/" onClick={scrollToTop} className="flex shrink-0 items-center gap-2.5 rounded-lg">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-900 text-gold-400 sm:size-11">
            <Leaf className="size-5 sm:size-6" aria-hidden="true" />
          </span>
          <span className="leading-tight">
            <span className="block font-serif text-lg font-bold text-brand-950 sm:text-xl">{shop.name}</span>
            <span className="hidden text-xs tracking-wide text-amber-800 sm:block">{t('brandTagline')}</span>
          </span>
        </Link>

        <nav aria-label={t('nav.label')} className="hidden lg:block">
          <NavItems className="flex items-center gap-1" linkClass={linkClass} />
        </nav>

        <div className="flex items-center gap-1.5 sm:gap-2">
          <LanguageSelector className="hidden md:flex" />
          <CartButton />
          <UserButton />
          {/* A disclosure the browser opens and closes itself, so the menu works before (or without) script. */}
          <details className="group lg:hidden" open={menuOpen} onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
            <summary className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full text-brand-950 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
              <Menu className="size-6 group-open:hidden" aria-hidden="true" />
              <X className="hidden size-6 group-open:block" aria-hidden="true" />
              <span className="sr-only">{menuOpen ? t('header.closeMenu') : t('header.openMenu')}</span>
            </summary>
            <nav
              id="mobile-menu"
              aria-label={t('nav.label')}
              className="absolute inset-x-0 top-full border-t border-stone-200 bg-white px-4 pt-2 pb-5 shadow-lg"
            >
              <NavItems className="space-y-1" linkClass={mobileLinkClass} />
              <LanguageSelector className="mt-4 px-4 md:hidden" />
            </nav>
          </details>
        </div>
      </div>
      <NeedsJavaScript action="login" className="bg-amber-50 px-4 py-2 text-center" />
    </header>
  );
}

export function CartButton() {
  const { t } = useTranslation();
  const { cartCount } = useSession();
  return (
    <NavLink
      to="/cart"
      aria-label={cartCount > 0 ? t('header.cartWithCount', { count: cartCount }) : t('header.cart')}
      className={({ isActive }) =>
        `relative flex size-10 items-center justify-center rounded-full transition sm:size-11 ${
          isActive ? 'bg-brand-900 text-white' : 'text-brand-950 hover:bg-brand-50'
        }`
      }
    >
      <ShoppingCart className="size-5 sm:size-6" aria-hidden="true" />
      {cartCount > 0 && (
        <span
          data-testid="cart-badge"
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-xs font-bold text-brand-950 ring-2 ring-white"
        >
          {cartCount > 99 ? '99+' : cartCount}
        </span>
      )}
    </NavLink>
  );
}

export function UserButton() {
  const { t } = useTranslation();
  const { user, openAuthModal } = useSession();
  const base = 'flex size-10 items-center justify-center rounded-full font-bold transition sm:size-11';
  if (user) {
    const name = user.username || '?';
    return (
      <NavLink
        to="/userdashbord"
        aria-label={t('header.account', { name })}
        className={({ isActive }) =>
          `${base} ${isActive ? 'bg-gold-400 text-brand-950 ring-2 ring-brand-900' : 'bg-brand-900 text-gold-400 hover:bg-brand-800'}`
        }
      >
        <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
      </NavLink>
    );
  }
  return (
    <button
      type="button"
      aria-label={t('header.login')}
      onClick={() => openAuthModal({ mode: 'login', redirectTo: '/userdashbord' })}
      className={`${base} text-brand-950 hover:bg-brand-50`}
    >
      <UserRound className="size-5 sm:size-6" aria-hidden="true" />
    </button>
  );
}
