/**
 * Puts the demo store into the configured database (`npm run seed`): the admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, 3 sliders, the product catalogue and 8 gallery images.
 * Running it again changes nothing. With the in-process database engine, stop the server first:
 * both would own the same data file.
 */
import mongoose from 'mongoose';
import { loadConfig } from '../config.js';
import { connectMongoose, databaseUri, startEngine, syncIndexes } from '../db/index.js';
import { buildDeps } from '../build-deps.js';
import { createLogger } from '../lib/logger.js';
import { seed, seedSummary } from '../seed/index.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const engine = await startEngine({
    uri: config.db.uri,
    preference: config.db.embeddedEngine,
    dataDir: config.db.dataDir,
    logger,
  });
  try {
    await connectMongoose(databaseUri(engine.uri, config.db.name));
    await syncIndexes();
    const deps = await buildDeps(config, logger);
    const report = await seed(deps);
    console.log(`Seeded database "${config.db.name}" (${engine.name} engine, ${deps.storage.driver} images):`);
    for (const line of seedSummary(report)) console.log(`  ${line}`);
  } finally {
    await mongoose.disconnect();
    await engine.stop();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
