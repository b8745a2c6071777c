/**
 * Write-ahead journal.
 *
 * A record is one command's changes, numbered by a log sequence number (LSN):
 *
 *   magic u32 | payload length u32 | lsn u64 | crc32(lsn + payload) u32 | payload
 *
 * Records live in segment files `journal/<first lsn>-<generation>.wal`. A new
 * segment starts at every checkpoint (so whole old segments can be deleted) and
 * after a write failure (a file whose write or fsync failed is never trusted
 * again: its unsynced pages may be gone, as PostgreSQL learned the hard way).
 *
 * Group commit: records queue up while the previous batch is being written and
 * fsynced; the next batch takes everything queued, in one write and one fdatasync.
 * A record is durable, and its waiters are told, only after its fdatasync returned.
 */
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { errnoOf, syncDirectory, writeFully, type StorageFileHandle, type StorageFs } from '../storage/storage-fs.js';

const MAGIC = 0x4b4a5231; // "KJR1"
export const RECORD_HEADER_BYTES = 20;
/** A record larger than this is not believed: a torn length field, not a real record. */
const MAX_RECORD_BYTES = 512 * 1024 * 1024;
const SEGMENT_NAME = /^(\d{16})-(\d{6})\.wal$/;

export interface JournalRecord {
  lsn: number;
  bytes: Buffer;
}

export function encodeRecord(lsn: number, ops: Buffer[]): JournalRecord {
  const payload = Buffer.concat(ops);
  const header = Buffer.alloc(RECORD_HEADER_BYTES);
  header.writeUInt32LE(MAGIC, 0);
  header.writeUInt32LE(payload.length, 4);
  header.writeBigUInt64LE(BigInt(lsn), 8);
  const checksum = crc32(payload, crc32(header.subarray(8, 16)));
  header.writeUInt32LE(checksum, 16);
  return { lsn, bytes: Buffer.concat([header, payload]) };
}

export interface DecodedRecord {
  lsn: number;
  payload: Buffer;
  /** Offset just past this record. */
  end: number;
}

/** The record at `offset`, or undefined when the bytes there are not a whole, intact record. */
export function decodeRecordAt(buf: Buffer, offset: number): DecodedRecord | undefined {
  if (offset + RECORD_HEADER_BYTES > buf.length) return undefined;
  if (buf.readUInt32LE(offset) !== MAGIC) return undefined;
  const length = buf.readUInt32LE(offset + 4);
  const end = offset + RECORD_HEADER_BYTES + length;
  if (length > MAX_RECORD_BYTES || end > buf.length) return undefined;
  const lsnBytes = buf.subarray(offset + 8, offset + 16);
  const payload = buf.subarray(offset + RECORD_HEADER_BYTES, end);
  if (crc32(payload, crc32(lsnBytes)) !== buf.readUInt32LE(offset + 16)) return undefined;
  const lsn = Number(buf.readBigUInt64LE(offset + 8));
  return { lsn, payload, end };
}

export interface SegmentFile {
  name: string;
  file: string;
  firstLsn: number;
  generation: number;
}

export function segmentName(firstLsn: number, generation: number): string {
  return `${String(firstLsn).padStart(16, '0')}-${String(generation).padStart(6, '0')}.wal`;
}

/** Journal segments in the order they were written. */
export async function listSegments(fs: StorageFs, dir: string): Promise<SegmentFile[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if (errnoOf(err) === 'ENOENT') return [];
    throw err;
  }
  const segments: SegmentFile[] = [];
  for (const name of names) {
    const m = SEGMENT_NAME.exec(name);
    if (m) segments.push({ name, file: path.join(dir, name), firstLsn: Number(m[1]), generation: Number(m[2]) });
  }
  return segments.sort((a, b) => a.generation - b.generation || a.firstLsn - b.firstLsn);
}

