/**
 * Recomputes every day of the sales roll-ups from the orders (`npm run stats:rebuild`): after
 * orders were imported or restored with old dates, or to check the roll-ups against a recount.
 * Without it the roll-ups build themselves as the owner asks for days. With the in-process
 * database engine, stop the server first: both would own the same data file.
 */
import mongoose from 'mongoose';
import { loadConfig } from '../config.js';
import { connectMongoose, databaseUri, startEngine, syncIndexes } from '../db/index.js';
import { rebuildSalesRollups } from '../modules/orders/index.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const engine = await startEngine({
    uri: config.db.uri,
    preference: config.db.embeddedEngine,
    dataDir: config.db.dataDir,
  });
  try {
    await connectMongoose(databaseUri(engine.uri, config.db.name));
    await syncIndexes();
    const started = Date.now();
    const days = await rebuildSalesRollups(new Date());
    console.log(`Rebuilt the sales of ${days} days in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await mongoose.disconnect();
    await engine.stop();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
