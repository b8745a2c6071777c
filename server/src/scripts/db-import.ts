/**
 * Puts a `npm run db:export` folder into a MongoDB database: each collection with its options and
 * indexes, then its documents.
 *
 *   npm run db:import -- --uri mongodb://host:27017/?replicaSet=rs0 <folder> [--db <name>] [--drop]
 *
 * A collection that already holds documents is refused unless --drop (which replaces it). Without
 * --uri it writes to MONGODB_URI, else the embedded engine's DATA_DIR.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { importDatabase } from '../db/ejson-export.js';
import { openDatabase } from './database-session.js';
import { runScript } from './run-script.js';

dotenv.config({ quiet: true });

async function run(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { uri: { type: 'string' }, db: { type: 'string' }, drop: { type: 'boolean' } },
    allowPositionals: true,
  });
  const from = positionals[0];
  if (!from) throw new Error('usage: npm run db:import -- --uri mongodb://… <export folder> [--db <name>] [--drop]');
  const folder = path.resolve(from);
  const session = await openDatabase(values);
  try {
    const manifest = await importDatabase(session.db, folder, { drop: values.drop === true });
    const documents = manifest.collections.reduce((n, c) => n + c.documents, 0);
    console.log(
      `Imported ${documents} documents in ${manifest.collections.length} collections into "${session.db.databaseName}" (${session.engine} engine)`,
    );
  } finally {
    await session.close();
  }
}

runScript(run);
