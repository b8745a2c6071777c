/**
 * Test support: run the same suites against the embedded engine or, when
 * MONGODB_URI is set, against that real server to confirm the behaviour matches.
 */
import { MongoClient, MongoServerError, type Db } from 'mongodb';
import { startEmbeddedEngine, type EmbeddedEngine } from '../src/index.js';

export interface TestTarget {
  /** Connection string; pass the database name separately (`dbName` / `client.db(name)`). */
  uri: string;
  /** The engine when testing the embedded implementation, undefined against a real server. */
  engine: EmbeddedEngine | undefined;
  stop(): Promise<void>;
}

export const externalUri: string | undefined = process.env.MONGODB_URI || undefined;

export async function startTestTarget(): Promise<TestTarget> {
  if (externalUri) return { uri: externalUri, engine: undefined, stop: async () => undefined };
  const engine = await startEmbeddedEngine();
  return { uri: `${engine.uri}/?directConnection=true`, engine, stop: () => engine.stop() };
}

export interface TestDb {
  target: TestTarget;
  client: MongoClient;
  /** Emptied when opened and when closed. */
  db: Db;
  close(): Promise<void>;
}

/** A driver connected to a new test target, with database `name` emptied. */
export async function connectTestDb(name: string): Promise<TestDb> {
  const target = await startTestTarget();
  const client = new MongoClient(target.uri, { serverSelectionTimeoutMS: 5000 });
  try {
    await client.connect();
    const db = client.db(name);
    await db.dropDatabase();
    return {
      target,
      client,
      db,
      async close() {
        await db.dropDatabase();
        await client.close();
        await target.stop();
      },
    };
  } catch (err) {
    await client.close();
    await target.stop();
    throw err;
  }
}

/** The server error `promise` fails with; fails the test when it succeeds or fails otherwise. */
export async function serverError(promise: Promise<unknown>): Promise<MongoServerError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MongoServerError) return err;
    throw err;
  }
  throw new Error('expected the operation to fail');
}
