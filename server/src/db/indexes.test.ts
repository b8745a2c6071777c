import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongoose, databaseUri, startEngine, syncIndexes, type DatabaseEngine } from './index.js';
import { queriesDuring } from '../test/query-log.js';
// Every model of the app, registered with mongoose as at start-up.
import '../main-modules.js';

const isCreateIndex = (_collection: string, method: string) => method === 'createIndex';

describe("the models' indexes at start-up", () => {
  let engine: DatabaseEngine;
  beforeAll(async () => {
    engine = await startEngine({ preference: 'wire' });
  });
  afterAll(async () => {
    await mongoose.disconnect();
    await engine.stop();
  });

  it('are each created once on a new database, by syncIndexes, and not again on the next start', async () => {
    const schemaIndexes = Object.values(mongoose.models).reduce((sum, m) => sum + m.schema.indexes().length, 0);
    expect(schemaIndexes).toBeGreaterThan(40);

    const atConnect = await queriesDuring(isCreateIndex, async () => {
      await connectMongoose(databaseUri(engine.uri, 'indexes_once'));
      await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
    });
    expect(atConnect).toBe(0);
    expect(await queriesDuring(isCreateIndex, syncIndexes)).toBe(schemaIndexes);

    // The next start: every index is there, so none is sent again.
    expect(await queriesDuring(isCreateIndex, syncIndexes)).toBe(0);
    const users = await mongoose.connection.db!.collection('users').indexes();
    expect(users.find((index) => index.key.email === 1)?.unique).toBe(true);
  });
});
