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

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves once the output contains `text`. */
  waitFor(text: string): Promise<void>;
}

/** The real entry point in a child process, with a clean environment and its own data dir. */
export function startServer(dataDir: string, env: Record<string, string>): Run {
  return startScript('src/main.ts', dataDir, {
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
    for (const w of waiters.filter((w) => output.includes(w.text))) w.resolve();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const killer = setTimeout(() => child.kill('SIGKILL'), GIVE_UP_MS);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(killer);
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exited,
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        if (output.includes(text)) return resolve();
        waiters.push({ text, resolve });
        void exited.then(() => reject(new Error(`exited before "${text}":\n${output}`)));
      }),
  };
}
