/**
 * In-process MongoDB-compatible engine speaking the wire protocol on
 * 127.0.0.1, used when no MONGODB_URI and no mongod binary are available.
 * The official driver and mongoose connect to `uri` unchanged.
 *
 * Layers, each calling only the one below: wire (server.ts) -> commands
 * (commands.ts, crud.ts, admin.ts) -> store (store.ts) -> durability
 * (durability.ts: journal + checkpoints in the data directory).
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
    ? await Durability.open(store, { dataDir: opts.dataDir, fs: opts.fs, checkpointBytes: opts.checkpointBytes })
    : undefined;
  const health = (): StorageHealth => durability?.health() ?? { writable: true };

  const cursors = new CursorManager();
  const server = new WireServer((cmd, db, connectionId) => {
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
