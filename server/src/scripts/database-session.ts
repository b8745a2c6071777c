import { MongoClient, type Db } from 'mongodb';
import { loadConfig } from '../config.js';
import { startEngine } from '../db/index.js';

export interface DatabaseSession {
  db: Db;
  engine: string;
  close(): Promise<void>;
}

/** The database a command-line tool works on: --uri, else MONGODB_URI, else the engine on DATA_DIR. */
export async function openDatabase(args: {
  uri?: string | undefined;
  db?: string | undefined;
}): Promise<DatabaseSession> {
  const config = loadConfig();
  const engine = await startEngine({
    uri: args.uri ?? config.db.uri,
    preference: config.db.embeddedEngine,
    dataDir: config.db.dataDir,
  });
  const client = new MongoClient(engine.uri);
  try {
    await client.connect();
  } catch (err) {
    await engine.stop();
    throw err;
  }
  // A database named in the URI wins over DB_NAME, as for the app.
  const named = /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(engine.uri)?.[1];
  return {
    db: client.db(args.db ?? named ?? config.db.name),
    engine: engine.name,
    close: async () => {
      await client.close();
      await engine.stop();
    },
  };
}
