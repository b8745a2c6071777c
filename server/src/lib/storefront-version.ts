import { EventEmitter } from 'node:events';
import { Schema, model } from 'mongoose';

/**
 * One number that moves whenever something a public page shows changes: a product created, edited or
 * deleted, stock taken or put back (a card's "Only 3 left" and "Out of stock" follow it), a slider or
 * a gallery picture. Rendered pages and cached lists are kept with the version they were made from
 * and are current while it has not moved, in every process that shares the database — instead of a
 * time to live that re-renders every page every second whether or not anything changed.
 * See docs/decisions/0020-storefront-page-cache.md.
 */
const versionSchema = new Schema({ _id: String, version: { type: Number, required: true } }, { versionKey: false });
export const StorefrontVersionDoc = model('StorefrontVersion', versionSchema, 'storefrontversions');
const DOCUMENT_ID = 'storefront';

/**
 * How stale another process's pages may be after a write it did not make, when several app processes
 * share one database (MONGODB_URI): each process reads the version document at most this often,
 * shared by every request meanwhile. The process that makes a write knows at once.
 */
export const SHARED_DATABASE_RECHECK_MS = 100;

const localChanges = new EventEmitter().setMaxListeners(0);
/** Bumps under way in this process: a request that arrives meanwhile waits for the new number. */
const bumping = new Set<Promise<unknown>>();

/**
 * Records that what the storefront shows has changed. Called after the write itself: a page that
 * another process renders between the two is made from the new data with the old number, and is
 * merely rendered once more.
 */
export async function storefrontChanged(): Promise<void> {
  const bump = StorefrontVersionDoc.updateOne({ _id: DOCUMENT_ID }, { $inc: { version: 1 } }, { upsert: true });
  bumping.add(bump);
  try {
    await bump;
  } finally {
    bumping.delete(bump);
    localChanges.emit('change');
  }
}

async function readVersion(): Promise<number> {
  const doc = await StorefrontVersionDoc.findById(DOCUMENT_ID).lean();
  return doc?.version ?? 0;
}

export interface StorefrontVersion {
  /** The version to tag what is made now with, and to check what was kept against. */
  current(): Promise<number>;
  /** storefrontChanged: what was kept is stale, here and, within the recheck bound, everywhere. */
  changed(): Promise<void>;
}

/**
 * The storefront's version as this process sees it. With `recheckMs` Infinity (the database runs
 * inside this process, so every write passes through it) the document is read once and again only
 * after a local change; with a shared database, also when the last read started `recheckMs` ago.
 * Concurrent requests share one read; a read that started before a local change never answers for
 * after it. If the database cannot be read, the last number read stands: nobody can write to it then.
 */
export function watchStorefrontVersion({ recheckMs }: { recheckMs: number }): StorefrontVersion {
  let changes = 0;
  let known: { version: number; readAt: number; changes: number } | undefined;
  let reading: { promise: Promise<number>; startedAt: number; changes: number } | undefined;
  localChanges.on('change', () => {
    changes += 1;
  });
  const fresh = (at: { changes: number }, since: number, now: number) =>
    at.changes === changes && now - since < recheckMs;

  function read(now: number): Promise<number> {
    const started = { startedAt: now, changes };
    const promise = readVersion().then(
      (version) => {
        if (!known || known.readAt <= started.startedAt) {
          known = { version, readAt: started.startedAt, changes: started.changes };
        }
        return version;
      },
      (err: unknown) => {
        if (known) return known.version;
        throw err;
      },
    );
    reading = { promise, ...started };
    void promise.finally(() => {
      if (reading?.promise === promise) reading = undefined;
    });
    return promise;
  }

  return {
    async current() {
      if (bumping.size > 0) await Promise.allSettled([...bumping]);
      const now = Date.now();
      if (known && fresh(known, known.readAt, now)) return known.version;
      if (reading && fresh(reading, reading.startedAt, now)) return reading.promise;
      return read(now);
    },
    changed: storefrontChanged,
  };
}
