/**
 * In-process MongoDB-compatible engine speaking the wire protocol on
 * 127.0.0.1, used when no MONGODB_URI and no mongod binary are available.
 * The official driver and mongoose connect to `uri` unchanged.
 *
 * Layers, one folder each, importing only those below (README.md): wire ->
 * commands -> planner -> durability -> storage -> query -> values.
 */
import { executeCommand } from './commands/commands.js';
import { CursorManager } from './planner/cursors.js';
import { Durability, type StorageHealth } from './durability/durability.js';
import { WireServer } from './wire/server.js';
import type { StorageFs } from './storage/storage-fs.js';
import { Store } from './storage/store.js';

export { CorruptDataFileError } from './durability/checkpoint.js';
export { DataDirectoryError, type StorageHealth } from './durability/durability.js';
export { DataDirectoryInUseError } from './durability/lock.js';

export interface EmbeddedEngineOptions {
  /** TCP port on 127.0.0.1; default 0 picks a free port. */
  port?: number;
  /** Folder for the checkpoint, journal and lock; unset keeps everything in memory (tests). */
  dataDir?: string;
  /** File-system calls of the durability layer (tests inject faults here). */
  fs?: StorageFs;
  /** Journal bytes after which a checkpoint is written. */
  checkpointBytes?: number;
  /**
   * Whether indexes whose keys the checkpoint saved are read after the engine answers (when first
   * used, or a slice at a time while it is quiet) instead of before; default true.
   */
  deferIndexBuilds?: boolean;
}

export interface EmbeddedEngine {
  /** `mongodb://127.0.0.1:PORT` without a database name; append `/dbname`. */
  uri: string;
  port: number;
  /** Whether changes can be made durable now (always true in memory). */
  health(): StorageHealth;
  /**
   * Stops accepting connections, closes all sockets, waits for the journal and writes a final
   * checkpoint. Commands already received are answered first.
   */
  stop(): Promise<void>;
  /** Removes expired TTL documents and writes a checkpoint now (when persisting). */
  flush(): Promise<void>;
}

/** Entries of deferred saved keys read per slice of the background build (≈ 5-10 ms of work). */
export const DEFERRED_SLICE_ENTRIES = 8192;
/** The background build waits for this long without a command before each slice... */
const DEFERRED_QUIET_MS = 50;
/** ...until this long after the engine opened; then it goes on between commands. */
const DEFERRED_PATIENCE_MS = 3000;

/**
 * Builds the indexes whose saved keys were deferred (see IndexRuntime.deferSavedKeys), a slice at
 * a time, each when no command came for a while (`lastCommand`, performance.now()) or once the
 * start is long past. An index used before its turn is built by that use. Stops at `stopped()`,
 * and at an index that cannot be built (every use of it reports why).
 */
export function buildDeferredIndexes(store: Store, lastCommand: () => number, stopped: () => boolean): void {
  const opened = performance.now();
  const slice = (): void => {
    if (stopped()) return;
    const now = performance.now();
    if (now - lastCommand() < DEFERRED_QUIET_MS && now - opened < DEFERRED_PATIENCE_MS) {
      setTimeout(slice, DEFERRED_QUIET_MS).unref();
      return;
    }
    try {
      if (store.buildDeferred(DEFERRED_SLICE_ENTRIES)) return;
    } catch {
      return;
    }
    // Not unref'd: with no referenced immediate, the loop waits in its poll for the next command
    // instead of running this (the build then crept one slice per command).
    setImmediate(slice);
  };
  setImmediate(slice);
}

/** TTL monitor period; mongod uses 60 s as well. */
const SWEEP_INTERVAL_MS = 60_000;
/**
 * Expired documents removed per slice of the TTL sweep. ~25 µs each in a small store, but ~0.1 ms in
 * a 100,000-order shop's checkouts (five indexes each; 1,000 a slice held the loop ~300 ms there).
 */
export const TTL_SLICE_DOCS = 200;

/**
 * Removes every expired TTL document in slices of TTL_SLICE_DOCS, each journalled on its own, and
 * lets other work run between slices, so 80,000 expired checkouts never hold the event loop at once.
 * Stops quietly when the journal refuses a slice (the next sweep tries again).
 */
export async function sweepExpiredInSlices(
  store: Store,
  seal: () => void,
  yieldNow: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
): Promise<number> {
  let removed = 0;
  for (;;) {
    const slice = store.sweepExpired(Date.now(), TTL_SLICE_DOCS);
    seal();
    removed += slice.removed;
    if (!slice.more) return removed;
    await yieldNow();
  }
}

export async function startEmbeddedEngine(opts: EmbeddedEngineOptions = {}): Promise<EmbeddedEngine> {
  const store = new Store();
  // Throws CorruptDataFileError for damaged data (starting empty would later overwrite it),
  // DataDirectoryInUseError when another engine holds the folder.
  const durability = opts.dataDir
    ? await Durability.open(store, {
        dataDir: opts.dataDir,
        fs: opts.fs,
        checkpointBytes: opts.checkpointBytes,
        deferSavedKeys: opts.deferIndexBuilds !== false,
      })
    : undefined;
  const health = (): StorageHealth => durability?.health() ?? { writable: true };

  const cursors = new CursorManager();
  let lastCommand = 0;
  const server = new WireServer((cmd, db, connectionId) => {
    lastCommand = performance.now();
    const reply = executeCommand(cmd, db, { store, cursors, connectionId, storageHealth: health });
    return durability ? durability.settle(reply) : reply;
  });
  let port: number;
  try {
    port = await server.listen(opts.port ?? 0);
  } catch (err) {
    await durability?.close();
    throw err;
  }

  let sweeping = false;
  const sweep = setInterval(() => {
    cursors.reapIdle();
    if (sweeping) return;
    sweeping = true;
    sweepExpiredInSlices(store, () => durability?.seal())
      // Refused while the journal cannot be written; the next sweep tries again.
      .catch(() => undefined)
      .finally(() => {
        sweeping = false;
      });
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopped: Promise<void> | undefined;
  buildDeferredIndexes(
    store,
    () => lastCommand,
    () => stopped !== undefined,
  );
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    port,
    health,
    stop: () => {
      stopped ??= (async () => {
        clearInterval(sweep);
        await server.close();
        cursors.closeAll();
        await durability?.close();
      })();
      return stopped;
    },
    flush: async () => {
      store.sweepExpired();
      await durability?.settled();
      await durability?.checkpoint();
    },
  };
}

/**
 * For an engine that is the process's whole job (`standalone.ts`, `npm run db`): SIGTERM/SIGINT
 * answer the commands already received, write a final checkpoint and exit 0 (1 if that fails).
 */
export function exitOnSignals(engine: EmbeddedEngine): void {
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    engine.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
