import { readdirSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { holdsEngineData } from '@kesh/embedded-mongo/files';
import type { Logger } from '../lib/logger.js';
import { withTimeout } from '../lib/timeout.js';
import type { Worker } from 'node:worker_threads';
import { bundledEntry, startWorker } from '../lib/worker-thread.js';
import type { EngineThreadMessage, EngineThreadRequest } from './engine-thread.js';

export type EngineName = 'external' | 'mongod' | 'wire';

export interface DatabaseEngine {
  name: EngineName;
  /** Server URI without a database name. */
  uri: string;
  stop(): Promise<void>;
}

export interface EngineOptions {
  uri?: string;
  preference: 'auto' | 'mongod' | 'wire';
  /** Folder for persistent data; undefined keeps everything in memory (tests). */
  dataDir?: string;
  logger?: Logger;
  /**
   * Runs the in-process engine on a worker thread of its own (the server does): its load and its
   * garbage collection use the second core instead of the event loop that serves requests. Called
   * if that thread ever stops without being asked to: the data can no longer be served.
   */
  onThreadLost?: (err: Error) => void;
}

const MONGOD_LOOKUP_TIMEOUT_MS = 5000;

/**
 * MONGODB_URI -> that server. Otherwise a real mongod from mongodb-memory-server-core when its
 * binary is present or fetchable quickly, else the in-process wire-protocol engine.
 */
export async function startEngine(opts: EngineOptions): Promise<DatabaseEngine> {
  const taken = early;
  early = undefined;
  const thread = taken?.thread;
  let threadTaken = false;
  try {
    if (opts.uri) return { name: 'external', uri: opts.uri, stop: async () => {} };
    const preference = opts.preference === 'auto' ? await engineOfDataDir(opts.dataDir) : opts.preference;
    if (preference !== 'wire') {
      const mongod = await tryMongod(opts);
      if (mongod) return mongod;
      if (preference === 'mongod') throw new Error(noMongodMessage(opts.preference));
    }
    const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : undefined;
    if (opts.onThreadLost) {
      threadTaken = true;
      if (taken?.failure) throw taken.failure;
      return await startEngineThread(thread ?? startEngineWorker(), dataDir, opts.onThreadLost);
    }
    const { startEmbeddedEngine } = await import('@kesh/embedded-mongo');
    const engine = await startEmbeddedEngine({ dataDir });
    return { name: 'wire', uri: engine.uri, stop: () => engine.stop() };
  } finally {
    // A thread started early for another engine (MONGODB_URI, a mongod) has nothing to do.
    if (!threadTaken) void thread?.terminate();
  }
}

/**
 * With EMBEDDED_ENGINE=auto a data folder stays with the engine that wrote it: a shop whose data the
 * in-process engine keeps must not come up on an empty mongod (and be seeded as a new demo shop) the
 * day a mongod binary turns up, nor the other way round; and its starts skip the mongod lookup,
 * which costs up to MONGOD_LOOKUP_TIMEOUT_MS on a machine without the binary or the internet.
 * Only a folder that holds neither looks for a mongod, once.
 */
export async function engineOfDataDir(dataDir: string | undefined): Promise<'auto' | 'mongod' | 'wire'> {
  if (!dataDir) return 'auto';
  const wire = await holdsEngineData(dataDir);
  const mongod = await readdir(path.join(dataDir, 'mongod')).then(
    (names) => names.length > 0,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
  if (wire && mongod) throw new Error(BOTH_ENGINES_MESSAGE);
  return wire ? 'wire' : mongod ? 'mongod' : 'auto';
}

export const BOTH_ENGINES_MESSAGE =
  "DATA_DIR holds data of both the in-process engine and mongod (DATA_DIR/mongod): set EMBEDDED_ENGINE=wire or EMBEDDED_ENGINE=mongod to say which is the shop's";

export function noMongodMessage(asked: EngineOptions['preference']): string {
  return asked === 'mongod'
    ? 'EMBEDDED_ENGINE=mongod but no mongod binary could be found or fetched'
    : "DATA_DIR/mongod holds the shop's mongod data but no mongod binary could be found or fetched: install mongod, or set MONGODB_URI";
}

/**
 * The built server starts the engine's thread from one file (`npm run build -w server` bundles
 * engine-thread.js with the engine, mingo, bson...): the thread loaded some 300 modules before it
 * could read the data, ~0.2 s of its CPU and more of its wall time, all on the way to /readyz.
 */
function engineThreadFile(): URL {
  const thread = new URL('./engine-thread', import.meta.url);
  if (import.meta.url.endsWith('.ts')) return thread;
  // `tsc -b` alone (the typecheck) re-emits the thread and the engine but not the bundle: running
  // an older engine than the one just built would be a silent wrong answer, so the bundle must be
  // at least as new as every file of the engine's build too.
  const engineDist = path.dirname(fileURLToPath(import.meta.resolve('@kesh/embedded-mongo')));
  const engineFiles = readdirSync(engineDist, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => pathToFileURL(path.join(engineDist, file)));
  return bundledEntry(thread, engineFiles);
}

/**
 * The engine's thread. A young generation of 12 MB (4 MB semi-spaces) instead of V8's 48: the
 * engine's garbage dies within a command, so the smaller one promotes no more and commits ~25 MB
 * less (engine-scale.md, "eighth session"). No old-generation limit: a thread that reaches it dies
 * with the shop.
 */
const startEngineWorker = () => startWorker(engineThreadFile(), { resourceLimits: { maxYoungGenerationSizeMb: 12 } });

/** The engine's thread started ahead of the app's modules (prestartEngineThread), until startEngine takes it. */
let early: EarlyThread | undefined;

interface EarlyThread {
  thread: Worker;
  /** Why it ended before startEngine took it. */
  failure?: Error;
}

/**
 * Starts the engine's thread now, before the server has read its settings: the thread loads the
 * engine (~0.1-0.2 s of its own) while the server's thread loads the app's modules, instead of
 * after the first of them (the settings' schema, the logger). startEngine hands it the data
 * directory, or ends it when the shop's engine is another (MONGODB_URI, a mongod).
 */
export function prestartEngineThread(): void {
  if (early) return;
  const started: EarlyThread = { thread: startEngineWorker() };
  // A thread that ends before startEngine takes it (its bundle failed to load) fails that start,
  // instead of leaving it waiting for a thread that is gone.
  const failed = (err: Error) => (started.failure ??= err);
  started.thread.on('error', failed).on('exit', (code) => failed(threadStopped(code)));
  early = started;
}

const threadStopped = (code: number) => new Error(`the database engine's thread stopped (exit code ${code})`);

/** The in-process engine on its own thread (engine-thread.ts); resolves once its data is loaded. */
function startEngineThread(
  thread: Worker,
  dataDir: string | undefined,
  onLost: (err: Error) => void,
): Promise<DatabaseEngine> {
  thread.postMessage({ dataDir } satisfies EngineThreadRequest);
  let stopping: Promise<void> | undefined;
  return new Promise((resolve, reject) => {
    let started = false;
    const lost = (err: Error) => {
      if (!started) reject(err);
      else if (!stopping) onLost(err);
    };
    thread.on('error', lost);
    thread.on('exit', (code) => lost(threadStopped(code)));
    thread.on('message', (message: EngineThreadMessage) => {
      if ('failed' in message) return reject(new Error(message.failed));
      if (!('uri' in message)) return;
      started = true;
      resolve({
        name: 'wire',
        uri: message.uri,
        stop: () => {
          stopping ??= new Promise<void>((stopped, failed) => {
            thread.on('message', (reply: EngineThreadMessage) => {
              if ('stopped' in reply) stopped();
              if ('stopFailed' in reply) failed(new Error(reply.stopFailed));
            });
            thread.postMessage('stop' satisfies EngineThreadRequest);
          }).finally(() => thread.terminate());
          return stopping;
        },
      });
    });
  });
}

async function tryMongod(opts: EngineOptions): Promise<DatabaseEngine | undefined> {
  try {
    const { MongoBinary, MongoMemoryServer } = await import('mongodb-memory-server-core');
    const binary = await withTimeout(MongoBinary.getPath(), MONGOD_LOOKUP_TIMEOUT_MS);
    if (!binary) return undefined;
    let dbPath: string | undefined;
    if (opts.dataDir) {
      dbPath = path.resolve(opts.dataDir, 'mongod');
      await mkdir(dbPath, { recursive: true });
    }
    const server = await MongoMemoryServer.create({
      binary: { systemBinary: binary },
      instance: dbPath ? { dbPath, storageEngine: 'wiredTiger' } : {},
    });
    return {
      name: 'mongod',
      uri: server.getUri().replace(/\/$/, ''),
      stop: async () => {
        await server.stop({ doCleanup: !dbPath, force: false });
      },
    };
  } catch (err) {
    opts.logger?.debug({ err }, 'no mongod binary available; using the in-process engine');
    return undefined;
  }
}
