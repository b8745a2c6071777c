/**
 * A checkpoint's bytes as start-up reads them: one window of the file at a time, read again into
 * the same buffer as the load moves through the file, and its crc32 computed on the way.
 *
 * Why: the whole file in one buffer (225 MB at 100,000 orders) was held on top of everything the
 * load builds, so that the start's peak (VmHWM) was ~240 MB above what stays (RSS 445 MB after the
 * start, 685 MB at its peak), and its release set off a full GC on the way to the first answer.
 * The documents are then read from the same open file (CheckpointFile): what was checked is what
 * is read, with no second open to compare.
 *
 * Offsets are the file's. `has(at, n)` makes [at, at + n) readable at `buf[at - base]`; everything
 * before `at` may be dropped then, so a caller reads the file front to back and copies what it keeps.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { CheckpointFile } from '../storage/stored.js';

/** Bytes read at a time: larger than an `order` part (≤ 4 MB of positions and ~4 MB of keys). */
export const WINDOW_BYTES = 16 << 20;

export class CheckpointBytes {
  /** The window: the file's bytes from `base` (`filled` of them). */
  buf: Buffer;
  base = 0;
  private filled: number;
  /**
   * The open file the loaded documents are read from once loaded (whoever keeps them closes it), or
   * undefined when the bytes were in memory (the documents stay in that buffer).
   */
  readonly documents: CheckpointFile | undefined;
  /** crc32 of the file's bytes before `crcAt`. */
  private crc = 0;
  private crcAt = 0;

  private constructor(
    readonly size: number,
    buf: Buffer,
    private readonly fd: number | undefined,
  ) {
    this.buf = buf;
    this.filled = fd === undefined ? buf.length : 0;
    this.documents = fd === undefined ? undefined : new CheckpointFile(fd);
  }

  /** Bytes already in memory (an injected file system's read, a backup being checked). */
  static of(whole: Buffer): CheckpointBytes {
    return new CheckpointBytes(whole.length, whole, undefined);
  }

  /** The file, open for reading; its documents are read from it after the load (see file()). */
  static open(file: string, window = WINDOW_BYTES): CheckpointBytes {
    const fd = openSync(file, 'r');
    try {
      return new CheckpointBytes(fstatSync(fd).size, Buffer.allocUnsafe(window), fd);
    } catch (err) {
      closeSync(fd);
      throw err;
    }
  }

  /** Whether the window is read again over what it held: bytes kept from `buf` must be copies. */
  get reused(): boolean {
    return this.fd !== undefined;
  }

  /** Makes the file's bytes [at, at + n) readable at `buf[at - base]`; false if the file ends first. */
  has(at: number, n: number): boolean {
    if (at >= this.base && at + n <= this.base + this.filled) return true;
    if (at + n > this.size || this.fd === undefined) return false;
    // The loader reads front to back; anything else would leave bytes out of the crc32.
    if (at < this.base || at > this.base + this.filled) throw new Error(`checkpoint bytes read out of order at ${at}`);
    this.slide(at, n);
    return true;
  }

  /** Moves the window to start at `at`, large enough for `n` bytes. */
  private slide(at: number, n: number): void {
    const kept = this.base + this.filled - at;
    // What is dropped is summed first: the file's bytes are each read, and summed, once.
    this.crc = crc32(this.buf.subarray(this.crcAt - this.base, at - this.base), this.crc);
    this.crcAt = at;
    if (n > this.buf.length) {
      const larger = Buffer.allocUnsafe(n);
      this.buf.copy(larger, 0, at - this.base, at - this.base + kept);
      this.buf = larger;
    } else {
      this.buf.copyWithin(0, at - this.base, at - this.base + kept);
    }
    this.base = at;
    this.filled = kept;
    const want = Math.min(this.buf.length, this.size - at);
    while (this.filled < want) {
      const got = readSync(this.fd!, this.buf, this.filled, want - this.filled, at + this.filled);
      if (got === 0) {
        throw Object.assign(new Error(`the checkpoint ended at byte ${at + this.filled} of ${this.size}`), {
          code: 'EIO',
        });
      }
      this.filled += got;
    }
  }

  /** crc32 of the file's bytes before `end`, which must be at or after the window's start. */
  crcBefore(end: number): number {
    return crc32(this.buf.subarray(this.crcAt - this.base, end - this.base), this.crc);
  }

  /**
   * Lets the window's memory go now: dropped, it would wait for the next full GC (the window lived
   * through the whole load, so it is in the old generation), which may come long after start-up.
   * It is handed to a clone that dies young instead. The file stays open (see `documents`).
   */
  release(): void {
    const whole = this.buf.buffer;
    if (this.fd !== undefined && whole instanceof ArrayBuffer && this.buf.byteLength === whole.byteLength) {
      structuredClone(whole, { transfer: [whole] });
    }
  }

  /** Closes the file after a failed load. */
  close(): void {
    this.documents?.close();
  }
}