/** Why the journal could not be written; the engine refuses writes until it can again. */
export class JournalWriteError extends Error {
  readonly errno: string | undefined;
  constructor(cause: unknown) {
    const errno = errnoOf(cause);
    super(`the journal cannot be written: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'JournalWriteError';
    this.errno = errno;
  }
}

interface Waiter {
  lsn: number;
  resolve: () => void;
  reject: (err: JournalWriteError) => void;
}

type QueueItem = JournalRecord | { newSegmentAt: number };

const RETRY_MS = 1000;

export interface JournalWriterOptions {
  fs: StorageFs;
  dir: string;
  /** The last LSN already on disk (from recovery). */
  durableLsn: number;
  /** Next segment generation (one past the highest on disk). */
  generation: number;
  /** Told after each batch became durable, with the bytes it added. */
  onDurable?: (bytes: number) => void;
  /** Told when the journal fails and when it works again. */
  onStateChange?: (failure: JournalWriteError | undefined) => void;
}

/**
 * Appends records in LSN order with group commit. On any write or fsync error it
 * stops (failed), keeps the records it could not confirm, and retries them every
 * second in a fresh segment until that works.
 */
export class JournalWriter {
  private readonly fs: StorageFs;
  private readonly dir: string;
  private readonly onDurable: (bytes: number) => void;
  private readonly onStateChange: (failure: JournalWriteError | undefined) => void;
  private handle: StorageFileHandle | undefined;
  private generation: number;
  private queue: QueueItem[] = [];
  private waiters: Waiter[] = [];
  /** Records not confirmed on disk when the journal failed; rewritten by the retry. */
  private retained: JournalRecord[] = [];
  private flushing: Promise<void> | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  durableLsn: number;
  failure: JournalWriteError | undefined;

  constructor(opts: JournalWriterOptions) {
    this.fs = opts.fs;
    this.dir = opts.dir;
    this.durableLsn = opts.durableLsn;
    this.generation = opts.generation;
    this.onDurable = opts.onDurable ?? (() => undefined);
    this.onStateChange = opts.onStateChange ?? (() => undefined);
  }

  /**
   * Opens the first segment. When that fails (disk full, read-only) the journal starts failed:
   * reads are served, writes refused, and the retry opens a segment once the disk allows it.
   */
  async open(): Promise<void> {
    try {
      await this.fs.mkdir(this.dir, { recursive: true });
      await this.openSegment(this.durableLsn + 1);
    } catch (err) {
      this.fail(err, []);
    }
  }

  append(record: JournalRecord): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw new JournalWriteError(new Error('the journal is closed'));
    this.queue.push(record);
    this.kick();
  }

  /** Records appended from now on go into a new segment starting at `lsn`. */
  startSegment(lsn: number): void {
    if (this.failure || this.closed) return;
    this.queue.push({ newSegmentAt: lsn });
    this.kick();
  }

  /** Resolves once `lsn` is on disk; rejects if the journal fails first. */
  waitDurable(lsn: number): Promise<void> | undefined {
    if (lsn <= this.durableLsn) return undefined;
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ lsn, resolve, reject }));
  }

  /** Waits for everything queued so far, then closes the segment. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    while (this.flushing) await this.flushing;
    await this.handle?.close().catch(() => undefined);
    this.handle = undefined;
    this.failWaiters(this.failure ?? new JournalWriteError(new Error('the journal was closed')));
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = undefined;
    });
  }

  private async flushLoop(): Promise<void> {
    // Let the rest of this tick's commands queue up behind the first one: one write, one fsync.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0 && !this.failure) {
      const items = this.queue;
      this.queue = [];
      let batch: JournalRecord[] = [];
      let pending = items.filter((i): i is JournalRecord => 'lsn' in i);
      try {
        for (const item of items) {
          if ('lsn' in item) {
            batch.push(item);
            continue;
          }
          await this.writeBatch(batch);
          pending = pending.slice(batch.length);
          batch = [];
          await this.openSegment(item.newSegmentAt);
        }
        await this.writeBatch(batch);
      } catch (err) {
        this.fail(err, [...pending, ...this.queue.filter((i): i is JournalRecord => 'lsn' in i)]);
        this.queue = [];
      }
    }
  }

  private async writeBatch(batch: JournalRecord[]): Promise<void> {
    if (batch.length === 0) return;
    if (!this.handle) throw new Error('no journal segment is open');
    const bytes = batch.length === 1 ? (batch[0] as JournalRecord).bytes : Buffer.concat(batch.map((r) => r.bytes));
    await writeFully(this.handle, bytes);
    await this.handle.datasync();
    this.markDurable((batch[batch.length - 1] as JournalRecord).lsn);
    this.onDurable(bytes.length);
  }

  private markDurable(lsn: number): void {
    this.durableLsn = lsn;
    let i = 0;
    while (i < this.waiters.length && (this.waiters[i] as Waiter).lsn <= lsn) i++;
    const done = this.waiters.splice(0, i);
    for (const w of done) w.resolve();
  }

  private async openSegment(firstLsn: number): Promise<void> {
    const file = path.join(this.dir, segmentName(firstLsn, this.generation));
    this.generation += 1;
    const handle = await this.fs.open(file, 'wx');
    try {
      await syncDirectory(this.fs, this.dir);
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err;
    }
    const previous = this.handle;
    this.handle = handle;
    await previous?.close().catch(() => undefined);
  }

  private fail(cause: unknown, unconfirmed: JournalRecord[]): void {
    const failure = cause instanceof JournalWriteError ? cause : new JournalWriteError(cause);
    const first = !this.failure;
    this.failure = failure;
    this.retained = [...this.retained, ...unconfirmed];
    const broken = this.handle;
    this.handle = undefined;
    void broken?.close().catch(() => undefined);
    this.failWaiters(failure);
    if (first) this.onStateChange(failure);
    this.scheduleRetry();
  }

  private failWaiters(failure: JournalWriteError): void {
    for (const w of this.waiters.splice(0)) w.reject(failure);
  }

  private scheduleRetry(): void {
    if (this.closed) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.retry(), RETRY_MS);
    this.retryTimer.unref();
  }

  /** Rewrites the unconfirmed records into a fresh segment; on success the journal works again. */
  async retry(): Promise<boolean> {
    if (!this.failure || this.closed) return !this.failure;
    const records = this.retained;
    try {
      await this.fs.mkdir(this.dir, { recursive: true });
      await this.openSegment(records[0]?.lsn ?? this.durableLsn + 1);
      await this.writeBatch(records);
    } catch (err) {
      const broken = this.handle;
      this.handle = undefined;
      await broken?.close().catch(() => undefined);
      this.failure = err instanceof JournalWriteError ? err : new JournalWriteError(err);
      this.scheduleRetry();
      return false;
    }
    this.retained = [];
    this.failure = undefined;
    this.onStateChange(undefined);
    return true;
  }
}
