/**
 * Backup and restore of a data directory, safe while the engine runs.
 *
 * A backup reads the newest checkpoint and the journal after it, exactly as a start-up would
 * (but changing nothing on disk), and writes the result as one checkpoint file plus a
 * manifest. It sees the state as of some moment during the copy: every write acknowledged
 * before the backup began is in it. A checkpoint finishing meanwhile can delete the segments
 * it was reading; then it starts over from the newer checkpoint.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { captureCheckpoint, checkpointBytes, CorruptDataFileError, loadCheckpoint } from './checkpoint.js';
import { CHECKPOINT_FILE, JOURNAL_DIR, replayJournal } from './durability.js';
import { lockDataDirectory } from './lock.js';
import { errnoOf, readWholeFile, realFs, replaceFileDurably } from '../storage/storage-fs.js';
import { Store } from '../storage/store.js';
import type { CheckpointFile } from '../storage/stored.js';

export const MANIFEST_FILE = 'manifest.json';
const ATTEMPTS = 5;

export interface BackupManifest {
  format: 'kesh-embedded-backup';
  version: 1;
  createdAt: string;
  /** Last journal record included. */
  lsn: number;
  collections: Array<{ db: string; name: string; documents: number }>;
  documents: number;
  bytes: number;
  sha256: string;
}

/** The shop's state; its checkpoint's documents are read from `file` (close it when done). */
async function readConsistentState(dataDir: string): Promise<{ store: Store; lsn: number; file?: CheckpointFile }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const store = new Store();
    let file: CheckpointFile | undefined;
    try {
      store.beginBulkLoad();
      const checkpoint = await loadCheckpoint(realFs, store, path.join(dataDir, CHECKPOINT_FILE));
      file = checkpoint.documentsFile;
      const { lastLsn } = await replayJournal(realFs, store, path.join(dataDir, JOURNAL_DIR), checkpoint.lsn, false);
      store.finishBulkLoad();
      return { store, lsn: lastLsn, file };
    } catch (err) {
      file?.close();
      // A segment deleted under us, or a journal that now starts after the checkpoint we read:
      // a newer checkpoint was completed meanwhile. Read again.
      const raced =
        errnoOf(err) === 'ENOENT' || (err instanceof CorruptDataFileError && /is missing/.test(err.message));
      if (!raced) throw err;
      lastError = err;
    }
  }
  throw lastError;
}

/** Writes `<destination>/embedded-db.bson` and `manifest.json`; returns the manifest. */
export async function backupDataDirectory(dataDir: string, destination: string): Promise<BackupManifest> {
  const { store, lsn, file: documents } = await readConsistentState(dataDir);
  const file = path.join(destination, CHECKPOINT_FILE);
  try {
    await mkdir(destination, { recursive: true });
    if ((await readdir(destination)).length > 0) throw new Error(`The backup folder ${destination} is not empty`);
    await replaceFileDurably(realFs, file, checkpointBytes(captureCheckpoint(store, lsn)));
  } finally {
    // The shop's checkpoint it was copied from, which a newer one may have replaced meanwhile.
    documents?.close();
  }
  const bytes = await readWholeFile(file);
  const collections = store
    .allCollections()
    .map((c) => ({ db: c.db, name: c.name, documents: c.size }))
    .sort((a, b) => `${a.db}.${a.name}`.localeCompare(`${b.db}.${b.name}`));
  const manifest: BackupManifest = {
    format: 'kesh-embedded-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    lsn,
    collections,
    documents: collections.reduce((sum, c) => sum + c.documents, 0),
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
  await writeFile(path.join(destination, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

/** Checks a backup against its manifest and puts it into an empty data directory. */
export async function restoreDataDirectory(backupDir: string, dataDir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8')) as BackupManifest;
  if (manifest.format !== 'kesh-embedded-backup') throw new RestoreError(`${backupDir} is not a backup of this shop`);
  const bytes = await readWholeFile(path.join(backupDir, CHECKPOINT_FILE));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (bytes.length !== manifest.bytes || sha256 !== manifest.sha256) {
    throw new RestoreError(
      `The backup in ${backupDir} does not match its manifest (damaged or altered); nothing restored`,
    );
  }
  // Loading it is the real check: the same code reads it at every start.
  const probe = new Store();
  probe.beginBulkLoad();
  await loadCheckpoint({ ...realFs, readFile: async () => bytes }, probe, CHECKPOINT_FILE);
  try {
    probe.finishBulkLoad();
  } catch (err) {
    throw new RestoreError(`The backup in ${backupDir} cannot be loaded: ${(err as Error).message}; nothing restored`);
  }
  const documents = probe.allCollections().reduce((sum, c) => sum + c.size, 0);
  if (documents !== manifest.documents)
    throw new RestoreError(`The backup holds ${documents} documents, its manifest says ${manifest.documents}`);

  await mkdir(dataDir, { recursive: true });
  const lock = await lockDataDirectory(dataDir);
  try {
    const existing = await readdir(dataDir);
    const journal = await readdir(path.join(dataDir, JOURNAL_DIR)).catch(() => []);
    if (existing.includes(CHECKPOINT_FILE) || journal.length > 0) {
      throw new RestoreError(
        `${dataDir} already holds a database. Restore only into an empty data directory: stop the shop, move the old one away, then restore.`,
      );
    }
    await replaceFileDurably(
      realFs,
      path.join(dataDir, CHECKPOINT_FILE),
      (async function* () {
        yield bytes;
      })(),
    );
  } finally {
    await lock.release();
  }
  return manifest;
}
