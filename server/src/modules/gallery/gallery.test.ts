import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@kesh/shared';
import { bearer } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { ELEVEN_MB, gifImage, jpegImage, paddedPng, pixelBombPng, pngImage, scriptBytes } from '../../test/images.js';
import { TOO_MANY_FILES } from '../../middleware/upload.js';
import { GALLERY_UPLOAD_MAX_FILES } from './routes.js';
import { GalleryItem } from './gallery.model.js';
import { appWithOwner } from '../../test/shop.js';

const MISSING_ID = '64b0000000000000000000cc';

describe('gallery', () => {
  const shop = appWithOwner();
  beforeEach(async () => {
    await GalleryItem.deleteMany({});
    await shop.ctx.clearUploads();
  });

  const storedFiles = () => readdir(shop.ctx.uploadDir);
  const upload = () => shop.ctx.http.post('/gallery/upload').set(bearer(shop.admin));

  async function uploadOne(): Promise<{ _id: string; image: string }> {
    const res = await upload().attach('images', await pngImage(), 'one.png');
    expect(res.status).toBe(201);
    return res.body.items[0];
  }

  it('refuses every write without a valid admin token', async () => {
    await expectAdminOnly(shop.ctx, 'post', '/gallery/upload');
    await expectAdminOnly(shop.ctx, 'put', `/gallery/${MISSING_ID}`);
    await expectAdminOnly(shop.ctx, 'delete', `/gallery/${MISSING_ID}`);
  });

  it('uploads 5 images in one request and lists them publicly as { _id, id, image }', async () => {
    const images = [await pngImage(), await jpegImage(), await gifImage(), await pngImage(), await jpegImage()];
    let req = upload();
    images.forEach((img, i) => {
      req = req.attach('images', img, `photo-${i}.img`);
    });
    const res = await req;
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MESSAGES.galleryUploaded);
    expect(res.body.items).toHaveLength(5);
    expect(await storedFiles()).toHaveLength(5);

    const list = await shop.ctx.http.get('/gallery/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toContain('public');
    expect(list.body).toHaveLength(5);
    for (const item of list.body) {
      expect(Object.keys(item).sort()).toEqual(['_id', 'id', 'image', 'imageSrcSet']);
      expect(item.id).toBe(item._id);
      expect((await shop.ctx.http.get(item.image)).status).toBe(200);
    }
  });

  it('removes the stored files again when the database write fails', async () => {
    const insert = vi.spyOn(GalleryItem, 'insertMany').mockRejectedValueOnce(new Error('database unavailable'));
    const res = await upload()
      .attach('images', await pngImage(), 'a.png')
      .attach('images', await gifImage(), 'b.gif');
    insert.mockRestore();
    expect(res.status).toBe(500);
    expect(await storedFiles()).toEqual([]);
  });

  it('asks for at least one image', async () => {
    const res = await upload().field('note', 'nothing attached');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.gallerySelectAtLeastOne);
    expect((await upload()).body.error).toBe(MESSAGES.gallerySelectAtLeastOne);
  });

  it('stores nothing when one of the files is not an image, naming that file', async () => {
    const res = await upload()
      .attach('images', await pngImage(), 'good.png')
      .attach('images', scriptBytes(), { filename: 'evil.png', contentType: 'image/png' })
      .attach('images', await jpegImage(), 'good.jpg');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.galleryFileTypeNotAllowed('evil.png'));
    expect(await storedFiles()).toEqual([]);
    expect(await GalleryItem.countDocuments()).toBe(0);
  });

  it('stores nothing when one file exceeds 10 MB, naming that file', async () => {
    const res = await upload()
      .attach('images', await pngImage(), 'small.png')
      .attach('images', await paddedPng(ELEVEN_MB), 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body.error).toBe(MESSAGES.galleryFileTooLarge('huge.png'));
    expect(await storedFiles()).toEqual([]);
    expect(await GalleryItem.countDocuments()).toBe(0);
  });

  it('refuses a picture that declares too many pixels, from its header, and stores nothing', async () => {
    const bomb = pixelBombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload()
      .attach('images', await pngImage(), 'fine.png')
      .attach('images', bomb, 'bomb.png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.imageTooManyPixels);
    expect(res.body.details).toBe('bomb.png is 20000 x 20000 pixels');
    expect(await storedFiles()).toEqual([]);
    expect(await GalleryItem.countDocuments()).toBe(0);
  });

  it('refuses a picture with one side over 10,000 pixels even when its area is allowed', async () => {
    const res = await upload().attach('images', pixelBombPng(10_001, 100), 'strip.png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.imageTooManyPixels);
  });

  it('refuses an image whose header reads but whose pixels do not, instead of storing it without variants', async () => {
    const broken = pixelBombPng(1200, 900, 1);
    const res = await upload().attach('images', broken, 'broken.png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.imageUnreadable);
    expect(await storedFiles()).toEqual([]);
  });

  it('stores every accepted image together with its resized variants', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#363' } })
      .png()
      .toBuffer();
    const res = await upload().attach('images', photo, 'photo.png');
    expect(res.status).toBe(201);
    const key = (res.body.items[0].image as string).split('/').pop()!;
    const base = key.replace(/\.png$/, '');
    expect((await storedFiles()).sort()).toEqual([key, `${base}-w400.webp`, `${base}-w800.webp`].sort());
  });

  it('names a file by its basename only, bounded in length', async () => {
    const longName = `${'n'.repeat(300)}.png`;
    const res = await upload().attach('images', scriptBytes(), { filename: longName, contentType: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.error.length).toBeLessThan(200);
    expect(res.body.error).toMatch(/^File n+… is not a valid image type!/);
  });

  it(`refuses more than ${GALLERY_UPLOAD_MAX_FILES} files in one upload`, async () => {
    const png = await pngImage();
    let req = upload();
    for (let i = 0; i <= GALLERY_UPLOAD_MAX_FILES; i += 1) req = req.attach('images', png, `p${i}.png`);
    const res = await req;
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TOO_MANY_FILES);
    expect(await storedFiles()).toEqual([]);
  });

  it('replaces an image: answers updatedItem and removes the old file', async () => {
    const item = await uploadOne();
    const [oldFile] = await storedFiles();
    const res = await shop.ctx.http
      .put(`/gallery/${item._id}`)
      .set(bearer(shop.admin))
      .attach('images', await gifImage(), 'new.gif');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.imageUpdated);
    expect(res.body.updatedItem).toMatchObject({ _id: item._id, id: item._id });
    expect(res.body.updatedItem.image).toMatch(/\.gif$/);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files).not.toContain(oldFile);
    expect((await shop.ctx.http.get('/gallery/')).body).toEqual([res.body.updatedItem]);
  });

  it('validates a replacement with the single-file messages and keeps the old image', async () => {
    const item = await uploadOne();
    const none = await shop.ctx.http.put(`/gallery/${item._id}`).set(bearer(shop.admin)).field('x', 'y');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(MESSAGES.gallerySelectReplacement);
    const spoofed = await shop.ctx.http
      .put(`/gallery/${item._id}`)
      .set(bearer(shop.admin))
      .attach('images', scriptBytes(), { filename: 'x.png', contentType: 'image/png' });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.error).toBe(MESSAGES.imageTypeNotAllowed);
    const big = await shop.ctx.http
      .put(`/gallery/${item._id}`)
      .set(bearer(shop.admin))
      .attach('images', await paddedPng(ELEVEN_MB), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.error).toBe(MESSAGES.imageTooLarge);
    expect(await storedFiles()).toHaveLength(1);
    expect((await shop.ctx.http.get(item.image)).status).toBe(200);
  });

  it('deletes an image and its file', async () => {
    const item = await uploadOne();
    const res = await shop.ctx.http.delete(`/gallery/${item._id}`).set(bearer(shop.admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MESSAGES.imageDeleted });
    expect(await storedFiles()).toEqual([]);
    expect((await shop.ctx.http.get('/gallery/')).body).toEqual([]);
  });

  it('answers an invalid id with 400 and an unknown one with 404, storing nothing', async () => {
    const png = await pngImage();
    expect(
      (await shop.ctx.http.put('/gallery/nope').set(bearer(shop.admin)).attach('images', png, 'a.png')).status,
    ).toBe(400);
    expect((await shop.ctx.http.delete('/gallery/nope').set(bearer(shop.admin))).status).toBe(400);
    const put = await shop.ctx.http
      .put(`/gallery/${MISSING_ID}`)
      .set(bearer(shop.admin))
      .attach('images', png, 'a.png');
    expect(put.status).toBe(404);
    expect(put.body.error).toBeTruthy();
    expect((await shop.ctx.http.delete(`/gallery/${MISSING_ID}`).set(bearer(shop.admin))).status).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });
});
