/**
 * In-process MongoDB-compatible engine speaking the wire protocol on
 * 127.0.0.1, used when no MONGODB_URI and no mongod binary are available.
 * The official driver and mongoose connect to `uri` unchanged.
 *
 * Layers, each calling only the one below: wire (server.ts) -> commands
 * (commands.ts, crud.ts, admin.ts) -> store (store.ts) -> durability
 * (durability.ts: journal + checkpoints in the data directory).
 */
import { executeCommand } from './commands.js';
import { CursorManager } from './cursors.js';
import { Durability, type StorageHealth } from './durability.js';
import { WireServer } from './server.js';
import type { StorageFs } from './storage-fs.js';
import { Store } from './store.js';

export { CorruptDataFileError } from './checkpoint.js';
export { DataDirectoryError, type StorageHealth } from './durability.js';
export { DataDirectoryInUseError } from './lock.js';

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

  const sweep = setInterval(() => {
    try {
      store.sweepExpired();
      durability?.seal();
    } catch {
      // Refused while the journal cannot be written; the next sweep tries again.
    }
    cursors.reapIdle();
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
