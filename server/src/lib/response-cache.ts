import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { compressBody, sendCompressed, type CompressedBody, type SendOptions } from './compressed-body.js';
import { watchStorefrontVersion, type StorefrontVersion } from './storefront-version.js';

/** For a router mounted without the app's watcher (a module's own tests): this process's writes only. */
const thisProcessOnly = watchStorefrontVersion({ recheckMs: Infinity });

export interface CachedEntry<T> {
  value: T;
  /** The serialized JSON. */
  body: Buffer;
  etag: string;
  /** The JSON with its brotli and gzip copies, made at the first request that sends it. */
  compressed(): Promise<CompressedBody>;
  /** The storefront version it was loaded at: it is current while that has not moved. */
  version: number;
}

/** How a list goes out (sendCompressed's options). */
export const LIST_SEND_OPTIONS: SendOptions = { type: 'application/json; charset=utf-8', vary: ['Accept-Encoding'] };

export interface CachedJson<T = unknown> {
  /** GET handler: answers with the cached JSON (and a 304 for a matching If-None-Match). */
  send: RequestHandler;
  /** Router middleware: any non-GET request, once answered, makes every copy made before it stale. */
  invalidateOnWrite: RequestHandler;
  invalidate(): void;
  /** The current list and its serialized JSON; the same object until the list is loaded again. */
  current(): Promise<CachedEntry<T>>;
  /** The list's compressed JSON if it is kept, made at this version and already compressed; never loads. */
  peek(version: number): CompressedBody | undefined;
}

/**
 * Keeps the serialized JSON of a public list (products, gallery, sliders) in memory until the
 * storefront's version moves (lib/storefront-version.ts), so the storefront's busiest reads cost
 * neither a database round trip nor a JSON.stringify nor an ETag hash nor a compression (the brotli
 * and gzip copies are made once, beside the JSON). Concurrent misses share one load; a load that
 * overlaps a write is used once but not kept.
 */
export function cachedJson<T>(load: () => Promise<T>, storefront: StorefrontVersion = thisProcessOnly): CachedJson<T> {
  let entry: CachedEntry<T> | undefined;
  /** The kept entry's compressed copies once they are made. */
  let ready: { entry: CachedEntry<T>; body: CompressedBody } | undefined;
  let generation = 0;
  let pending: { generation: number; version: number; promise: Promise<CachedEntry<T>> } | undefined;

  const invalidate = () => {
    generation += 1;
    entry = undefined;
    pending = undefined;
  };

  const fresh = async (): Promise<CachedEntry<T>> => {
    // Read before the list, so a list is never tagged with a version newer than what it holds.
    const version = await storefront.current();
    if (entry?.version === version) return entry;
    if (pending?.generation === generation && pending.version === version) return pending.promise;
    const startedAt = generation;
    const promise = load().then((value) => {
      const body = Buffer.from(JSON.stringify(value));
      const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
      const etag = `"${body.length.toString(16)}-${hash}"`;
      let compressed: Promise<CompressedBody> | undefined;
      const loaded: CachedEntry<T> = {
        value,
        body,
        etag,
        // The pages read the lists too, after every order: most versions of a list are never sent.
        compressed: () =>
          (compressed ??= compressBody(body, etag).then((made) => {
            ready = { entry: loaded, body: made };
            return made;
          })),
        version,
      };
      if (generation === startedAt) entry = loaded;
      return loaded;
    });
    pending = { generation: startedAt, version, promise };
    try {
      return await promise;
    } finally {
      if (pending?.promise === promise) pending = undefined;
    }
  };

  return {
    invalidate,
    current: fresh,
    peek: (version) => (ready && ready.entry === entry && entry.version === version ? ready.body : undefined),
    send: async (req, res) => {
      const body = await (await fresh()).compressed();
      sendCompressed(req, res, body, LIST_SEND_OPTIONS);
    },
    invalidateOnWrite: (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        // A refused request (a stranger's POST) changed nothing and must not cost every page a
        // render; 'close' without 'finish' is a client that hung up after the write may have landed.
        const written = () => {
          invalidate();
          // Failing, the database is down: the write it follows most likely failed too.
          storefront.changed().catch(() => undefined);
        };
        res.once('finish', () => {
          if (res.statusCode < 400) written();
        });
        res.once('close', () => {
          if (!res.writableFinished) written();
        });
      }
      next();
    },
  };
}
