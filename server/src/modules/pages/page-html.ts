import { INITIAL_DATA_ELEMENT_ID } from '@kesh/shared';

/** A picture the page shows first and largest: preloaded with the srcset and sizes of its <img>. */
export interface ImagePreload {
  src: string;
  srcSet: string | null;
  sizes: string;
}

export interface PageHead {
  /** Script files (from the build manifest) the page's code needs, fetched alongside the entry. */
  scripts: readonly string[];
  images: readonly ImagePreload[];
  /** A JSON object text (shared InitialData) the client seeds its query cache with. */
  data?: string;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);

/**
 * JSON made safe to sit inside <script type="application/json">: only a "<" could end the element
 * early ("</script>") or open a comment, and in JSON it can only occur inside strings, where \u003c
 * reads back as the same character.
 */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c');

function imageLink({ src, srcSet, sizes }: ImagePreload): string {
  const set = srcSet ? ` imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(src)}"${set} fetchpriority="high">`;
}

/**
 * index.html with a page's preloads at the end of <head> and its data at the end of <body>.
 * Replacements go through functions, so a "$&" in a product's title is text, not a pattern.
 */
export function renderPage(template: string, head: PageHead): string {
  const links = [
    ...head.images.map(imageLink),
    ...head.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`),
  ];
  let html = template;
  if (links.length > 0) html = html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
  if (head.data !== undefined) {
    const script = `<script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${scriptSafeJson(head.data)}</script>`;
    html = html.replace('</body>', () => `  ${script}\n  </body>`);
  }
  return html;
}
