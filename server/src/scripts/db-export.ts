/**
 * Every collection of the shop's database, with its options and indexes, as Extended JSON files
 * that any MongoDB can take back (`npm run db:import`): the way to move to a replica set.
 *
 *   npm run db:export [-- <folder>] [--uri mongodb://…] [--db <name>]     (default folder: ./exports/<date-time>)
 *
 * Without --uri it reads MONGODB_URI, else the embedded engine's DATA_DIR (stop the shop first, or
 * run `npm run db` and pass its URI: one process owns a data directory).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { exportDatabase } from '../db/ejson-export.js';
import { openDatabase } from './database-session.js';
import { runScript } from './run-script.js';

dotenv.config({ quiet: true });

async function run(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { uri: { type: 'string' }, db: { type: 'string' } },
    allowPositionals: true,
  });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const folder = path.resolve(positionals[0] ?? path.join('exports', stamp));
  const session = await openDatabase(values);
  try {
    const manifest = await exportDatabase(session.db, folder);
    const documents = manifest.collections.reduce((n, c) => n + c.documents, 0);
    console.log(
      `Exported ${documents} documents in ${manifest.collections.length} collections of "${manifest.database}" to ${folder}`,
    );
  } finally {
    await session.close();
  }
}

runScript(run);
