import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { startTestApp, createAdminToken, bearer, type TestContext } from '../test/harness.js';
import { gifImage, pngImage } from '../test/images.js';
import { createGridFsStorage } from './gridfs-storage.js';
import { isStorageKey, type ImageStorage } from './storage.js';

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('GridFS image storage', () => {
  let ctx: TestContext;
  let storage: ImageStorage;

  beforeAll(async () => {
    ctx = await startTestApp();
    storage = createGridFsStorage(mongoose.connection.db!);
  });
  afterAll(() => ctx.close());

  it('saves under a server-chosen key, opens the same bytes and removes them', async () => {
    const png = await pngImage();
    const key = await storage.save(png, 'png', 'image/png');
    expect(isStorageKey(key)).toBe(true);
    expect(storage.driver).toBe('gridfs');

    const file = await storage.open(key);
    expect(file).not.toBeNull();
    expect(file!.size).toBe(png.length);
    expect(file!.contentType).toBe('image/png');
    expect(Buffer.compare(await readAll(file!.stream), png)).toBe(0);

    await storage.remove(key);
    expect(await storage.open(key)).toBeNull();
    // Removing twice (two processes at once) is not an error.
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('stores files larger than one GridFS chunk', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(600 * 1024, 7)]);
    const key = await storage.save(big, 'png', 'image/png');
    const file = await storage.open(key);
    expect(Buffer.compare(await readAll(file!.stream), big)).toBe(0);
    await storage.remove(key);
  });

  it('answers unknown or malformed keys with null and never touches them', async () => {
    expect(await storage.open('0000000000000000-00000000.png')).toBeNull();
    expect(await storage.open('../../etc/passwd')).toBeNull();
    await expect(storage.remove('../../etc/passwd')).resolves.toBeUndefined();
  });

  it('serves uploads through the app when the app runs on GridFS', async () => {
    const app = await import('../app.js');
    const request = (await import('supertest')).default;
    const gridApp = request(app.createApp({ ...ctx.deps, storage }));
    const { token } = await createAdminToken(ctx);
    const res = await gridApp
      .post('/gallery/upload')
      .set(bearer(token))
      .attach('images', await gifImage(), 'a.gif');
    expect(res.status).toBe(201);
    const image = await gridApp.get(res.body.items[0].image);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.headers['cache-control']).toContain('immutable');

    const del = await gridApp.delete(`/gallery/${res.body.items[0]._id}`).set(bearer(token));
    expect(del.status).toBe(200);
    expect((await gridApp.get(res.body.items[0].image)).status).toBe(404);
  });
});
