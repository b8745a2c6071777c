import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded images live. Disk for one process; GridFS when several processes share a database. */
export interface ImageStorage {
  readonly driver: 'disk' | 'gridfs';
  /** Stores the bytes under a new server-chosen key and returns that key. */
  save(data: Buffer, ext: string, contentType: string): Promise<string>;
  /** Stores bytes under a key derived from a saved one (an image variant); replaces an existing file. */
  saveAs(key: string, data: Buffer, contentType: string): Promise<void>;
  open(key: string): Promise<{ stream: Readable; size: number; contentType: string } | null>;
  remove(key: string): Promise<void>;
}

export const UPLOADS_PATH = '/uploads';

/**
 * Keys are "<content hash>-<random>.<ext>": safe as file names and a built-in cache version.
 * Resized WebP copies of an original add its width: "<content hash>-<random>-w<width>.webp".
 */
const KEY_PATTERN = /^[a-f0-9]{16}-[a-f0-9]{8}(\.(jpg|png|gif|webp)|-w[1-9][0-9]{0,4}\.webp)$/;

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newStorageKey(data: Buffer, ext: string): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
  return `${hash}-${randomBytes(4).toString('hex')}.${ext === 'jpeg' ? 'jpg' : ext}`;
}

/** Root-relative URL an image is served at; null stays null. */
export function imageUrl(key: string | null | undefined): string | null {
  return key ? `${UPLOADS_PATH}/${key}` : null;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

export function createDiskStorage(dir: string): ImageStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  // Written aside and renamed, so that a reader never sees half a file.
  async function write(key: string, data: Buffer) {
    await mkdir(root, { recursive: true });
    const tmp = `${fileOf(key)}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, fileOf(key));
  }
  return {
    driver: 'disk',
    async save(data, ext) {
      const key = newStorageKey(data, ext);
      await write(key, data);
      return key;
    },
    async saveAs(key, data) {
      await write(key, data);
    },
    async open(key) {
      if (!isStorageKey(key)) return null;
      try {
        const file = fileOf(key);
        const info = await stat(file);
        return { stream: createReadStream(file), size: info.size, contentType: contentTypeOfKey(key) };
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}
