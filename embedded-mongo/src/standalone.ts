/**
 * The embedded engine as a process of its own:
 *
 *   node standalone.js --data-dir DIR [--port PORT] [--checkpoint-bytes N]
 *
 * Prints `listening on mongodb://127.0.0.1:PORT` once it accepts connections.
 * SIGTERM/SIGINT answer the commands already received, write a final checkpoint
 * and exit 0. The crash tests kill it with SIGKILL at random moments.
 */
import { parseArgs } from 'node:util';
import { exitOnSignals, startEmbeddedEngine } from './index.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    port: { type: 'string', default: '0' },
    'checkpoint-bytes': { type: 'string' },
  },
});

async function run(): Promise<void> {
  const dataDir = values['data-dir'];
  if (!dataDir) throw new Error('--data-dir is required');
  const engine = await startEmbeddedEngine({
    dataDir,
    port: Number(values.port),
    checkpointBytes: values['checkpoint-bytes'] ? Number(values['checkpoint-bytes']) : undefined,
  });
  console.log(`listening on ${engine.uri}`);
  exitOnSignals(engine);
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
