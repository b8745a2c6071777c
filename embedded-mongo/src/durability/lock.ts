/**
 * One owner per data directory. Two engines on one directory would each replay
 * and append to the same journal and silently lose each other's writes.
 *
 * On Linux the lock is an abstract-namespace Unix socket named after the
 * directory: binding it is atomic, and the kernel releases it when the owner
 * dies, even by kill -9, so a stale lock cannot exist. The lock file beside the
 * data (`embedded-db.lock`, the owner's pid and start time) tells a person who
 * holds it; on other systems it is the lock itself, taken with an exclusive
 * create and taken over when the pid it names is no longer running.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { errnoOf } from '../storage/storage-fs.js';

export const LOCK_FILE = 'embedded-db.lock';

export class DataDirectoryInUseError extends Error {
  constructor(dir: string, owner: string) {
    super(
      `The data directory ${dir} is in use by another embedded engine (${owner}). ` +
        'Only one process may open it: stop the other one, or give this one its own DATA_DIR ' +
        '(several app processes share one database through a MongoDB server: MONGODB_URI).',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface DataDirectoryLock {
  release(): Promise<void>;
}

async function describeOwner(lockFile: string): Promise<string> {
  try {
    const owner = JSON.parse(await readFile(lockFile, 'utf8')) as { pid?: number; host?: string };
    return `pid ${owner.pid ?? '?'} on ${owner.host ?? '?'}`;
  } catch {
    return 'owner unknown';
  }
}

function pidIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoOf(err) === 'EPERM';
  }
}

function bindAbstractSocket(name: string): Promise<Server | 'taken'> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', (err) => (errnoOf(err) === 'EADDRINUSE' ? resolve('taken') : reject(err)));
    server.listen({ path: `\0${name}` }, () => {
      server.unref();
      resolve(server);
    });
  });
}

export async function lockDataDirectory(dir: string): Promise<DataDirectoryLock> {
  const lockFile = path.join(dir, LOCK_FILE);
  const ownerText = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() });
  if (process.platform === 'linux') {
    const key = createHash('sha256')
      .update(await realpath(dir))
      .digest('hex')
      .slice(0, 40);
    const socket = await bindAbstractSocket(`kesh-embedded-db-${key}`);
    if (socket === 'taken') throw new DataDirectoryInUseError(dir, await describeOwner(lockFile));
    // Whatever lock file is there is stale: its owner no longer holds the socket. The file only
    // informs, so a full or read-only disk (the engine then starts refusing writes) does not stop us.
    await writeFile(lockFile, ownerText).catch(() => undefined);
    return {
      release: async () => {
        await unlink(lockFile).catch(() => undefined);
        await new Promise<void>((resolve) => socket.close(() => resolve()));
      },
    };
  }
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(lockFile, ownerText, { flag: 'wx' });
      return { release: () => unlink(lockFile).catch(() => undefined) };
    } catch (err) {
      if (errnoOf(err) !== 'EEXIST' || attempt > 0) throw err;
      const owner = JSON.parse(await readFile(lockFile, 'utf8').catch(() => '{}')) as { pid?: number };
      if (typeof owner.pid === 'number' && owner.pid !== process.pid && pidIsRunning(owner.pid)) {
        throw new DataDirectoryInUseError(dir, await describeOwner(lockFile));
      }
      await unlink(lockFile).catch(() => undefined);
    }
  }
}
