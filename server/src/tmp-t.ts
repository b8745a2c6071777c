import { startEmbeddedEngine } from './db/embedded/index.js';
import { MongoClient } from 'mongodb';
const e = await startEmbeddedEngine();
const c = new MongoClient(e.uri + '/t?directConnection=true'); await c.connect();
try { console.log(await c.db('t').collection('a').insertOne({ x: 1 })); } catch (err) { console.log(err); }
await c.close(); await e.stop();
