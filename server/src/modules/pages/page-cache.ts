import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import type { PageStatus } from '@kesh/shared';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli quality 5: on a 140 kB page, 18.0 kB in 11 ms of CPU, against 16.2 kB in 440 ms at
 * quality 11 (this machine, one core). Pages are made again after every order that changes a
 * shelf, so the cost is paid often; the build's scripts, made once, keep quality 11.
 */
const BROTLI_QUALITY = 5;

/** What the LRU keeps at most: a few hundred pages (a page with its two compressed copies is ~180 kB). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export interface RenderedPage {
  status: PageStatus;
  html: Buffer;
  /** The storefront version the page was made at (lib/storefront-version.ts). */
  version: number;
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

const ENCODINGS = ['br', 'gzip'] as const;
const etagOf = (page: RenderedPage, encoding?: (typeof ENCODINGS)[number]) =>
  encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;

/** A page with its brotli and gzip copies, made off the event loop (zlib's thread pool). */
export async function compressedPage(html: string, status: PageStatus, version: number): Promise<RenderedPage> {
  const body = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipped(body, { level: 9 }),
  ]);
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  return { status, html: body, version, etag: `"${hash}"`, br, gzip: gz };
}

/**
 * /gallery/ answers HTML or JSON by the Accept header, and a page's language follows the cookie and
 * Accept-Language: caches must keep them all apart.
 */
const VARY = ['Accept', 'Cookie', 'Accept-Language', 'Accept-Encoding'];
const HTML_TYPE = 'text/html; charset=utf-8';

/** The encoding to send: brotli, else gzip, else none, as the browser accepts them. */
function encodingFor(req: Request): (typeof ENCODINGS)[number] | undefined {
  const accepted = req.headers['accept-encoding'];
  // Without the header, or naming neither encoding nor '*', the answer is known without parsing q-values.
  if (!accepted || !/br|gzip|\*/.test(accepted)) return undefined;
  return ENCODINGS.find((e) => req.acceptsEncodings(e) === e);
}

/**
 * Sends a kept page in the encoding the browser takes (no compression per request), or 304 when
 * the browser already holds it in any of them. Each encoding has its own strong ETag. The headers are
 * set directly, as Express's res.send would set them for this body: a kept page is answered often
 * enough that its vary parsing, MIME lookup and freshness check were a tenth of its cost.
 */
export function sendPage(req: Request, res: Response, page: RenderedPage): void {
  if (res.getHeader('Vary') === undefined) res.setHeader('Vary', VARY.join(', '));
  else for (const field of VARY) res.vary(field);
  res.statusCode = page.status;
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Content-Type', HTML_TYPE);
  const encoding = encodingFor(req);
  const etag = etagOf(page, encoding);
  res.setHeader('ETag', etag);
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    const held = new Set(inm.split(',').map((tag) => tag.trim()));
    // '*' is what Express's freshness check (res.send) also answers with 304.
    if (page.status === 200 && (held.has('*') || [undefined, ...ENCODINGS].some((e) => held.has(etagOf(page, e))))) {
      res.status(304).end();
      return;
    }
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html;
  res.setHeader('Content-Length', body.length);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * Rendered pages by address and language, kept while the storefront's version stands, least
 * recently used dropped first beyond `maxBytes`. Concurrent requests for a page that is being made
 * wait for that one render (a new version after an order would otherwise start one per shopper).
 */
export function pageCache(maxBytes = PAGE_CACHE_BYTES) {
  const pages = new Map<string, RenderedPage>();
  const making = new Map<string, Promise<RenderedPage>>();
  let bytes = 0;
  const sizeOf = (page: RenderedPage) => page.html.length + page.br.length + page.gzip.length;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= sizeOf(page);
  };

  return {
    /** The page kept for `key` at this version, if there is one (most recently used now). */
    peek(key: string, version: number): RenderedPage | undefined {
      const kept = pages.get(key);
      if (kept?.version !== version) return undefined;
      // Most recently used last: Map keeps insertion order.
      pages.delete(key);
      pages.set(key, kept);
      return kept;
    },
    /** The page kept for `key` at this version, else made by `make` and kept when `keep` says so. */
    async get(
      key: string,
      version: number,
      make: () => Promise<{ page: RenderedPage; keep: boolean }>,
    ): Promise<RenderedPage> {
      const kept = this.peek(key, version);
      if (kept) return kept;
      const id = `${version} ${key}`;
      const underway = making.get(id);
      if (underway) return underway;
      const promise = make().then(({ page, keep }) => {
        // A render that started before a newer one finished does not replace it.
        if (!keep || (pages.get(key)?.version ?? -1) > page.version) return page;
        drop(key);
        pages.set(key, page);
        bytes += sizeOf(page);
        for (const oldest of pages.keys()) {
          if (bytes <= maxBytes) break;
          drop(oldest);
        }
        return page;
      });
      making.set(id, promise);
      try {
        return await promise;
      } finally {
        making.delete(id);
      }
    },
    get bytes() {
      return bytes;
    },
  };
}
