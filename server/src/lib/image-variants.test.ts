import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import request from 'supertest';
import sharp from 'sharp';
import { createApp } from '../app.js';
import { bearer, signUpCustomer } from '../test/harness.js';
import { pngImage } from '../test/images.js';
import { createGridFsStorage } from './gridfs-storage.js';
import { imageSrcSet, variantKey, variantWidthsFor } from './image-variants.js';
import { isStorageKey } from './storage.js';
import { appWithOwner } from '../test/shop.js';

type Http = ReturnType<typeof request>;

/** A PNG of the given size, so that variants have something to shrink. */
function photo(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
}

/** The URLs and widths of a srcset string. */
function candidates(srcSet: string): { url: string; width: number }[] {
  return srcSet.split(', ').map((part) => {
    const [url, descriptor] = part.split(' ');
    return { url: url!, width: Number(descriptor!.replace(/w$/, '')) };
  });
}

/** Fetches every candidate and checks it is a WebP of the width it claims. */
async function expectWebpVariants(http: Http, srcSet: string | null, widths: number[]): Promise<string[]> {
  expect(srcSet).not.toBeNull();
  const list = candidates(srcSet!);
  expect(list.map((c) => c.width)).toEqual(widths);
  for (const { url, width } of list) {
    const res = await http.get(url).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.body as Buffer).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(width);
  }
  return list.map((c) => c.url);
}

async function expectGone(http: Http, urls: string[]) {
  for (const url of urls) expect((await http.get(url)).status).toBe(404);
}

describe('image variants: keys, widths and srcset', () => {
  it('derives variant keys from the original key and accepts them as storage keys', () => {
    const key = '0123456789abcdef-89abcdef.png';
    expect(variantKey(key, 400)).toBe('0123456789abcdef-89abcdef-w400.webp');
    expect(isStorageKey(variantKey(key, 400))).toBe(true);
    expect(isStorageKey('0123456789abcdef-89abcdef-w400.png')).toBe(false);
    expect(isStorageKey('0123456789abcdef-89abcdef-w0400.webp')).toBe(false);
    expect(isStorageKey('0123456789abcdef-89abcdef-w400.webp/../x')).toBe(false);
  });

  it('never upscales, and adds a full-width copy when the original falls between targets', () => {
    expect(variantWidthsFor(2000, [400, 800])).toEqual([400, 800]);
    expect(variantWidthsFor(800, [400, 800])).toEqual([400, 800]);
    expect(variantWidthsFor(600, [400, 800])).toEqual([400, 600]);
    expect(variantWidthsFor(400, [400, 800])).toEqual([400]);
    expect(variantWidthsFor(300, [400, 800])).toEqual([]);
  });

  it('writes srcset with root-relative URLs, and none for documents without variants', () => {
    const key = '0123456789abcdef-89abcdef.jpg';
    expect(imageSrcSet(key, [400, 800])).toBe(
      '/uploads/0123456789abcdef-89abcdef-w400.webp 400w, /uploads/0123456789abcdef-89abcdef-w800.webp 800w',
    );
    expect(imageSrcSet(key, undefined)).toBeNull();
    expect(imageSrcSet(key, [])).toBeNull();
    expect(imageSrcSet(null, [400])).toBeNull();
  });
});

