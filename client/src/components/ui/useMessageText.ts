import { useCallback } from 'react';
import { useTranslation } from '../../i18n';
import { MESSAGES } from '@kesh/shared';

const KEY_OF_TEXT = new Map<string, string>(
  Object.entries(MESSAGES).flatMap(([key, value]) =>
    typeof value === 'string' ? [[value, key] as [string, string]] : [],
  ),
);

/**
 * Shows a spec message (from MESSAGES or from the server, which answers with the same texts) in the
 * visitor's language: English stays exactly the spec's text, other languages use common `messages.*`.
 * Texts the catalogue does not know are shown as they came.
 */
export function useMessageText(): (text: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (text: string) => {
      const key = KEY_OF_TEXT.get(text);
      return key ? t(`messages.${key}`, { defaultValue: text }) : text;
    },
    [t],
  );
}
