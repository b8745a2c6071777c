import { COUPON_HOLD_MINUTES, DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@kesh/shared';
import { fillText } from '../../lib/fill-text.js';
import en from '../../locales/en/orders-mail.json' with { type: 'json' };
import gu from '../../locales/gu/orders-mail.json' with { type: 'json' };
import hi from '../../locales/hi/orders-mail.json' with { type: 'json' };
import mr from '../../locales/mr/orders-mail.json' with { type: 'json' };

/** Each language's file has the English file's keys (checked here by type, and by locales.test.ts). */
const FILES: Record<LanguageCode, typeof en> = { en, hi, mr, gu };

export type OrderMailWords = (key: keyof typeof en, values?: Record<string, string | number>) => string;

/**
 * What a shopper's order mail says, in the language they used the store in (else English), from
 * server/src/locales/<language>/orders-mail.json.
 */
export function orderMailWords(language: unknown): OrderMailWords {
  const file = FILES[isLanguageCode(language) ? language : DEFAULT_LANGUAGE];
  return (key, values) => fillText(file[key], { minutes: COUPON_HOLD_MINUTES, ...values });
}
