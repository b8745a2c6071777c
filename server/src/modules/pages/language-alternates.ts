import { languageAlternates } from '@kesh/shared';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A kept page's `<link rel="alternate" hreflang>` to itself in each language and the x-default, so a
 * crawler (which sends no cookie) finds every language of every page it reaches, product pages too.
 * `address` is undefined for a page made per request (a search): it names no alternates.
 */
export function withLanguageAlternates(html: string, publicUrl: string, address: string | undefined): string {
  if (address === undefined) return html;
  const links = languageAlternates(address).map(
    (a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeAttribute(publicUrl + a.address)}">`,
  );
  return html.replace('</head>', () => `${links.join('')}</head>`);
}
