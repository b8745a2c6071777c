import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, PRICE_TEXTS, VARIANT_TEXTS, type Product } from '@kesh/shared';
import { bearer, createAdminToken, startTestApp, type TestContext } from '../../test/harness.js';
import { expectAdminOnly } from '../../test/admin-guard.js';
import { MainCategory } from './category.model.js';
import { ProductVariant } from './variant.model.js';

const MISSING_ID = '64b0000000000000000000bb';
const size = { name: 'Size', values: ['100 ml', '200 ml'] };
const twoSizes = {
  options: [size],
  variants: [
    {
      sku: 'AMLA-100',
      optionValues: ['100 ml'],
      mainPrice: '250',
      offerPrice: '199.50',
      stock: '7',
      weightGrams: '130',
    },
    { sku: 'AMLA-200', optionValues: ['200 ml'], mainPrice: '450', offerPrice: '', stock: '', weightGrams: '' },
  ],
};

describe('a product’s options and variants (PUT /api/main-category/:id/variants)', () => {
  let ctx: TestContext;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    ctx = await startTestApp();
    token = (await createAdminToken(ctx)).token;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await MainCategory.deleteMany({});
    await ProductVariant.deleteMany({});
    productId = String((await MainCategory.create({ title: 'Amla hair oil', mainPricePaise: 30000, stock: 4 }))._id);
  });

  const save = (body: unknown, id = productId) =>
    ctx.http
      .put(`/api/main-category/${id}/variants`)
      .set(bearer(token))
      .send(body as object);
  const listed = async () =>
    ((await ctx.http.get('/api/main-category')).body as Product[]).find((p) => p._id === productId)!;

  it('refuses callers who are not the owner', async () => {
    await expectAdminOnly(ctx, 'put', `/api/main-category/${productId}/variants`);
    expect(await ProductVariant.countDocuments()).toBe(0);
  });

  it('saves options and variants; the catalogue shows them, its price is the default variant’s', async () => {
    const res = await save(twoSizes);
    expect(res.status).toBe(200);
    expect(res.body.options).toEqual([size]);
    expect(res.body.variants).toMatchObject([
      { sku: 'AMLA-100', label: '100 ml', mainPrice: 250, offerPrice: 199.5, stock: 7, weightGrams: 130 },
      { sku: 'AMLA-200', label: '200 ml', mainPrice: 450, offerPrice: null, stock: null, weightGrams: null },
    ]);
    expect(res.body.defaultVariantId).toBe(res.body.variants[0].id);
    const product = await listed();
    // Every field the spec lists is still there, priced as the default variant.
    expect(product).toMatchObject({ title: 'Amla hair oil', mainPrice: 250, offerPrice: 199.5, ratingCount: 0 });
    // One variant not counted: the product as a whole is never sold out.
    expect(product.stock).toBeNull();
    expect(product.variants).toHaveLength(2);
    expect((await ctx.http.get(`/api/main-category/${productId}`)).body.variants).toHaveLength(2);
  });

  it('reorders, updates, adds and removes variants by id; a removed one is kept for its orders', async () => {
    const first = (await save(twoSizes)).body as Product;
    const [small, large] = first.variants!;
    const res = await save({
      options: [{ name: 'Size', values: ['100 ml', '200 ml', '500 ml'] }],
      variants: [
        { id: large!.id, sku: 'AMLA-200', optionValues: ['200 ml'], offerPrice: '399', stock: '3' },
        { sku: 'AMLA-500', optionValues: ['500 ml'], offerPrice: '799', stock: '2' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.variants.map((v: { sku: string }) => v.sku)).toEqual(['AMLA-200', 'AMLA-500']);
    expect(res.body.variants[0].id).toBe(large!.id);
    expect(res.body).toMatchObject({ offerPrice: 399, stock: 5, defaultVariantId: large!.id });
    const removed = await ProductVariant.findById(small!.id).lean();
    expect(removed?.removedAt).toBeInstanceOf(Date);
    expect(removed?.sku).toBe('AMLA-100');
  });

  it('takes all variants away again: the product sells alone, at the last default price', async () => {
    await save(twoSizes);
    const res = await save({ options: [], variants: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ options: [], variants: [], defaultVariantId: null, offerPrice: 199.5 });
    expect(await ProductVariant.countDocuments({ removedAt: null })).toBe(0);
  });

  it('a product without variants reads exactly as before', async () => {
    const product = await listed();
    expect(product).toMatchObject({ mainPrice: 300, offerPrice: null, stock: 4, options: [], variants: [] });
    expect(product.defaultVariantId).toBeNull();
  });

  it('the product form no longer sets prices or stock of a product with variants', async () => {
    await save(twoSizes);
    const res = await ctx.http
      .put(`/api/main-category/${productId}`)
      .set(bearer(token))
      .field('title', 'Amla oil')
      .field('offerPrice', '1')
      .field('stock', '99');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Amla oil', offerPrice: 199.5, stock: null });
  });

  it('refuses each invalid body with its message and saves nothing', async () => {
    const one = (more: Record<string, unknown>) => ({
      options: [size],
      variants: [{ sku: 'A-1', optionValues: ['100 ml'], ...more }],
    });
    const cases: [unknown, string][] = [
      [{ options: [{ name: ' ', values: ['x'] }], variants: [] }, VARIANT_TEXTS.optionName],
      [{ options: [{ name: 'Size', values: [] }], variants: [] }, VARIANT_TEXTS.optionValues],
      [{ options: [size, size, size, size], variants: [] }, VARIANT_TEXTS.tooManyOptions],
      [{ options: [size, size], variants: [] }, VARIANT_TEXTS.optionRepeated],
      [{ options: [{ name: 'Size', values: ['x', 'X'] }], variants: [] }, VARIANT_TEXTS.valueRepeated],
      [{ options: [size], variants: [] }, VARIANT_TEXTS.needsVariant],
      [{ options: [], variants: one({}).variants }, VARIANT_TEXTS.needsOption],
      [{ options: [size], variants: 'all' }, VARIANT_TEXTS.needsVariant],
      [one({ optionValues: ['1 l'] }), VARIANT_TEXTS.optionValuesMismatch],
      [
        { options: [size], variants: [...one({}).variants, { sku: 'A-2', optionValues: ['100 ml'] }] },
        VARIANT_TEXTS.combinationRepeated,
      ],
      [
        { options: [size], variants: [...one({}).variants, { sku: 'a-1', optionValues: ['200 ml'] }] },
        VARIANT_TEXTS.skuRepeated,
      ],
      [one({ sku: { $ne: null } }), VARIANT_TEXTS.sku],
      [one({ offerPrice: '12.345' }), PRICE_TEXTS.invalid],
      [one({ stock: '1.5' }), MESSAGES.invalidStock],
      [one({ weightGrams: 'heavy' }), VARIANT_TEXTS.weight],
      [one({ id: 'x' }), VARIANT_TEXTS.invalidVariantId],
      [one({ id: MISSING_ID }), VARIANT_TEXTS.unknownVariant],
    ];
    for (const [body, message] of cases) {
      const res = await save(body);
      expect({ status: res.status, error: res.body.error }, JSON.stringify(body)).toEqual({
        status: 400,
        error: message,
      });
    }
    expect(await ProductVariant.countDocuments()).toBe(0);
    expect((await listed()).options).toEqual([]);
  });

  it('refuses a SKU another product’s variant uses, a missing product and a malformed id', async () => {
    await save(twoSizes);
    const other = String((await MainCategory.create({ title: 'Bhringraj oil' }))._id);
    const taken = await save(twoSizes, other);
    expect(taken.status).toBe(400);
    expect(taken.body.error).toBe(VARIANT_TEXTS.skuTaken);
    const missing = await save(twoSizes, MISSING_ID);
    expect(missing.status).toBe(404);
    const malformed = await save(twoSizes, 'nope');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(MESSAGES.invalidCategoryId);
    const form = await ctx.http
      .put(`/api/main-category/${productId}/variants`)
      .set(bearer(token))
      .type('form')
      .send('options=x');
    expect(form.status).toBe(415);
  });

  it('deleting the product takes its variants off the shelf', async () => {
    await save(twoSizes);
    await ctx.http.delete(`/api/main-category/${productId}`).set(bearer(token)).expect(200);
    expect(await ProductVariant.countDocuments({ removedAt: null })).toBe(0);
    expect(await ProductVariant.countDocuments()).toBe(2);
  });

  it('a page of the catalogue reads its own products’ variants only, and the low-stock list the low ones', async () => {
    const at = Date.UTC(2026, 0, 1);
    const products = await MainCategory.insertMany(
      Array.from({ length: 200 }, (_, i) => ({
        title: `Oil ${i}`,
        options: [{ name: 'Size', values: Array.from({ length: 10 }, (_, v) => `${v + 1}00 ml`) }],
        createdAt: new Date(at + i * 1000),
      })),
    );
    await ProductVariant.insertMany(
      products.flatMap((p, i) =>
        Array.from({ length: 10 }, (_, v) => ({
          productId: p._id,
          position: v,
          sku: `OIL-${i}-${v}`,
          optionValues: [`${v + 1}00 ml`],
          label: `${v + 1}00 ml`,
          offerPricePaise: 10000 + v,
          stock: i === 7 && v === 3 ? 2 : 50,
        })),
      ),
    );
    const page = await ctx.http.get('/api/main-category?page=3&limit=10').expect(200);
    expect(page.body.items).toHaveLength(10);
    expect(page.body.items[0].variants).toHaveLength(10);
    expect(page.body.items[0]).toMatchObject({ offerPrice: null, stock: 500 });
    const pageIds = page.body.items.map((p: Product) => p._id);
    const explain = (await ProductVariant.find({ productId: { $in: pageIds }, removedAt: null })
      .sort({ productId: 1, position: 1 })
      .explain('executionStats')) as unknown as { executionStats: { totalDocsExamined: number } };
    expect(explain.executionStats.totalDocsExamined).toBe(100);
    const low = (await ProductVariant.find({ stock: { $lte: 5 }, removedAt: null }).explain(
      'executionStats',
    )) as unknown as {
      executionStats: { totalDocsExamined: number };
    };
    expect(low.executionStats.totalDocsExamined).toBe(1);
    const lowList = await ctx.http.get('/api/admin/low-stock').set(bearer(token)).expect(200);
    // The product without variants made before each test has 4 left, and is listed too.
    expect(lowList.body.filter((p: { variant: unknown }) => p.variant)).toEqual([
      {
        _id: String(products[7]!._id),
        title: 'Oil 7',
        stock: 2,
        variant: { id: expect.any(String), label: '400 ml', sku: 'OIL-7-3' },
      },
    ]);
  });
});
