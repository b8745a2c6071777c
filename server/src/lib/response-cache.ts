import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';
import { watchStorefrontVersion, type StorefrontVersion } from './storefront-version.js';

/** For a router mounted without the app's watcher (a module's own tests): this process's writes only. */
const thisProcessOnly = watchStorefrontVersion({ recheckMs: Infinity });

export interface CachedEntry<T> {
  value: T;
  body: Buffer;
  etag: string;
  /** The storefront version it was loaded at: it is current while that has not moved. */
  version: number;
}

export interface CachedJson<T = unknown> {
  /** GET handler: answers with the cached JSON (and a 304 for a matching If-None-Match). */
  send: RequestHandler;
  /** Router middleware: any non-GET request, once answered, makes every copy made before it stale. */
  invalidateOnWrite: RequestHandler;
  invalidate(): void;
  /** The current list and its serialized JSON; the same object until the list is loaded again. */
  current(): Promise<CachedEntry<T>>;
}

/**
 * Keeps the serialized JSON of a public list (products, gallery, sliders) in memory until the
 * storefront's version moves (lib/storefront-version.ts), so the storefront's busiest reads cost
 * neither a database round trip nor a JSON.stringify nor an ETag hash. Concurrent misses share one
 * load; a load that overlaps a write is used once but not kept.
 */
export function cachedJson<T>(load: () => Promise<T>, storefront: StorefrontVersion = thisProcessOnly): CachedJson<T> {
  let entry: CachedEntry<T> | undefined;
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
      const loaded: CachedEntry<T> = {
        value,
        body,
        etag: `"${body.length.toString(16)}-${hash}"`,
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
    send: async (_req, res) => {
      const { body, etag } = await fresh();
      // With the ETag already set, Express neither rehashes the body nor skips its 304 check.
      res.set('ETag', etag).type('json').send(body);
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
