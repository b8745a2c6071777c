import { parentPort } from 'node:worker_threads';
import { startEmbeddedEngine } from '@kesh/embedded-mongo';

/** What the engine's thread tells the server's (engine.ts). */
export type EngineThreadMessage = { uri: string } | { failed: string } | { stopped: true } | { stopFailed: string };

const port = parentPort!;
const say = (message: EngineThreadMessage) => port.postMessage(message);
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What the server's thread tells the engine's: where the data is (once, first), then 'stop'. */
export type EngineThreadRequest = { dataDir: string | undefined } | 'stop';

// The thread may start before the server knows the data directory (prestartEngineThread): it loads
// the engine meanwhile and starts it when told where. Signals go to the server's thread, which
// sends 'stop' once its requests are answered.
port.once('message', ({ dataDir }: { dataDir: string | undefined }) => {
  startEmbeddedEngine({ dataDir }).then(
    (engine) => {
      port.on('message', (request: EngineThreadRequest) => {
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
});
