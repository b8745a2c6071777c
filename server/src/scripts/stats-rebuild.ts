/**
 * Recomputes every day of the sales roll-ups from the orders (`npm run stats:rebuild`): after
 * orders were imported or restored with old dates, or to check the roll-ups against a recount.
 * Without it the roll-ups build themselves as the owner asks for days. With the in-process
 * database engine, stop the server first: both would own the same data file.
 */
import { loadConfig } from '../config.js';
import { rebuildSalesRollups } from '../modules/orders/index.js';
import { withAppDatabase } from './app-database.js';
import { runScript } from './run-script.js';

async function run(): Promise<void> {
  await withAppDatabase(loadConfig(), async () => {
    const started = Date.now();
    const days = await rebuildSalesRollups(new Date());
    console.log(`Rebuilt the sales of ${days} days in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  });
}

runScript(run);
