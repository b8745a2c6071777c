import { readdir } from 'node:fs/promises';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SLIDER_LIMIT } from '@kesh/shared';
import { startTestApp, type TestContext } from '../test/harness.js';
import { createGridFsStorage } from '../lib/gridfs-storage.js';
import { Admin } from '../modules/admin/admin.model.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { GalleryItem } from '../modules/gallery/gallery.model.js';
import { Slider } from '../modules/sliders/slider.model.js';
import { SEED_PRODUCTS, seed, seedIfEmpty } from './index.js';
import { SeedRecord } from './seed-record.model.js';

const ADMIN = { ADMIN_USERNAME: 'shop-owner', ADMIN_PASSWORD: 'seed-admin-pass' };

const clearStore = () =>
  Promise.all([
    Admin.deleteMany({}),
    MainCategory.deleteMany({}),
    Slider.deleteMany({}),
    GalleryItem.deleteMany({}),
    SeedRecord.deleteMany({}),
  ]);

describe('seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp(ADMIN);
  });
  afterAll(() => ctx.close());

  beforeEach(async () => {
    await clearStore();
  });

  const counts = async () => ({
    admins: await Admin.countDocuments(),
    sliders: await Slider.countDocuments(),
    products: await MainCategory.countDocuments(),
    gallery: await GalleryItem.countDocuments(),
  });

  it('creates the admin, 3 sliders, the catalogue and 8 gallery images', async () => {
    const report = await seed(ctx.deps);

    expect(report.admin).toEqual({ username: 'shop-owner', created: true });
    expect(report.sliders).toEqual({ created: 3, kept: 0, skipped: 0 });
    expect(report.products.created).toBeGreaterThanOrEqual(6);
    expect(report.gallery).toEqual({ created: 8, kept: 0, skipped: 0 });

    const admin = await Admin.findOne({ username: 'shop-owner' });
    expect(admin && (await bcrypt.compare('seed-admin-pass', admin.passwordHash))).toBe(true);

    const sliders = await Slider.find().sort({ slot: 1 });
    expect(sliders.map((s) => s.slot)).toEqual([0, 1, 2]);
    for (const s of sliders) {
      expect(s.title.length).toBeGreaterThan(0);
      expect(s.description.length).toBeGreaterThan(0);
      expect(s.imageKey).toMatch(/\.jpg$/);
    }

    const products = await MainCategory.find().sort({ createdAt: 1, _id: 1 });
    expect(products.length).toBeGreaterThanOrEqual(6);
    expect(products.map((p) => p.title)).toEqual(SEED_PRODUCTS.map((p) => p.title));
    const oil = products.find((p) => p.title === 'Bhringraj Hair Oil');
    expect(oil).toMatchObject({ mainPricePaise: 44900, offerPricePaise: 34900 });
    for (const p of products) {
      expect(Number.isInteger(p.mainPricePaise)).toBe(true);
      expect(Number.isInteger(p.offerPricePaise)).toBe(true);
      expect(p.offerPricePaise).toBeLessThan(p.mainPricePaise ?? 0);
      expect(p.description).not.toBe('No description available.');
      expect(p.imageKey).toMatch(/\.jpg$/);
    }

    expect(await counts()).toEqual({ admins: 1, sliders: 3, products: products.length, gallery: 8 });
  });

  it('serves every seeded image as a JPEG under /uploads', async () => {
    await seed(ctx.deps);
    const keys = [
      ...(await Slider.find()).map((s) => s.imageKey),
      ...(await MainCategory.find()).map((p) => p.imageKey),
      ...(await GalleryItem.find()).map((g) => g.imageKey),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) {
      const res = await ctx.http.get(`/uploads/${key}`).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      const body = res.body as Buffer;
      expect(body.length).toBeGreaterThan(5000);
      expect(body.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }
  });

  it('stores the images in GridFS when the store is configured for it', async () => {
    const db = mongoose.connection.db;
    if (!db) throw new Error('not connected');
    const storage = createGridFsStorage(db);
    await seed({ ...ctx.deps, storage });

    const product = await MainCategory.findOne({ title: 'Bhringraj Hair Oil' });
    const file = await storage.open(product?.imageKey ?? '');
    expect(file?.contentType).toBe('image/jpeg');
    expect(file?.size).toBeGreaterThan(5000);
    file?.stream.destroy();
    // Each original has its two WebP variants beside it.
    expect(await db.collection('images.files').countDocuments()).toBe(
      3 *
        ((await Slider.countDocuments()) +
          (await MainCategory.countDocuments()) +
          (await GalleryItem.countDocuments())),
    );
  });

  it('gives every seeded image WebP variants for the width it is shown at', async () => {
    await seed(ctx.deps);
    const products = (await ctx.http.get('/api/main-category')).body as { imageSrcSet: string | null }[];
    const sliders = (await ctx.http.get('/sliders/getSliders')).body as { imageSrcSet: string | null }[];
    const gallery = (await ctx.http.get('/gallery/')).body as { imageSrcSet: string | null }[];
    const widths = (srcSet: string | null) => (srcSet ?? '').split(', ').map((c) => c.split(' ')[1]);
    for (const p of [...products, ...gallery]) expect(widths(p.imageSrcSet)).toEqual(['400w', '800w']);
    for (const s of sliders) expect(widths(s.imageSrcSet)).toEqual(['800w', '1600w']);

    const url = products[0]!.imageSrcSet!.split(' ')[0]!;
    const res = await ctx.http.get(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('changes nothing when run a second time', async () => {
    await seed(ctx.deps);
    const before = await counts();
    const filesBefore = await readdir(ctx.uploadDir);
    const productsBefore = await MainCategory.find().sort({ _id: 1 }).lean();

    const report = await seed(ctx.deps);

    expect(report.admin.created).toBe(false);
    expect(report.sliders).toEqual({ created: 0, kept: 3, skipped: 0 });
    expect(report.products).toEqual({ created: 0, kept: before.products, skipped: 0 });
    expect(report.gallery).toEqual({ created: 0, kept: 8, skipped: 0 });
    expect(await counts()).toEqual(before);
    expect((await readdir(ctx.uploadDir)).sort()).toEqual(filesBefore.sort());
    expect(await MainCategory.find().sort({ _id: 1 }).lean()).toEqual(productsBefore);
  });

  it('keeps what the owner edited or deleted', async () => {
    await seed(ctx.deps);
    await MainCategory.updateOne(
      { title: 'Bhringraj Hair Oil' },
      { $set: { title: 'Bhringraj Oil (Family Pack)', offerPricePaise: 29900 } },
    );
    const removed = await GalleryItem.findOne();
    await GalleryItem.deleteOne({ _id: removed?._id });
    const before = await counts();

    await seed(ctx.deps);

    expect(await counts()).toEqual(before);
    expect(await MainCategory.exists({ title: 'Bhringraj Hair Oil' })).toBeNull();
    expect(await MainCategory.findOne({ title: 'Bhringraj Oil (Family Pack)' })).toMatchObject({
      offerPricePaise: 29900,
    });
    expect(await GalleryItem.countDocuments()).toBe(7);
  });

  it('adopts items that already exist instead of duplicating them', async () => {
    await MainCategory.create({ title: 'Bhringraj Hair Oil', mainPricePaise: 50000, offerPricePaise: 45000 });

    const report = await seed(ctx.deps);

    expect(report.products.kept).toBe(1);
    expect(await MainCategory.countDocuments({ title: 'Bhringraj Hair Oil' })).toBe(1);
    expect(await MainCategory.findOne({ title: 'Bhringraj Hair Oil' })).toMatchObject({ mainPricePaise: 50000 });
  });

  it('leaves the owner’s sliders alone when every slot is taken', async () => {
    for (let slot = 0; slot < SLIDER_LIMIT; slot++) {
      await Slider.create({ title: `Owner slide ${slot}`, description: 'Diwali offer', slot });
    }

    const report = await seed(ctx.deps);

    expect(report.sliders).toEqual({ created: 0, kept: 0, skipped: 3 });
    expect((await Slider.find()).map((s) => s.title).sort()).toEqual([
      'Owner slide 0',
      'Owner slide 1',
      'Owner slide 2',
    ]);
  });

  it('fills only the free slider slots', async () => {
    await Slider.create({ title: 'Owner slide', description: 'Monsoon care', slot: 1 });

    const report = await seed(ctx.deps);

    expect(report.sliders).toEqual({ created: 2, kept: 0, skipped: 1 });
    expect((await Slider.find().sort({ slot: 1 })).map((s) => s.slot)).toEqual([0, 1, 2]);
  });

  it('seeds an empty database on start, and only an empty one', async () => {
    const first = await seedIfEmpty(ctx.deps);
    expect(first?.products.created).toBeGreaterThanOrEqual(6);
    expect(await counts()).toMatchObject({ admins: 1, sliders: 3, gallery: 8 });

    expect(await seedIfEmpty(ctx.deps)).toBeNull();

    await clearStore();
    await MainCategory.create({ title: 'Owner product' });
    expect(await seedIfEmpty(ctx.deps)).toBeNull();
    expect(await counts()).toEqual({ admins: 0, sliders: 0, products: 1, gallery: 0 });
  });

  it('seeds on start although the admin was already created', async () => {
    await Admin.create({ username: 'shop-owner', passwordHash: 'x' });

    const report = await seedIfEmpty(ctx.deps);

    expect(report?.admin.created).toBe(false);
    expect(await counts()).toMatchObject({ admins: 1, sliders: 3, gallery: 8 });
  });

  it('does not bring back demo items the owner deleted', async () => {
    await seed(ctx.deps);
    await Promise.all([MainCategory.deleteMany({}), Slider.deleteMany({}), GalleryItem.deleteMany({})]);

    const report = await seedIfEmpty(ctx.deps);

    expect(report?.products.created).toBe(0);
    expect(await counts()).toEqual({ admins: 1, sliders: 0, products: 0, gallery: 0 });
  });
});