describe('image variants through the admin routes', () => {
  const shop = appWithOwner();

  it('slider: 800 and 1600 wide WebP copies, replaced with the image and removed with the slider', async () => {
    const add = await shop.ctx.http
      .post('/sliders/addSlider')
      .set(bearer(shop.admin))
      .field('title', 'Bhringraj oil')
      .field('description', 'Cold-pressed')
      .attach('image', await photo(2000, 800), 'hero.png');
    expect(add.status).toBe(201);
    const first = await expectWebpVariants(shop.ctx.http, add.body.imageSrcSet, [800, 1600]);
    const listed = (await shop.ctx.http.get('/sliders/getSliders')).body;
    expect(listed[0].imageSrcSet).toBe(add.body.imageSrcSet);
    // The original stays the contract's `image`.
    expect((await shop.ctx.http.get(add.body.image)).headers['content-type']).toBe('image/png');

    const replaced = await shop.ctx.http
      .put(`/sliders/updateSlider/${add.body._id}`)
      .set(bearer(shop.admin))
      .field('title', 'Bhringraj oil')
      .field('description', 'Cold-pressed')
      .attach('image', await photo(1200, 500), 'smaller.png');
    expect(replaced.status).toBe(200);
    await expectWebpVariants(shop.ctx.http, replaced.body.imageSrcSet, [800, 1200]);
    await expectGone(shop.ctx.http, first);

    // Editing the text keeps the image and its variants.
    const retitled = await shop.ctx.http
      .put(`/sliders/updateSlider/${add.body._id}`)
      .set(bearer(shop.admin))
      .field('title', 'Bhringraj hair oil')
      .field('description', 'Cold-pressed');
    expect(retitled.body.imageSrcSet).toBe(replaced.body.imageSrcSet);

    const del = await shop.ctx.http.delete(`/sliders/deleteSlider/${add.body._id}`).set(bearer(shop.admin));
    expect(del.status).toBe(200);
    expect(await readdir(shop.ctx.uploadDir)).toEqual([]);
  });

  it('product: 400 and 800 wide copies, in the catalogue, the cart and gone after deletion', async () => {
    const add = await shop.ctx.http
      .post('/api/main-category')
      .set(bearer(shop.admin))
      .field('title', 'Neem oil')
      .attach('image', await photo(1000, 1000), 'neem.png');
    expect(add.status).toBe(201);
    const first = await expectWebpVariants(shop.ctx.http, add.body.imageSrcSet, [400, 800]);
    const listed = (await shop.ctx.http.get('/api/main-category')).body;
    expect(listed.find((p: { _id: string }) => p._id === add.body._id).imageSrcSet).toBe(add.body.imageSrcSet);

    const shopper = await signUpCustomer(shop.ctx);
    const added = await shop.ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: add.body._id, quantity: 1 });
    expect(added.status).toBe(200);
    const cart = await shop.ctx.http.get('/api/cart/cart').set(bearer(shopper.token));
    expect(cart.body.items[0].productId.imageSrcSet).toBe(add.body.imageSrcSet);

    const replaced = await shop.ctx.http
      .put(`/api/main-category/${add.body._id}`)
      .set(bearer(shop.admin))
      .field('title', 'Neem oil')
      .attach('image', await photo(500, 500), 'neem-small.png');
    expect(replaced.status).toBe(200);
    await expectWebpVariants(shop.ctx.http, replaced.body.imageSrcSet, [400, 500]);
    await expectGone(shop.ctx.http, first);

    await shop.ctx.http.delete(`/api/main-category/${add.body._id}`).set(bearer(shop.admin)).expect(200);
    expect(await readdir(shop.ctx.uploadDir)).toEqual([]);
  });

  it('gallery: every uploaded image gets its copies; small originals get none', async () => {
    const upload = await shop.ctx.http
      .post('/gallery/upload')
      .set(bearer(shop.admin))
      .attach('images', await photo(1600, 1200), 'big.png')
      .attach('images', await pngImage(), 'tiny.png');
    expect(upload.status).toBe(201);
    const [big, tiny] = upload.body.items;
    const first = await expectWebpVariants(shop.ctx.http, big.imageSrcSet, [400, 800]);
    expect(tiny.imageSrcSet).toBeNull();
    expect(await readdir(shop.ctx.uploadDir)).toHaveLength(4);

    const replaced = await shop.ctx.http
      .put(`/gallery/${big._id}`)
      .set(bearer(shop.admin))
      .attach('images', await photo(900, 600), 'other.png');
    expect(replaced.status).toBe(200);
    await expectWebpVariants(shop.ctx.http, replaced.body.updatedItem.imageSrcSet, [400, 800]);
    await expectGone(shop.ctx.http, first);

    for (const item of upload.body.items as { _id: string }[]) {
      await shop.ctx.http.delete(`/gallery/${item._id}`).set(bearer(shop.admin)).expect(200);
    }
    expect(await readdir(shop.ctx.uploadDir)).toEqual([]);
  });

  it('stores the variants in GridFS when the app runs on GridFS, and removes them there', async () => {
    const storage = createGridFsStorage(mongoose.connection.db!);
    const gridHttp = request(createApp({ ...shop.ctx.deps, storage }));
    const upload = await gridHttp
      .post('/gallery/upload')
      .set(bearer(shop.admin))
      .attach('images', await photo(1000, 700), 'grid.png');
    expect(upload.status).toBe(201);
    const [item] = upload.body.items;
    const urls = await expectWebpVariants(gridHttp, item.imageSrcSet, [400, 800]);
    expect(await readdir(shop.ctx.uploadDir)).toEqual([]);

    await gridHttp.delete(`/gallery/${item._id}`).set(bearer(shop.admin)).expect(200);
    await expectGone(gridHttp, [item.image, ...urls]);
    expect(await mongoose.connection.db!.collection('images.files').countDocuments()).toBe(0);
  });
});
