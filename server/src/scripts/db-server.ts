/**
 * `npm run db`: the embedded engine as a database server of its own, so that several app
 * processes (separate `npm start`s, node:cluster workers) share one database:
 *
 *   npm run db                                   # DATA_DIR (default ./data), DB_PORT (default 27018)
 *   MONGODB_URI=mongodb://127.0.0.1:27018 npm start     # in each app process
 *
 * Listens on 127.0.0.1 only. SIGTERM/SIGINT answer the commands already received, write a final
 * checkpoint and exit 0. A second engine on the same DATA_DIR (including an `npm start` without
 * MONGODB_URI) is refused by the data-directory lock.
 */
import path from 'node:path';
import dotenv from 'dotenv';
import { loadConfig } from '../config.js';
import { exitOnSignals, startEmbeddedEngine } from '@kesh/embedded-mongo';

dotenv.config({ quiet: true });

async function run(): Promise<void> {
  const config = loadConfig();
  if (config.db.uri) {
    throw new Error('MONGODB_URI is set: the app uses that server; `npm run db` serves the embedded engine instead.');
  }
  const dataDir = path.resolve(config.db.dataDir);
  const engine = await startEmbeddedEngine({ dataDir, port: config.db.port });
  console.log(`embedded database on ${engine.uri} (data in ${dataDir})`);
  console.log(`start each app process with MONGODB_URI=${engine.uri}`);
  exitOnSignals(engine);
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
