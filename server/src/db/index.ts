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
  const { startEmbeddedEngine } = await import('@kesh/embedded-mongo');
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

/**
 * Server error codes that mean "the change could not be made durable": the embedded engine's
 * journal cannot be written (OutOfDiskSpace, FileStreamFailed), or a write concern failed.
 */
const STORAGE_FAILURE_CODES = new Set([14031, 39, 64, 100]);

/** True for a database error that says the data could not be kept (a 503, not a 500). */
export function isStorageFailure(err: unknown): boolean {
  const e = err as {
    code?: unknown;
    writeErrors?: Array<{ code?: unknown }>;
    writeConcernError?: { code?: unknown };
    errorResponse?: { code?: unknown; writeErrors?: Array<{ code?: unknown }> };
  } | null;
  if (!e || typeof e !== 'object') return false;
  const codes = [
    e.code,
    e.writeConcernError?.code,
    e.errorResponse?.code,
    ...(e.writeErrors ?? []).map((w) => w.code),
    ...(e.errorResponse?.writeErrors ?? []).map((w) => w.code),
  ];
  return codes.some((c) => typeof c === 'number' && STORAGE_FAILURE_CODES.has(c));
}

export type DatabaseReadiness = { ready: true } | { ready: false; reason: 'down' | 'read-only'; cause?: string };

/**
 * Ready when the database answers a ping in time and can keep changes. The embedded engine's
 * ping says when its journal cannot be written (disk full, read-only); mongod's has no such field.
 */
export async function databaseReadiness(): Promise<DatabaseReadiness> {
  const db = mongoose.connection.db;
  if (!db || mongoose.connection.readyState !== 1) return { ready: false, reason: 'down' };
  try {
    const reply = await withTimeout(db.admin().ping(), 2000);
    if (!reply) return { ready: false, reason: 'down' };
    const storage = (reply as { embeddedStorage?: { writable?: boolean; cause?: string } }).embeddedStorage;
    if (storage && storage.writable === false) return { ready: false, reason: 'read-only', cause: storage.cause };
    return { ready: true };
  } catch {
    return { ready: false, reason: 'down' };
  }
}
