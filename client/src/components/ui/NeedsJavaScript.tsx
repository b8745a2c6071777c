import { useTranslation } from '../../i18n';

/**
 * Says, in a page read without JavaScript (the server's HTML alone), that an action next to it needs
 * JavaScript. Browsers running script never show <noscript>, and React leaves its content alone.
 */
export function NeedsJavaScript({ action, className = '' }: { action: 'login' | 'addToCart'; className?: string }) {
  const { t } = useTranslation();
  return (
    <noscript>
      <p className={`text-sm font-medium text-amber-900 ${className}`}>{t(`noScript.${action}`)}</p>
    </noscript>
  );
}
