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

  it("give a shop upgraded to a schema with new indexes those alone, not each collection's whole set", async () => {
    await mongoose.disconnect();
    await connectMongoose(databaseUri(engine.uri, 'indexes_upgrade'));
    await syncIndexes();
    // A shop from before the catalogue's newest indexes.
    const products = mongoose.connection.db!.collection('maincategories');
    await products.dropIndex('variantsSave.at_1');
    await products.dropIndex('stockHolds.at_1');

    const created: string[] = [];
    await queriesDuring((collection, method) => {
      if (method === 'createIndex') created.push(collection);
      return false;
    }, syncIndexes);
    expect(created).toEqual(['maincategories', 'maincategories']);
    const keys = (await products.indexes()).map((index) => Object.keys(index.key).join());
    expect(keys).toEqual(expect.arrayContaining(['variantsSave.at', 'stockHolds.at']));
    expect((await products.indexes()).find((index) => index.key['stockHolds.at'] === 1)?.sparse).toBe(true);

    expect(await queriesDuring(isCreateIndex, syncIndexes)).toBe(0);
  });
});
