import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { ImageStorage } from '../lib/storage.js';
import { storedKeys } from '../lib/image-variants.js';
import { pngImage } from '../test/images.js';
import { displayName, storeImages, withStoredImages, type ImageUpload } from './upload.js';

/** In-memory storage whose n-th write (original or variant) fails, to watch the clean-up. */
function fakeStorage(failOnSave?: number) {
  const files = new Map<string, Buffer>();
  let saves = 0;
  const storage: ImageStorage = {
    driver: 'disk',
    async save(data, ext) {
      saves += 1;
      if (saves === failOnSave) throw new Error('disk full');
      const key = `${String(saves).padStart(16, '0')}-00000000.${ext}`;
      files.set(key, data);
      return key;
    },
    async saveAs(key, data) {
      saves += 1;
      if (saves === failOnSave) throw new Error('disk full');
      files.set(key, data);
    },
    async open(key) {
      const data = files.get(key);
      return data ? { stream: Readable.from(data), size: data.length, contentType: 'image/png' } : null;
    },
    async remove(key) {
      files.delete(key);
    },
  };
  return { storage, files };
}

const logger = pino({ level: 'silent' });

async function images(n: number): Promise<ImageUpload[]> {
  const buffer = await pngImage();
  return Array.from({ length: n }, (_, i) => ({ buffer, ext: 'png', contentType: 'image/png', name: `${i}.png` }));
}

describe('storing uploaded images', () => {
  it('removes the files already written when one write fails', async () => {
    const { storage, files } = fakeStorage(3);
    await expect(storeImages(storage, await images(4), 'gallery', logger)).rejects.toThrow('disk full');
    expect(files.size).toBe(0);
  });

  it('stores WebP variants beside the original and removes them all when a variant write fails', async () => {
    const buffer = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#a50' } })
      .png()
      .toBuffer();
    const photo: ImageUpload = { buffer, ext: 'png', contentType: 'image/png', name: 'wide.png' };

    const ok = fakeStorage();
    const [stored] = await storeImages(ok.storage, [photo], 'product', logger);
    expect(stored!.variants).toEqual([400, 800]);
    expect([...ok.files.keys()].sort()).toEqual(storedKeys(stored!.key, [400, 800]).sort());

    const failing = fakeStorage(5);
    await expect(storeImages(failing.storage, [photo, photo], 'product', logger)).rejects.toThrow('disk full');
    expect(failing.files.size).toBe(0);
  });

  it('removes the written files when the database write fails', async () => {
    const { storage, files } = fakeStorage();
    await expect(
      withStoredImages(storage, await images(2), 'gallery', logger, async () => {
        throw new Error('database unavailable');
      }),
    ).rejects.toThrow('database unavailable');
    expect(files.size).toBe(0);
  });

  it('keeps the files when the database write succeeds', async () => {
    const { storage, files } = fakeStorage();
    const keys = await withStoredImages(storage, await images(2), 'gallery', logger, async (k) => k);
    expect(keys).toHaveLength(2);
    expect(files.size).toBe(2);
  });
});

describe('displayName', () => {
  it('keeps only a printable basename of bounded length', () => {
    expect(displayName('C:\\Users\\me\\photo.png')).toBe('photo.png');
    expect(displayName('../../etc/passwd')).toBe('passwd');
    expect(displayName('bad\u0000\nname.png')).toBe('badname.png');
    expect(displayName('')).toBe('image');
    expect(displayName(undefined)).toBe('image');
    expect(displayName('x'.repeat(500)).length).toBe(80);
  });
});
