import { useEffect, useState } from 'react';
import { ArrowUp, MessageCircle } from 'lucide-react';
import { useTranslation } from '../../i18n';
import { useShop } from '../../state/shop';

const SHOW_SCROLL_TOP_AFTER_PX = 400;

/** The floating chat button that opens a WhatsApp conversation with the shop. */
export function ChatButton() {
  const { t } = useTranslation();
  const shop = useShop();
  return (
    <a
      href={`https://wa.me/${shop.whatsappPhone}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('widgets.chat')}
      title={t('widgets.chat')}
      className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-[#1f8f4e] text-white shadow-lg shadow-black/20 transition hover:scale-105 hover:bg-[#177a41] sm:right-6 sm:bottom-6"
    >
      <MessageCircle className="size-7" aria-hidden="true" />
    </a>
  );
}

/** Appears once the visitor has scrolled down; takes them back to the top. */
export function ScrollTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_SCROLL_TOP_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('widgets.scrollTop')}
      title={t('widgets.scrollTop')}
      className="fixed right-5 bottom-22 z-40 flex size-11 items-center justify-center rounded-full bg-gold-400 text-brand-950 shadow-lg shadow-black/20 transition hover:bg-gold-500 sm:right-7 sm:bottom-24"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
    </button>
  );
}
