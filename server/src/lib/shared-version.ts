import { EventEmitter } from 'node:events';
import { Schema, model } from 'mongoose';

/**
 * A number in the database that moves whenever some kept thing goes stale, so that every process
 * sharing the database can keep it until then (one document per number: the storefront's pages and
 * lists, the accounts' signed-in state). The collection keeps its first user's name, so that the
 * storefront's number of an existing shop carries on.
 */
const versionSchema = new Schema({ _id: String, version: { type: Number, required: true } }, { versionKey: false });
export const VersionDoc = model('StorefrontVersion', versionSchema, 'storefrontversions');

export interface SharedVersion {
  /** The version to tag what is made now with, and to check what was kept against. */
  current(): Promise<number>;
  /** What was kept is stale, here at once and, within the recheck bound, everywhere. */
  changed(): Promise<void>;
}

/** A version read by this process, which can also tell, without waiting, the number it knows to be current. */
export interface WatchedVersion extends SharedVersion {
  /**
   * The number `current()` would answer at once, or undefined when it would have to wait (a bump of
   * this process under way, or a shared database's number due for another read).
   */
  known(): number | undefined;
}

/**
 * The number kept in the document `id`. `changed` is called after the write that made things stale:
 * what another process makes between the two is made from the new data with the old number, and is
 * merely made once more.
 */
export function sharedVersion(id: string) {
  const localChanges = new EventEmitter().setMaxListeners(0);
  /** Bumps under way in this process: a request that arrives meanwhile waits for the new number. */
  const bumping = new Set<Promise<unknown>>();

  async function changed(): Promise<void> {
    const bump = VersionDoc.updateOne({ _id: id }, { $inc: { version: 1 } }, { upsert: true });
    bumping.add(bump);
    try {
      await bump;
    } finally {
      bumping.delete(bump);
      localChanges.emit('change');
    }
  }

  async function readVersion(): Promise<number> {
    const doc = await VersionDoc.findById(id).lean();
    return doc?.version ?? 0;
  }

  /**
   * The number as this process sees it. With `recheckMs` Infinity (the database runs inside this
   * process, so every write passes through it) the document is read once and again only after a
   * local change; with a shared database, also when the last read started `recheckMs` ago (0: on
   * every call). Concurrent calls share one read; a read that started before a local change never
   * answers for after it. If the database cannot be read, the last number read stands: nobody can
   * write to it then.
   */
  function watch({ recheckMs }: { recheckMs: number }): WatchedVersion {
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
      known() {
        if (bumping.size > 0 || !known || !fresh(known, known.readAt, Date.now())) return undefined;
        return known.version;
      },
      async current() {
        if (bumping.size > 0) await Promise.allSettled([...bumping]);
        const now = Date.now();
        if (known && fresh(known, known.readAt, now)) return known.version;
        if (reading && fresh(reading, reading.startedAt, now)) return reading.promise;
        return read(now);
      },
      changed,
    };
  }

  return { changed, watch };
}
