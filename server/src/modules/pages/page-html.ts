import { FOOTER_ELEMENT_ID, INITIAL_DATA_ELEMENT_ID, PAGE_MODULES_ELEMENT_ID } from '@kesh/shared';

/** A picture the page shows first and largest: preloaded with the srcset and sizes of its <img>. */
export interface ImagePreload {
  src: string;
  srcSet: string | null;
  sizes: string;
}

export interface PageHead {
  /**
   * Script files (from the build manifest) the page's code needs: listed in an inert <template> that
   * the entry turns into modulepreloads once the page has painted (client/src/main.tsx), or, for a
   * page left to the browser (`inBrowser`), modulepreloads in <head>.
   */
  scripts: readonly string[];
  /**
   * Classic scripts (from the build manifest) run as soon as they arrive, ahead of the app's modules:
   * the orders screen's first request (client/src/features/admin/orders-early.ts).
   */
  early?: readonly string[];
  /** A page the server never renders (behind a login): nothing to paint before its code runs. */
  inBrowser?: boolean;
  images: readonly ImagePreload[];
  /** A JSON object text (shared InitialData) the client seeds its query cache with. */
  data?: string;
  /** <html lang>: the language the page is in. */
  language?: string;
  /** The server-rendered page (entry-server's answer); without it the client renders the page. */
  body?: { html: string; title: string; description: string };
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/**
 * React writes the resources it hoists (a preload for an <img fetchPriority="high">) at the start of
 * its markup; they belong in <head>, not in #root, where hydration would meet them.
 */
const LEADING_LINKS = /^(?:\s*<link\b[^>]*>)+/;

/** The template's <title>, description and Open Graph text, set to the rendered page's. */
function withMeta(html: string, { title, description }: { title: string; description: string }): string {
  const content = (pattern: RegExp, value: string) =>
    html.replace(pattern, (tag) => tag.replace(/content="[^"]*"/, () => `content="${escapeAttribute(value)}"`));
  html = content(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, description);
  html = content(/<meta\s+property="og:description"\s+content="[^"]*"\s*\/?>/, description);
  html = content(/<meta\s+property="og:title"\s+content="[^"]*"\s*\/?>/, title);
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(title)}</title>`);
}

/**
 * JSON made safe to sit inside <script type="application/json">: only a "<" could end the element
 * early ("</script>") or open a comment, and in JSON it can only occur inside strings, where \u003c
 * reads back as the same character.
 */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * index.html with its stylesheets written into it: a phone on a slow network paints the server's
 * page from the HTML alone, without a second round trip for styles. The link stays, `disabled` (so
 * never fetched): the client's loader of lazy chunks looks for it before linking the file itself.
 * `read` gives a file's text by its URL path (undefined when it is missing, and then the link stays).
 */
export function inlineStylesheets(template: string, read: (href: string) => string | undefined): string {
  return template.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = read(href);
    // "</style" inside the text would end the element early; such a file stays a link.
    if (css === undefined || /<\/style/i.test(css)) return link;
    const opening = link.slice(0, link.endsWith('/>') ? -2 : -1).trimEnd();
    return `<style>${css.trim()}</style>${opening} disabled>`;
  });
}

function imageLink({ src, srcSet, sizes }: ImagePreload): string {
  const set = srcSet ? ` imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(src)}"${set} fetchpriority="high">`;
}

/**
 * index.html with a page's preloads at the end of <head>, its server-rendered markup in #root and its
 * data at the end of <body>. Replacements go through functions, so a "$&" in a product's title is
 * text, not a pattern.
 */
export function renderPage(template: string, head: PageHead): string {
  let html = template;
  let hoisted = '';
  if (head.body) {
    const markup = head.body.html.replace(LEADING_LINKS, (links) => {
      hoisted = links.trim();
      return '';
    });
    html = withMeta(html, head.body).replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  }
  if (head.language) html = html.replace(/<html lang="[^"]*"/, () => `<html lang="${escapeAttribute(head.language!)}"`);
  // A page with early scripts lets their requests go first: over HTTP/1.1 a browser opens six
  // connections to a site, and the early request would otherwise wait behind the page's code.
  const priority = head.early?.length ? ' fetchpriority="low"' : '';
  const modules = head.scripts.map(
    (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}"${priority}>`,
  );
  const links = [
    // The first paint waits until the page's content is parsed (see FOOTER_ELEMENT_ID); a browser
    // without `expect` links ignores this one.
    ...(head.body?.html.includes(`id="${FOOTER_ELEMENT_ID}"`)
      ? [`<link rel="expect" href="#${FOOTER_ELEMENT_ID}" blocking="render">`]
      : []),
    ...head.images.map(imageLink),
    // React's own preloads repeat ours when we have them (same pictures, same priority).
    ...(hoisted && head.images.length === 0 ? [hoisted] : []),
    // A page left to the browser shows nothing until its code runs: that code is fetched at once.
    ...(modules.length === 0
      ? []
      : head.inBrowser
        ? modules
        : [`<template id="${PAGE_MODULES_ELEMENT_ID}">${modules.join('')}</template>`]),
  ];
  if (links.length > 0) html = html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  // Early scripts open <head> (after the charset, which must come first): the browser asks for them
  // before the app's entry and modules, at high priority (an async script's default is low), and runs
  // each as soon as it arrives.
  const early = (head.early ?? []).map(
    (file) => `<script async fetchpriority="high" src="/${escapeAttribute(file)}"></script>`,
  );
  if (early.length > 0) {
    const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
    const at = charset ? charset.index + charset[0].length : html.indexOf('<head>') + '<head>'.length;
    html = `${html.slice(0, at)}\n    ${early.join('\n    ')}${html.slice(at)}`;
  }
  if (head.data !== undefined) {
    const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptSafeJson(head.data)}</script>`;
    html = html.replace('</body>', () => `  ${script}\n  </body>`);
  }
  return html;
}
