import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@kesh/shared';
import { fillText } from '../../lib/fill-text.js';
import en from '../../locales/en/auth-mail.json' with { type: 'json' };
import gu from '../../locales/gu/auth-mail.json' with { type: 'json' };
import hi from '../../locales/hi/auth-mail.json' with { type: 'json' };
import mr from '../../locales/mr/auth-mail.json' with { type: 'json' };

/** Each language's file has the English file's keys (checked here by type, and by locales.test.ts). */
const FILES: Record<LanguageCode, typeof en> = { en, hi, mr, gu };

export type AccountMailWords = (key: keyof typeof en, values?: Record<string, string | number>) => string;

/**
 * The account mails (the address confirmation code, the password reset code) in the first known
 * language given (the account's, then the request's), else English, from
 * server/src/locales/<language>/auth-mail.json.
 */
export function accountMailWords(...languages: unknown[]): AccountMailWords {
  const file = FILES[languages.find(isLanguageCode) ?? DEFAULT_LANGUAGE];
  return (key, values) => fillText(file[key], values);
}
