/**
 * A database as Extended JSON files, readable by any MongoDB (`npm run db:export` / `db:import`):
 *
 *   <folder>/manifest.json               database name, time, each collection and its count
 *   <folder>/<collection>.json           one document a line, canonical EJSON (mongoimport reads it too)
 *   <folder>/<collection>.metadata.json  {options, indexes}, the shape of mongodump's metadata files
 *
 * Canonical EJSON keeps every BSON type (int32 beside double, Int64, Decimal128, dates, ObjectIds),
 * so documents come back byte for byte. Both directions stream, a batch at a time.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EJSON } from 'bson';
import type { Db, Document } from 'mongodb';

export interface ExportManifest {
  database: string;
  exportedAt: string;
  collections: Array<{ name: string; documents: number; indexes: number }>;
}

interface Metadata {
  options: Document;
  indexes: Document[];
}

const IMPORT_BATCH = 1000;
const canonical = (value: unknown): string => EJSON.stringify(value, { relaxed: false });
const fileBase = (collection: string): string => encodeURIComponent(collection);

export class ImportRefused extends Error {}

async function writeLines(file: string, lines: AsyncIterable<string>): Promise<number> {
  const out = createWriteStream(file);
  let n = 0;
  try {
    for await (const line of lines) {
      if (!out.write(`${line}\n`)) await once(out, 'drain');
      n++;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return n;
}

async function* documentLines(db: Db, name: string): AsyncIterable<string> {
  // promoteValues: false keeps int32, double and Int64 apart, as they were stored.
  const cursor = db.collection(name).find({}, { promoteValues: false, bsonRegExp: true, batchSize: IMPORT_BATCH });
  for await (const doc of cursor) yield canonical(doc);
}

/** Writes every collection of `db` (not system.*) with its options and indexes into `folder`. */
export async function exportDatabase(db: Db, folder: string): Promise<ExportManifest> {
  await mkdir(folder, { recursive: true });
  const infos = (await db.listCollections({ type: 'collection' }).toArray()).filter(
    (c) => !c.name.startsWith('system.'),
  );
  infos.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const manifest: ExportManifest = { database: db.databaseName, exportedAt: new Date().toISOString(), collections: [] };
  for (const info of infos) {
    const indexes = (await db.collection(info.name).listIndexes().toArray()).map(({ ns: _ns, ...spec }) => spec);
    const metadata: Metadata = { options: (info as { options?: Document }).options ?? {}, indexes };
    await writeFile(path.join(folder, `${fileBase(info.name)}.metadata.json`), `${canonical(metadata)}\n`);
    const documents = await writeLines(path.join(folder, `${fileBase(info.name)}.json`), documentLines(db, info.name));
    manifest.collections.push({ name: info.name, documents, indexes: indexes.length });
  }
  await writeFile(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export interface ImportOptions {
  /** Drop each collection first (as mongorestore --drop); otherwise a collection holding documents is refused. */
  drop?: boolean;
}

/** Creates each exported collection in `db` with its options and indexes, then inserts its documents. */
export async function importDatabase(db: Db, folder: string, options: ImportOptions = {}): Promise<ExportManifest> {
  const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as ExportManifest;
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  if (!options.drop) {
    for (const { name } of manifest.collections) {
      if (existing.has(name) && (await db.collection(name).estimatedDocumentCount()) > 0) {
        throw new ImportRefused(
          `collection "${name}" in database "${db.databaseName}" already holds documents: import into an empty database, or pass --drop to replace it`,
        );
      }
    }
  }
  for (const { name } of manifest.collections) {
    const metadata = EJSON.parse(await readFile(path.join(folder, `${fileBase(name)}.metadata.json`), 'utf8'), {
      relaxed: false,
    }) as Metadata;
    if (existing.has(name)) await db.collection(name).drop();
    await db.createCollection(name, metadata.options);
    const indexes = metadata.indexes.filter((spec) => spec.name !== '_id_');
    if (indexes.length) await db.command({ createIndexes: name, indexes });
    await insertLines(db, name, path.join(folder, `${fileBase(name)}.json`));
  }
  return manifest;
}

async function insertLines(db: Db, name: string, file: string): Promise<void> {
  const coll = db.collection(name);
  let batch: Document[] = [];
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(EJSON.parse(line, { relaxed: false }) as Document);
    if (batch.length === IMPORT_BATCH) {
      await coll.insertMany(batch, { ordered: true });
      batch = [];
    }
  }
  if (batch.length) await coll.insertMany(batch, { ordered: true });
}
