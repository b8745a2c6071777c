import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedEngine } from '@kesh/embedded-mongo';

/** What the engine's thread tells the server's (engine.ts). */
export type EngineThreadMessage = { uri: string } | { failed: string } | { stopped: true } | { stopFailed: string };

const port = parentPort!;
const say = (message: EngineThreadMessage) => port.postMessage(message);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

// Signals go to the server's thread, which sends 'stop' once its requests are answered.
startEmbeddedEngine({ dataDir: (workerData as { dataDir?: string }).dataDir }).then(
  (engine) => {
    port.on('message', (request: 'stop') => {
      if (request !== 'stop') return;
      engine.stop().then(
        () => say({ stopped: true }),
        (err: unknown) => say({ stopFailed: message(err) }),
      );
    });
    say({ uri: engine.uri });
  },
  (err: unknown) => say({ failed: message(err) }),
);
