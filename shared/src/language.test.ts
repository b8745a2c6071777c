import { describe, expect, it } from 'vitest';
import { cookieValue, languageFromAcceptLanguage, negotiateLanguage } from './language.js';

describe("the shopper's language for a server-rendered page", () => {
  it('takes the best-rated of our languages from Accept-Language, a regional tag counting as its language', () => {
    expect(languageFromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(languageFromAcceptLanguage('fr-FR, gu;q=0.4, mr;q=0.7')).toBe('mr');
    expect(languageFromAcceptLanguage('en-GB;q=0.5, gu-IN')).toBe('gu');
    expect(languageFromAcceptLanguage('mr;q=0, fr')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it("prefers the selector's cookie, then Accept-Language, then English", () => {
    expect(negotiateLanguage({ cookie: 'a=1; lang=gu', 'accept-language': 'hi' })).toBe('gu');
    expect(negotiateLanguage({ cookie: 'lang=klingon', 'accept-language': 'mr-IN' })).toBe('mr');
    expect(negotiateLanguage({ 'accept-language': 'de-DE' })).toBe('en');
    expect(negotiateLanguage({})).toBe('en');
  });

  it('reads one cookie out of a Cookie header, and survives a malformed one', () => {
    expect(cookieValue('theme=dark; lang=hi; x=%E0%A4', 'lang')).toBe('hi');
    expect(cookieValue('x=%E0%A4', 'x')).toBeUndefined();
    expect(cookieValue('language=mr', 'lang')).toBeUndefined();
  });
});
