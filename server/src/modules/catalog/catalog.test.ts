import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, DEFAULT_SUBTITLE, MESSAGES, PRICE_TEXTS } from '@kesh/shared';
import { startTestApp, createAdminToken, bearer, type TestContext } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { ELEVEN_MB, jpegImage, paddedPng, pixelBombPng, pngImage, scriptBytes, webpImage } from '../../test/images.js';
import { CATEGORY_IMAGE_MESSAGES } from '../../middleware/upload.js';
import { MainCategory } from './category.model.js';

const MISSING_ID = '64b0000000000000000000bb';

describe('main categories', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    token = (await createAdminToken(ctx)).token;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await MainCategory.deleteMany({});
    await ctx.clearUploads();
  });

  const storedFiles = () => readdir(ctx.uploadDir);

  function post(fields: Record<string, string>) {
    const req = ctx.http.post('/api/main-category').set(bearer(token));
    for (const [k, v] of Object.entries(fields)) req.field(k, v);
    return req;
  }

  const fullForm = {
    title: 'Bhringraj Hair Oil',
    subtitle: 'Cold pressed',
    mainPrice: '499.99',
    offerPrice: '349.5',
    ratingCount: '120',
    description: 'Strengthens roots.',
  };

  it('refuses every write without a valid admin token', async () => {
    await expectAdminOnly(ctx, 'post', '/api/main-category');
    await expectAdminOnly(ctx, 'put', `/api/main-category/${MISSING_ID}`);
    await expectAdminOnly(ctx, 'delete', `/api/main-category/${MISSING_ID}`);
    expect(await MainCategory.countDocuments()).toBe(0);
  });

  it('creates a product with exact rupee prices stored as paise and lists it publicly', async () => {
    const res = await post(fullForm).attach('image', await pngImage(), 'oil.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Bhringraj Hair Oil',
      subtitle: 'Cold pressed',
      mainPrice: 499.99,
      offerPrice: 349.5,
      ratingCount: 120,
      description: 'Strengthens roots.',
    });
    expect(res.body.message).toBe(MESSAGES.categorySaved('Bhringraj Hair Oil', 'added'));
    expect(res.body.image).toMatch(/^\/uploads\/[a-f0-9-]+\.png$/);
    const stored = await MainCategory.findById(res.body._id).lean();
    expect(stored).toMatchObject({ mainPricePaise: 49999, offerPricePaise: 34950 });

    const list = await ctx.http.get('/api/main-category');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toContain('public');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      _id: res.body._id,
      mainPrice: 499.99,
      offerPrice: 349.5,
      image: res.body.image,
    });
    const etag = list.headers.etag!;
    expect((await ctx.http.get('/api/main-category').set('If-None-Match', etag)).status).toBe(304);
    await post({ title: 'Another' });
    expect((await ctx.http.get('/api/main-category').set('If-None-Match', etag)).status).toBe(200);
  });

  it('needs only a title; empty fields fall back to the defaults', async () => {
    const res = await post({
      title: 'Amla Shampoo',
      subtitle: '',
      mainPrice: '',
      offerPrice: '',
      ratingCount: '',
      description: '',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Amla Shampoo',
      subtitle: DEFAULT_SUBTITLE,
      mainPrice: null,
      offerPrice: null,
      ratingCount: 0,
      description: DEFAULT_DESCRIPTION,
      image: null,
    });
  });

  it('lists oldest first, so the last three are the newest', async () => {
    for (const title of ['First', 'Second', 'Third', 'Fourth']) expect((await post({ title })).status).toBe(201);
    const titles = (await ctx.http.get('/api/main-category')).body.map((p: { title: string }) => p.title);
    expect(titles).toEqual(['First', 'Second', 'Third', 'Fourth']);
  });

  it('answers invalid fields with 400 and stores nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ title: '  ' }, 'Title is required!'],
      [{ subtitle: 'no title' }, 'Title is required!'],
      [{ title: 'x', mainPrice: '-1' }, PRICE_TEXTS.invalid],
      [{ title: 'x', offerPrice: 'abc' }, PRICE_TEXTS.invalid],
      [{ title: 'x', ratingCount: '2.5' }, 'Number of Raters must be a whole number of 0 or more.'],
      [{ title: 'x', ratingCount: '-3' }, 'Number of Raters must be a whole number of 0 or more.'],
    ];
    for (const [fields, message] of cases) {
      const res = await post(fields).attach('image', await pngImage(), 'a.png');
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect(await MainCategory.countDocuments()).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it('keeps an HSN code and GST rate for invoices, 3305 and 18 % when left empty', async () => {
    const plain = await post({ title: 'Hair Oil' });
    expect(plain.body).toMatchObject({ hsnCode: '3305', gstRate: 18 });
    const powder = await post({ title: 'Amla Powder', hsnCode: '121190', gstRate: '5' });
    expect(powder.status).toBe(201);
    expect(powder.body).toMatchObject({ hsnCode: '121190', gstRate: 5 });
    const cleared = await ctx.http
      .put(`/api/main-category/${powder.body._id}`)
      .set(bearer(token))
      .field('title', 'Amla Powder')
      .field('hsnCode', '')
      .field('gstRate', '');
    expect(cleared.body).toMatchObject({ hsnCode: '3305', gstRate: 18 });

    const badHsn = await post({ title: 'X', hsnCode: '33' });
    expect(badHsn.status).toBe(400);
    expect(badHsn.body.error).toBe('HSN code must be 4, 6 or 8 digits.');
    const badRate = await post({ title: 'X', gstRate: '7' });
    expect(badRate.status).toBe(400);
    expect(badRate.body.error).toBe('GST rate must be one of 0, 5, 12, 18, 28 %.');
    expect(await MainCategory.countDocuments({ title: 'X' })).toBe(0);
  });

  it('accepts WebP as a category image but sniffs the bytes of every file', async () => {
    expect((await post({ title: 'webp' }).attach('image', await webpImage(), 'a.webp')).status).toBe(201);
    const spoofed = await post({ title: 'spoof' }).attach('image', scriptBytes(), {
      filename: 'x.png',
      contentType: 'image/png',
    });
    expect(spoofed.status).toBe(400);
    expect(spoofed.body.error).toBe(CATEGORY_IMAGE_MESSAGES.badType('x.png'));
    const big = await post({ title: 'big' }).attach('image', await paddedPng(ELEVEN_MB), 'big.png');
    expect(big.status).toBe(413);
    expect(big.body.error).toBe(MESSAGES.imageTooLarge);
    expect(await storedFiles()).toHaveLength(1);
    expect(await MainCategory.countDocuments()).toBe(1);
  });

  it('refuses a category image that declares too many pixels and keeps no product', async () => {
    const res = await post({ title: 'bomb' }).attach('image', pixelBombPng(20_000, 20_000), 'bomb.png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MESSAGES.imageTooManyPixels);
    expect(await MainCategory.countDocuments({ title: 'bomb' })).toBe(0);
  });

  it('updates the fields a PUT carries, keeps the image without a file and replaces it with one', async () => {
    const created = (await post(fullForm).attach('image', await pngImage(), 'a.png')).body;
    const [oldFile] = await storedFiles();

    const textOnly = await ctx.http
      .put(`/api/main-category/${created._id}`)
      .set(bearer(token))
      .field('title', 'Renamed')
      .field('offerPrice', '')
      .field('subtitle', '');
    expect(textOnly.status).toBe(200);
    expect(textOnly.body).toMatchObject({
      title: 'Renamed',
      subtitle: DEFAULT_SUBTITLE,
      mainPrice: 499.99,
      offerPrice: null,
      ratingCount: 120,
      image: created.image,
    });
    expect(textOnly.body.message).toBe(MESSAGES.categorySaved('Renamed', 'updated'));

    const withImage = await ctx.http
      .put(`/api/main-category/${created._id}`)
      .set(bearer(token))
      .field('title', 'Renamed')
      .attach('image', await jpegImage(), 'b.jpg');
    expect(withImage.status).toBe(200);
    expect(withImage.body.image).toMatch(/\.jpg$/);
    const files = await storedFiles();
    expect(files).toHaveLength(1);
    expect(files).not.toContain(oldFile);

    const listed = (await ctx.http.get('/api/main-category')).body[0];
    expect(listed).toMatchObject({ title: 'Renamed', offerPrice: null, image: withImage.body.image });
  });

  it('deletes a product and its image', async () => {
    const created = (await post({ title: 'Gone' }).attach('image', await pngImage(), 'a.png')).body;
    const res = await ctx.http.delete(`/api/main-category/${created._id}`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.categorySaved('Gone', 'deleted'));
    expect(await storedFiles()).toEqual([]);
    expect((await ctx.http.get('/api/main-category')).body).toEqual([]);
  });

  it("answers an invalid id with 400 'Invalid category ID!' and an unknown one with 404", async () => {
    for (const res of [
      await ctx.http.put('/api/main-category/123').set(bearer(token)).field('title', 'x'),
      await ctx.http.delete('/api/main-category/123').set(bearer(token)),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.invalidCategoryId);
    }
    const put = await ctx.http
      .put(`/api/main-category/${MISSING_ID}`)
      .set(bearer(token))
      .field('title', 'x')
      .attach('image', await pngImage(), 'a.png');
    expect(put.status).toBe(404);
    expect((await ctx.http.delete(`/api/main-category/${MISSING_ID}`).set(bearer(token))).status).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });
});
