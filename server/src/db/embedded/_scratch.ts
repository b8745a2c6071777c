import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedEngine } from './index.js';
const e = await startEmbeddedEngine();
for (const direct of [true, false]) {
  const c = new MongoClient(`${e.uri}/t?${direct ? 'directConnection=true' : ''}`, { serverSelectionTimeoutMS: 3000 });
  await c.connect();
  const col = c.db('t').collection('x');
  await col.insertMany([{ a: 1 }, { a: 2 }, { a: 3 }]);
  console.log(await col.find({ a: { $gt: 1 } }).sort({ a: -1 }).toArray());
  console.log(await col.findOneAndUpdate({ a: 1 }, { $inc: { a: 10 } }, { returnDocument: 'after' }));
  console.log(await col.countDocuments(), await col.estimatedDocumentCount());
  await col.createIndex({ a: 1 }, { unique: true });
  try { await col.insertOne({ a: 2 }); } catch (err) { console.log((err as Error).message, (err as { code?: number }).code); }
  console.log(await col.indexes());
  await col.drop();
  await c.close();
}
await e.stop();
