/**
 * The few file-system calls the durability layer makes, behind one interface so
 * that tests can make any of them fail (disk full, read-only, EIO on fsync,
 * short writes) the way a real disk does. Production passes node:fs/promises.
 */
import { constants } from 'node:buffer';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

export interface StorageFileHandle {
  write(buffer: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export interface StorageFs {
  open(file: string, flags: string): Promise<StorageFileHandle>;
  readFile(file: string): Promise<Buffer>;
  readdir(dir: string): Promise<string[]>;
  mkdir(dir: string, options: { recursive: true }): Promise<unknown>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

/** The largest file readWholeFile reads: one buffer's limit (4 GiB on 64-bit). */
export const MAX_READABLE_BYTES = constants.MAX_LENGTH;
/** Bytes per read: `fs.readFile` refuses a file over 2 GiB, which a checkpoint passes at about 1,000,000 orders. */
const READ_CHUNK = 1 << 30;

/**
 * The whole file in one buffer, read `chunk` bytes at a time. One buffer holds up to
 * `buffer.constants.MAX_LENGTH` (4 GiB on 64-bit): a larger file is refused with EFBIG.
 */
export async function readWholeFile(file: string, chunk = READ_CHUNK): Promise<Buffer> {
  const handle = await fsp.open(file, 'r');
  try {
    const { size } = await handle.stat();
    if (size > MAX_READABLE_BYTES) {
      throw Object.assign(new Error(`${file} is ${size} bytes, more than one buffer holds (${MAX_READABLE_BYTES})`), {
        code: 'EFBIG',
      });
    }
    const buf = Buffer.allocUnsafe(size);
    for (let at = 0; at < size;) {
      const { bytesRead } = await handle.read(buf, at, Math.min(chunk, size - at), at);
      if (bytesRead === 0) throw Object.assign(new Error(`${file} ended at byte ${at} of ${size}`), { code: 'EIO' });
      at += bytesRead;
    }
    return buf;
  } finally {
    await handle.close();
  }
}

export const realFs: StorageFs = {
  open: (file, flags) => fsp.open(file, flags),
  readFile: (file) => readWholeFile(file),
  readdir: (dir) => fsp.readdir(dir),
  mkdir: (dir, options) => fsp.mkdir(dir, options),
  rename: (from, to) => fsp.rename(from, to),
  unlink: (file) => fsp.unlink(file),
};

/**
 * Writes every byte or throws. A write may legally store fewer bytes than asked (a disk
 * filling up does exactly that), so the rest is written again until the call itself fails.
 */
export async function writeFully(handle: StorageFileHandle, buffer: Buffer): Promise<void> {
  let offset = 0;
  while (offset < buffer.length) {
    const { bytesWritten } = await handle.write(buffer, offset, buffer.length - offset);
    if (bytesWritten <= 0) {
      throw Object.assign(new Error(`write stored no bytes (${buffer.length - offset} left)`), { code: 'EIO' });
    }
    offset += bytesWritten;
  }
}

/** Makes a rename or a new file in `dir` itself durable (the directory entry is data too). */
export async function syncDirectory(fs: StorageFs, dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Writes `parts` to `file` through `<file>.tmp`: fsync, rename, fsync of the directory. */
export async function replaceFileDurably(fs: StorageFs, file: string, parts: AsyncIterable<Buffer>): Promise<void> {
  const tmp = `${file}.tmp`;
  let handle: StorageFileHandle | undefined = await fs.open(tmp, 'w');
  try {
    for await (const part of parts) await writeFully(handle, part);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(tmp, file);
  } catch (err) {
    await handle?.close().catch(() => undefined);
    await fs.unlink(tmp).catch(() => undefined);
    throw err;
  }
  await syncDirectory(fs, path.dirname(file));
}

export function errnoOf(err: unknown): string | undefined {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
