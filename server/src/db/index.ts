import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Logger } from '../lib/logger.js';
import { withTimeout } from '../lib/timeout.js';

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
}

const MONGOD_LOOKUP_TIMEOUT_MS = 5000;

/**
 * MONGODB_URI -> that server. Otherwise a real mongod from mongodb-memory-server-core when its
 * binary is present or fetchable quickly, else the in-process wire-protocol engine.
 */
export async function startEngine(opts: EngineOptions): Promise<DatabaseEngine> {
  if (opts.uri) return { name: 'external', uri: opts.uri, stop: async () => {} };
  if (opts.preference !== 'wire') {
    const mongod = await tryMongod(opts);
    if (mongod) return mongod;
    if (opts.preference === 'mongod')
      throw new Error('EMBEDDED_ENGINE=mongod but no mongod binary could be found or fetched');
  }
  const { startEmbeddedEngine } = await import('./embedded/index.js');
  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : undefined;
  const engine = await startEmbeddedEngine({ dataDir });
  return { name: 'wire', uri: engine.uri, stop: () => engine.stop() };
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

/** Joins a server URI and a database name, keeping any query string. */
export function databaseUri(serverUri: string, dbName: string): string {
  const url = new URL(serverUri);
  if (url.pathname === '' || url.pathname === '/') url.pathname = `/${dbName}`;
  return url.toString();
}

export async function connectMongoose(uri: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  return mongoose.connect(uri, { serverSelectionTimeoutMS: 5000, autoIndex: true });
}

/** Builds every model's indexes; unique indexes are part of correctness, not an optimisation. */
export async function syncIndexes(): Promise<void> {
  await Promise.all(Object.values(mongoose.models).map((m) => m.createIndexes()));
}

/** True when the database answers a ping in time. */
export async function databaseReady(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) return false;
  try {
    await withTimeout(db.admin().ping(), 2000).then((r) => {
      if (!r) throw new Error('ping timed out');
    });
    return true;
  } catch {
    return false;
  }
}
