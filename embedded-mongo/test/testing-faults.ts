/**
 * Test support: the real file system with the failures a real disk has, switched on
 * and off by a test — a disk that fills up (short write, then ENOSPC), a file system
 * remounted read-only (EROFS), fsync reporting EIO, writes that store only part of
 * what they were given.
 */
import { realFs, type StorageFileHandle, type StorageFs } from '../src/storage/storage-fs.js';

function errno(code: string, call: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected failure, ${call}`), { code, syscall: call });
}

const WRITING_FLAGS = /[wa+x]/;

export class FaultyFs implements StorageFs {
  /** Bytes that can still be written; writes past this store part, then fail with ENOSPC. */
  freeBytes = Number.POSITIVE_INFINITY;
  /** Every call that would change the disk fails with EROFS. */
  readOnly = false;
  /** The next N fsync/fdatasync calls fail with EIO. */
  failingSyncs = 0;
  /** Each write stores at most half of what it is given (legal for write(2)). */
  shortWrites = false;
  /** Fails rename with EIO (e.g. to stop a checkpoint at its last step). */
  failRenames = false;

  private guard(call: string): void {
    if (this.readOnly) throw errno('EROFS', call);
  }

  async open(file: string, flags: string): Promise<StorageFileHandle> {
    if (WRITING_FLAGS.test(flags)) this.guard('open');
    const handle = await realFs.open(file, flags);
    return {
      write: async (buffer, offset, length) => {
        this.guard('write');
        if (this.freeBytes <= 0) throw errno('ENOSPC', 'write');
        let n = Math.min(length, this.freeBytes);
        if (this.shortWrites && n > 1) n = Math.ceil(n / 2);
        const result = await handle.write(buffer, offset, n);
        this.freeBytes -= result.bytesWritten;
        return result;
      },
      datasync: async () => {
        if (this.failingSyncs > 0) {
          this.failingSyncs -= 1;
          throw errno('EIO', 'fdatasync');
        }
        await handle.datasync();
      },
      sync: async () => {
        if (this.failingSyncs > 0) {
          this.failingSyncs -= 1;
          throw errno('EIO', 'fsync');
        }
        await handle.sync();
      },
      truncate: async (length) => {
        this.guard('ftruncate');
        await handle.truncate(length);
      },
      close: () => handle.close(),
    };
  }

  readFile(file: string): Promise<Buffer> {
    return realFs.readFile(file);
  }

  readdir(dir: string): Promise<string[]> {
    return realFs.readdir(dir);
  }

  async mkdir(dir: string, options: { recursive: true }): Promise<unknown> {
    this.guard('mkdir');
    return realFs.mkdir(dir, options);
  }

  async rename(from: string, to: string): Promise<void> {
    this.guard('rename');
    if (this.failRenames) throw errno('EIO', 'rename');
    await realFs.rename(from, to);
  }

  async unlink(file: string): Promise<void> {
    this.guard('unlink');
    await realFs.unlink(file);
  }
}
