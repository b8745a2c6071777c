/**
 * The durability layer: what the engine promises about its data directory.
 *
 *   DATA_DIR/embedded-db.bson        newest checkpoint (with the LSN it includes)
 *   DATA_DIR/journal/*.wal           journal segments written since
 *   DATA_DIR/embedded-db.lock        who holds the directory
 *
 * Every command's changes become one journal record (all or nothing at recovery).
 * A command's reply is sent only once every record it could have seen is on disk,
 * so nothing a client was told about, not even by a read, can be lost by a crash.
 * When the journal cannot be written, changes are refused before they are applied
 * and the engine reports the cause until a retry succeeds.
 *
 * Start-up = newest checkpoint + replay of the journal records after its LSN.
 */
import path from 'node:path';
import { captureCheckpoint, checkpointBytes, CorruptDataFileError, isOutdated, loadCheckpoint } from './checkpoint.js';
import { CommandError, ErrorCode, errorReply } from '../values/errors.js';
import {
  decodeRecordAt,
  encodeRecord,
  JournalWriteError,
  JournalWriter,
  listSegments,
  type SegmentFile,
} from './journal.js';
import { lockDataDirectory, type DataDirectoryLock } from './lock.js';
import { applyOp, decodeOps, encodeOp } from './ops.js';
import { errnoOf, MAX_READABLE_BYTES, realFs, replaceFileDurably, type StorageFs } from '../storage/storage-fs.js';
import type { Store, StoreOp } from '../storage/store.js';
import type { CheckpointFile } from '../storage/stored.js';
import type { Doc } from '../values/values.js';
import { CHECKPOINT_FILE, JOURNAL_DIR } from './files.js';

export { CHECKPOINT_FILE, JOURNAL_DIR };

/** Journal bytes after which a checkpoint is written (and the journal trimmed). */
const DEFAULT_CHECKPOINT_BYTES = 32 * 1024 * 1024;
/**
 * Journal bytes replayed at start-up after which a checkpoint is written straight away: otherwise a
 * shop restarted without writes would replay the same records at every start (≈ 1.6 s of CPU for
 * 60 MB), as only a write can reach the checkpoint threshold.
 */
const REPLAYED_CHECKPOINT_BYTES = 4 * 1024 * 1024;

export interface DurabilityOptions {
  dataDir: string;
  fs?: StorageFs;
  checkpointBytes?: number;
  log?: (level: 'warn' | 'error' | 'info', message: string) => void;
  /**
   * Indexes whose keys the checkpoint saved, in collections the journal did not change, are read
   * when first used or by Store.buildDeferred, not before open() returns (see
   * IndexRuntime.deferSavedKeys).
   */
  deferSavedKeys?: boolean;
}

export interface StorageHealth {
  writable: boolean;
  /** Why writes are refused, for /readyz and the logs. */
  cause?: string;
}

export class DataDirectoryError extends Error {
  constructor(dir: string, cause: unknown) {
    super(`The data directory ${dir} cannot be written (${(cause as Error)?.message ?? String(cause)})`, { cause });
    this.name = 'DataDirectoryError';
  }
}

interface RecoveredJournal {
  lastLsn: number;
  nextGeneration: number;
  bytes: number;
}

/**
 * Replays the journal after the checkpoint's LSN into `store`. Records must follow one
 * another without a gap; a torn or damaged *tail* (a crash mid-write) ends the journal and
 * is cut off when `repair` is set, while damage with intact records after it, or a missing
 * record, is corruption and refuses the start: the data a client was promised is not there.
 */
export async function replayJournal(
  fs: StorageFs,
  store: Store,
  dir: string,
  checkpointLsn: number,
  repair: boolean,
  strings = new Map<string, string>(),
): Promise<RecoveredJournal> {
  const segments = await listSegments(fs, dir);
  let last = checkpointLsn;
  let bytes = 0;
  for (const segment of segments) {
    const buf = await fs.readFile(segment.file);
    bytes += buf.length;
    let offset = 0;
    while (offset < buf.length) {
      const record = decodeRecordAt(buf, offset);
      if (!record) {
        if (intactRecordAfter(buf, offset + 1, last)) {
          throw new CorruptDataFileError(
            segment.file,
            `damaged journal record at byte ${offset} with records after it`,
          );
        }
        // Best effort: a torn tail that stays is skipped again at the next start.
        if (repair) await truncateTail(fs, segment, offset).catch(() => undefined);
        break;
      }
      if (record.lsn > last) {
        if (record.lsn !== last + 1) {
          throw new CorruptDataFileError(segment.file, `journal record ${last + 1} is missing (found ${record.lsn})`);
        }
        try {
          for (const op of decodeOps(record.payload, strings)) applyOp(store, op);
        } catch (err) {
          throw new CorruptDataFileError(
            segment.file,
            `journal record ${record.lsn} cannot be replayed: ${(err as Error).message}`,
          );
        }
        last = record.lsn;
      }
      offset = record.end;
    }
  }
  const nextGeneration = segments.reduce((max, s) => Math.max(max, s.generation + 1), 1);
  return { lastLsn: last, nextGeneration, bytes };
}

