import mongoose from 'mongoose';
import type { Logger } from '../lib/logger.js';
import type { Config } from '../config.js';
import { connectMongoose, databaseUri, startEngine, syncIndexes } from '../db/index.js';

/**
 * Runs `work` with the app's models on the configured database (MONGODB_URI, else the engine on
 * DATA_DIR, started for it), indexes in place, then lets go of the database.
 */
export async function withAppDatabase<T>(
  config: Config,
  work: (engine: string) => Promise<T>,
  logger?: Logger,
): Promise<T> {
  const engine = await startEngine({
    uri: config.db.uri,
    preference: config.db.embeddedEngine,
    dataDir: config.db.dataDir,
    logger,
  });
  try {
    await connectMongoose(databaseUri(engine.uri, config.db.name));
    await syncIndexes();
    return await work(engine.name);
  } finally {
    await mongoose.disconnect();
    await engine.stop();
  }
}
