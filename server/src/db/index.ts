import mongoose from 'mongoose';
import { withTimeout } from '../lib/timeout.js';

export { startEngine, type DatabaseEngine, type EngineName, type EngineOptions } from './engine.js';

/** Joins a server URI and a database name, keeping any query string. */
export function databaseUri(serverUri: string, dbName: string): string {
  const url = new URL(serverUri);
  if (url.pathname === '' || url.pathname === '/') url.pathname = `/${dbName}`;
  return url.toString();
}

/** Indexes are made by syncIndexes, once: mongoose's autoIndex would send every one a second time. */
export async function connectMongoose(uri: string): Promise<typeof mongoose> {
  mongoose.set('strictQuery', true);
  return mongoose.connect(uri, { serverSelectionTimeoutMS: 5000, autoIndex: false });
}

/**
 * Builds every model's missing indexes; unique indexes are part of correctness, not an
 * optimisation. A shop that has them all (every start but the first) asks one listIndexes per
 * collection instead of a createIndex per index (~50 at start-up); a shop upgraded to a schema with
 * a new index gets that index alone, not the collection's whole set again. An index that differs
 * from the schema's is sent to createIndex, which reports the conflict as it always did.
 */
export async function syncIndexes(): Promise<void> {
  await Promise.all(
    Object.values(mongoose.models).map(async (m) => {
      const { toCreate } = await m.diffIndexes({ indexOptionsToCreate: true });
      // Mongoose's own syncIndexes hands the diff's [keys, options] pairs over this way; its types omit it.
      if (toCreate.length > 0) await m.createIndexes({ toCreate } as Parameters<typeof m.createIndexes>[0]);
    }),
  );
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

let markReady = () => {};
const readyOnce = new Promise<void>((resolve) => (markReady = resolve));

/** Settles the first time databaseReadiness finds the database ready (a /readyz 200). */
export function firstReadiness(): Promise<void> {
  return readyOnce;
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
    markReady();
    return { ready: true };
  } catch {
    return { ready: false, reason: 'down' };
  }
}
