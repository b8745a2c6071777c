import type { Request, Response } from 'express';
import type { PageStatus } from '@kesh/shared';
import { compressBody, sendCompressed, type CompressedBody, type SendOptions } from '../../lib/compressed-body.js';

/** What the LRU keeps at most: a few hundred pages (a page with its two compressed copies is ~180 kB). */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;

export interface RenderedPage extends CompressedBody {
  status: PageStatus;
  /** The storefront version the page was made at (lib/storefront-version.ts). */
  version: number;
}

/** A page with its brotli and gzip copies, made off the event loop (zlib's thread pool). */
export async function compressedPage(html: string, status: PageStatus, version: number): Promise<RenderedPage> {
  return { ...(await compressBody(Buffer.from(html))), status, version };
}

/**
 * /gallery/ answers HTML or JSON by the Accept header, and a page's language follows the cookie and
 * Accept-Language: caches must keep them all apart.
 */
const VARY = ['Accept', 'Cookie', 'Accept-Language', 'Accept-Encoding'];
const HTML_TYPE = 'text/html; charset=utf-8';

export const PAGE_SEND_OPTIONS: SendOptions = { type: HTML_TYPE, vary: VARY, cacheControl: 'no-cache' };

/** Sends a kept page in the encoding the browser takes (no compression per request), or 304. */
export function sendPage(req: Request, res: Response, page: RenderedPage): void {
  sendCompressed(req, res, page, { ...PAGE_SEND_OPTIONS, status: page.status });
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
  const sizeOf = (page: RenderedPage) => page.identity.length + page.br.length + page.gzip.length;
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
