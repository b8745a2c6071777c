import type { Request } from 'express';
import {
  LANGUAGE_COOKIE,
  cookieValue,
  isLanguageCode,
  languageFromAcceptLanguage,
  type LanguageCode,
} from '@kesh/shared';

/**
 * The store language a shopper's API call was made in: the client sends its chosen language as
 * Accept-Language (api/http.ts), a page's selector leaves its cookie; undefined when neither names
 * one of ours, so the caller can fall back to what it already knows.
 */
export function requestLanguage(req: Request): LanguageCode | undefined {
  const chosen = cookieValue(req.headers.cookie, LANGUAGE_COOKIE);
  return languageFromAcceptLanguage(req.headers['accept-language']) ?? (isLanguageCode(chosen) ? chosen : undefined);
}
