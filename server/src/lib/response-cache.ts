import { createHash } from 'node:crypto';
import type { RequestHandler } from 'express';

/**
 * How long another server process may serve a public list after an owner's edit it did not see.
 * The process that handled the edit drops its copy at once; this bounds the rest.
 */
export const PUBLIC_LIST_TTL_MS = 1000;

export interface CachedEntry<T> {
  value: T;
  body: Buffer;
  etag: string;
  expiresAt: number;
}

export interface CachedJson<T = unknown> {
  /** GET handler: answers with the cached JSON (and a 304 for a matching If-None-Match). */
  send: RequestHandler;
  /** Router middleware: any non-GET request drops the cached copy once it has been answered. */
  invalidateOnWrite: RequestHandler;
  invalidate(): void;
  /** The current list and its serialized JSON; the same object until the list is loaded again. */
  current(): Promise<CachedEntry<T>>;
}

/**
 * Keeps the serialized JSON of a public list (products, gallery, sliders) in memory, so the
 * storefront's busiest reads cost neither a database round trip nor a JSON.stringify nor an ETag
 * hash. Concurrent misses share one load; a load that overlaps a write is used once but not kept.
 */
export function cachedJson<T>(load: () => Promise<T>, ttlMs = PUBLIC_LIST_TTL_MS): CachedJson<T> {
  let entry: CachedEntry<T> | undefined;
  let generation = 0;
  let pending: { generation: number; promise: Promise<CachedEntry<T>> } | undefined;

  const invalidate = () => {
    generation += 1;
    entry = undefined;
    pending = undefined;
  };

  const fresh = async (): Promise<CachedEntry<T>> => {
    if (entry && entry.expiresAt > Date.now()) return entry;
    if (pending?.generation === generation) return pending.promise;
    const startedAt = generation;
    const promise = load().then((value) => {
      const body = Buffer.from(JSON.stringify(value));
      const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
      const loaded: CachedEntry<T> = {
        value,
        body,
        etag: `"${body.length.toString(16)}-${hash}"`,
        expiresAt: Date.now() + ttlMs,
      };
      if (generation === startedAt) entry = loaded;
      return loaded;
    });
    pending = { generation: startedAt, promise };
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
        // 'close' also covers a client that hung up after the write reached the database.
        res.once('finish', invalidate);
        res.once('close', invalidate);
      }
      next();
    },
  };
}