function intactRecordAfter(buf: Buffer, from: number, last: number): boolean {
  for (let at = from; at + 20 <= buf.length; at++) {
    const record = decodeRecordAt(buf, at);
    if (record && record.lsn > last) return true;
  }
  return false;
}

async function truncateTail(fs: StorageFs, segment: SegmentFile, length: number): Promise<void> {
  const handle = await fs.open(segment.file, 'r+');
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function storageError(failure: JournalWriteError): CommandError {
  const full = failure.errno === 'ENOSPC' || failure.errno === 'EDQUOT';
  return new CommandError(
    full ? ErrorCode.OutOfDiskSpace : ErrorCode.FileStreamFailed,
    `embedded engine: ${failure.message}; changes are refused until the data directory can be written again`,
  );
}

export class Durability {
  private readonly fs: StorageFs;
  private readonly dataDir: string;
  private readonly checkpointFile: string;
  private readonly journalDir: string;
  private readonly checkpointThreshold: number;
  private readonly log: NonNullable<DurabilityOptions['log']>;
  private readonly store: Store;
  private readonly lock: DataDirectoryLock;
  private readonly writer: JournalWriter;
  /** Encoded ops of the command being executed; sealed into one record after it. */
  private current: Buffer[] = [];
  /** The checkpoint file the loaded documents are read from (see CheckpointFile), closed last. */
  private readonly documentsFile: CheckpointFile | undefined;
  private lastLsn: number;
  private journalBytes: number;
  private checkpointing: Promise<void> | undefined;
  private closed = false;

  private constructor(
    store: Store,
    opts: Required<Omit<DurabilityOptions, 'log' | 'deferSavedKeys'>> & Pick<DurabilityOptions, 'log'>,
    lock: DataDirectoryLock,
    recovered: RecoveredJournal,
    documentsFile: CheckpointFile | undefined,
  ) {
    this.store = store;
    this.documentsFile = documentsFile;
    this.fs = opts.fs;
    this.dataDir = opts.dataDir;
    this.checkpointFile = path.join(opts.dataDir, CHECKPOINT_FILE);
    this.journalDir = path.join(opts.dataDir, JOURNAL_DIR);
    this.checkpointThreshold = opts.checkpointBytes;
    this.log = opts.log ?? ((level, message) => console[level](`[embedded-db] ${message}`));
    this.lock = lock;
    this.lastLsn = recovered.lastLsn;
    this.journalBytes = recovered.bytes;
    this.writer = new JournalWriter({
      fs: this.fs,
      dir: this.journalDir,
      durableLsn: recovered.lastLsn,
      generation: recovered.nextGeneration,
      onDurable: (bytes) => this.afterFlush(bytes),
      onStateChange: (failure) => {
        if (failure) this.log('error', `writes refused: ${failure.message}`);
        else this.log('info', 'the journal can be written again; writes accepted');
      },
    });
  }

  /** Locks the directory, loads the checkpoint, replays the journal and opens a new segment. */
  static async open(store: Store, options: DurabilityOptions): Promise<Durability> {
    const opts = {
      ...options,
      fs: options.fs ?? realFs,
      checkpointBytes: options.checkpointBytes ?? DEFAULT_CHECKPOINT_BYTES,
    };
    const fs = opts.fs;
    try {
      await fs.mkdir(opts.dataDir, { recursive: true });
    } catch (err) {
      throw new DataDirectoryError(opts.dataDir, err);
    }
    let lock: DataDirectoryLock;
    try {
      lock = await lockDataDirectory(opts.dataDir);
    } catch (err) {
      if (errnoOf(err)) throw new DataDirectoryError(opts.dataDir, err);
      throw err;
    }
    try {
      // Documents first, then every index built once from them (sorted, bottom-up), not key by key.
      store.beginBulkLoad();
      // One table of repeated strings for the whole load, dropped with it.
      const strings = new Map<string, string>();
      const checkpointFile = path.join(opts.dataDir, CHECKPOINT_FILE);
      const loaded = await loadCheckpoint(fs, store, checkpointFile, strings);
      let durability: Durability;
      let recovered: RecoveredJournal;
      try {
        const journalDir = path.join(opts.dataDir, JOURNAL_DIR);
        recovered = await replayJournal(fs, store, journalDir, loaded.lsn, true, strings);
        try {
          store.finishBulkLoad(opts.deferSavedKeys === true);
        } catch (err) {
          throw new CorruptDataFileError(opts.dataDir, `the indexes cannot be rebuilt: ${(err as Error).message}`);
        }
        durability = new Durability(store, opts, lock, recovered, loaded.documentsFile);
        await durability.writer.open();
      } catch (err) {
        loaded.documentsFile?.close();
        throw err;
      }
      store.recorder = (op) => durability.record(op);
      // An older format is written again at once in today's (which saves the indexes' order).
      if (isOutdated(loaded) || recovered.bytes >= Math.min(opts.checkpointBytes, REPLAYED_CHECKPOINT_BYTES)) {
        durability
          .checkpoint()
          .catch((err: unknown) => durability.log('warn', `checkpoint after replay failed: ${(err as Error).message}`));
      }
      return durability;
    } catch (err) {
      await lock.release();
      throw err;
    }
  }

  private record(op: StoreOp): void {
    if (this.writer.failure) throw storageError(this.writer.failure);
    if (this.closed) throw new CommandError(ErrorCode.FileStreamFailed, 'embedded engine: the database is closing');
    this.current.push(encodeOp(op));
  }

  /** Turns the changes recorded since the last call into one journal record; returns the newest LSN. */
  seal(): number {
    if (this.current.length > 0) {
      const record = encodeRecord(this.lastLsn + 1, this.current);
      this.current = [];
      this.writer.append(record);
      this.lastLsn = record.lsn;
    }
    return this.lastLsn;
  }

  /**
   * The reply to send once everything the command saw is durable: now when it already is,
   * later otherwise, or an error when the journal fails first. While the journal is failed,
   * reads are answered at once (writes were refused before they changed anything).
   */
  settle(reply: Doc): Doc | Promise<Doc> {
    const lsn = this.seal();
    if (this.writer.failure) return reply;
    const durable = this.writer.waitDurable(lsn);
    if (!durable) return reply;
    return durable.then(
      () => reply,
      (err: unknown) => errorReply(err instanceof JournalWriteError ? storageError(err) : err),
    );
  }

  health(): StorageHealth {
    const failure = this.writer.failure;
    return failure ? { writable: false, cause: failure.message } : { writable: true };
  }

  /** Resolves when everything recorded so far is durable (or the journal failed). */
  async settled(): Promise<void> {
    const lsn = this.seal();
    await this.writer.waitDurable(lsn)?.catch(() => undefined);
  }

  private afterFlush(bytes: number): void {
    this.journalBytes += bytes;
    if (this.journalBytes >= this.checkpointThreshold && !this.checkpointing && !this.closed) {
      this.checkpoint().catch((err: unknown) => this.log('warn', `checkpoint failed: ${(err as Error).message}`));
    }
  }

  /**
   * Writes a checkpoint of the state as of now without holding the event loop, then deletes
   * the journal segments it makes unnecessary. A crash at any point leaves either the old
   * checkpoint with its journal, or the new one with the journal after it.
   */
  checkpoint(): Promise<void> {
    this.checkpointing ??= this.writeCheckpoint().finally(() => {
      this.checkpointing = undefined;
    });
    return this.checkpointing;
  }

  private async writeCheckpoint(): Promise<void> {
    if (this.writer.failure) throw this.writer.failure;
    const lsn = this.seal();
    const capture = captureCheckpoint(this.store, lsn);
    this.writer.startSegment(lsn + 1);
    const bytesBefore = this.journalBytes;
    const written = { bytes: 0 };
    await replaceFileDurably(this.fs, this.checkpointFile, counted(checkpointBytes(capture), written));
    this.journalBytes = Math.max(0, this.journalBytes - bytesBefore);
    await this.trimJournal(lsn);
    const warning = checkpointSizeWarning(written.bytes);
    if (warning) this.log('warn', warning);
  }

  /**
   * Deletes each segment that a later one makes redundant: when a later segment starts at or
   * before lsn + 1, every record of the earlier one is either in the checkpoint (<= lsn) or
   * was written again in that later segment (the retry after a failed write).
   */
  private async trimJournal(lsn: number): Promise<void> {
    const segments = await listSegments(this.fs, this.journalDir);
    for (const segment of segments) {
      const superseded = segments.some((later) => later.generation > segment.generation && later.firstLsn <= lsn + 1);
      if (superseded) await this.fs.unlink(segment.file);
    }
  }

  /** Waits for the journal, writes a final checkpoint when it can, and releases the directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.settled();
    if (!this.writer.failure) {
      await this.checkpoint().catch((err: unknown) =>
        this.log('warn', `final checkpoint failed (the journal still has everything): ${(err as Error).message}`),
      );
    }
    this.closed = true;
    while (this.checkpointing) await this.checkpointing.catch(() => undefined);
    await this.writer.close();
    this.documentsFile?.close();
    await this.lock.release();
  }
}

/**
 * Backups and restores read the checkpoint into one buffer (readWholeFile), which holds at most
 * MAX_READABLE_BYTES (4 GiB); start-up reads it a window at a time since (checkpoint-bytes.ts). Past
 * half of that (about 1,000,000 orders) every checkpoint says so, while there is time to move to MongoDB.
 */
export function checkpointSizeWarning(bytes: number, limit = MAX_READABLE_BYTES): string | undefined {
  if (bytes <= limit / 2) return undefined;
  const gib = (n: number) => (n / 2 ** 30).toFixed(2);
  return `the checkpoint is ${gib(bytes)} GiB; the embedded engine's backups and restores (npm run db:backup, db:restore) cannot read one over ${gib(limit)} GiB: move the shop to MongoDB (npm run db:export, then db:import and MONGODB_URI; docs/operations.md)`;
}

async function* counted(parts: AsyncIterable<Buffer>, total: { bytes: number }): AsyncIterable<Buffer> {
  for await (const part of parts) {
    total.bytes += part.length;
    yield part;
  }
}
