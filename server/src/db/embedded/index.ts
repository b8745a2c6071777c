/**
 * In-process MongoDB-compatible engine speaking the wire protocol on
 * 127.0.0.1, used when no MONGODB_URI and no mongod binary are available.
 * The official driver and mongoose connect to `uri` unchanged.
 */
import { executeCommand } from './commands.js';
import { CursorManager } from './cursors.js';
import { Persistence, loadSnapshot } from './persist.js';
import { WireServer } from './server.js';
import { Store } from './store.js';

export { CorruptDataFileError } from './persist.js';

export interface EmbeddedEngineOptions {
  /** TCP port on 127.0.0.1; default 0 picks a free port. */
  port?: number;
  /** If set, data is loaded from this file on start and saved to it (atomically) after writes. */
  persistFile?: string;
}

export interface EmbeddedEngine {
  /** `mongodb://127.0.0.1:PORT` without a database name; append `/dbname`. */
  uri: string;
  port: number;
  /** Stops accepting connections, closes all sockets and writes pending changes. */
  stop(): Promise<void>;
  /** Removes expired TTL documents and forces a save (when persisting). */
  flush(): Promise<void>;
}

/** TTL monitor period; mongod uses 60 s as well. */
const SWEEP_INTERVAL_MS = 60_000;

export async function startEmbeddedEngine(opts: EmbeddedEngineOptions = {}): Promise<EmbeddedEngine> {
  const store = new Store();
  let persistence: Persistence | undefined;
  if (opts.persistFile) {
    // Throws CorruptDataFileError for unreadable files: starting empty would later overwrite real data.
    loadSnapshot(store, opts.persistFile);
    const p = new Persistence(store, opts.persistFile);
    store.onChange = () => p.markDirty();
    persistence = p;
  }

  const cursors = new CursorManager();
  const server = new WireServer((cmd, db, connectionId) => executeCommand(cmd, db, { store, cursors, connectionId }));
  const port = await server.listen(opts.port ?? 0);

  const sweep = setInterval(() => {
    store.sweepExpired();
    cursors.reapIdle();
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  let stopped: Promise<void> | undefined;
  return {
    uri: `mongodb://127.0.0.1:${port}`,
    port,
    stop: () => {
      stopped ??= (async () => {
        clearInterval(sweep);
        await server.close();
        cursors.closeAll();
        await persistence?.flushIfDirty();
      })();
      return stopped;
    },
    flush: async () => {
      store.sweepExpired();
      await persistence?.flush();
    },
  };
}
