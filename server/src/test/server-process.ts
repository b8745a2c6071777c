import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// One process (tsx as a loader, not its CLI): the CLI is a parent that relays signals and gives
// up on a child too busy to confirm it has a SIGTERM handler, exiting 143 under load.
const TSX_LOADER = createRequire(import.meta.url).resolve('tsx');
// Start-up compiles the server with tsx: over 25 s on a loaded 2-core machine.
const GIVE_UP_MS = 80_000;
/** Children still running, killed if the test process leaves without stopping them. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`; kills the child if it has not within 80 s. */
  waitFor(text: string): Promise<void>;
}

/**
 * The real entry point in a child process, with a clean environment and its own data dir; in
 * development mode unless `env` says otherwise (unset, the server runs as a shop: production).
 */
export function startServer(dataDir: string, env: Record<string, string>): Run {
  return startScript('src/main.ts', dataDir, {
    NODE_ENV: 'development',
    EMBEDDED_ENGINE: 'wire',
    SEED_ON_EMPTY: 'false',
    HOST: '127.0.0.1',
    ...env,
  });
}

/** A port nobody listens on right now (for a child process that must be told its port). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server script (path relative to server/) in a child process with only PATH, DATA_DIR and `env`. */
export function startScript(script: string, dataDir: string, env: Record<string, string>): Run {
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', pathToFileURL(TSX_LOADER).href, path.join(SERVER_DIR, script)],
    {
      cwd: dataDir,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (b: Buffer) => {
    output += b.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  running.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    // The give-up timer guards the wait only: a child that started stays up as long as its test
    // needs it (a timer from spawn killed the database of a long crash test after 80 s).
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) return resolve();
        const giveUp = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
        waiters.push({
          text,
          resolve: () => {
            clearTimeout(giveUp);
            resolve();
          },
        });
        void exited.then(() => {
          clearTimeout(giveUp);
          reject(new Error(`exited before "${text}":\n${output}`));
        });
      }),
  };
}
