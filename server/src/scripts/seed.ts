/**
 * Puts the demo store into the configured database (`npm run seed`): the admin from
 * ADMIN_USERNAME/ADMIN_PASSWORD, 3 sliders, the product catalogue and 8 gallery images.
 * Running it again changes nothing. With the in-process database engine, stop the server first:
 * both would own the same data file.
 */
import { loadConfig } from '../config.js';
import { buildDeps } from '../build-deps.js';
import { createLogger } from '../lib/logger.js';
import { seed, seedSummary } from '../seed/index.js';
import { withAppDatabase } from './app-database.js';
import { runScript } from './run-script.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  await withAppDatabase(
    config,
    async (engine) => {
      const deps = await buildDeps(config, logger);
      const report = await seed(deps);
      console.log(`Seeded database "${config.db.name}" (${engine} engine, ${deps.storage.driver} images):`);
      for (const line of seedSummary(report)) console.log(`  ${line}`);
    },
    logger,
  );
}

runScript(run);
