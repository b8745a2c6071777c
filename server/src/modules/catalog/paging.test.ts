import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, PAGING_TEXTS, type Page, type Product } from '@kesh/shared';
import { StorefrontVersionDoc, storefrontChanged } from '../../lib/storefront-version.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { MainCategory } from './category.model.js';
import { CATEGORY_NOT_FOUND } from './service.js';
import { returnHeld, returnStockOnce, takeStockFor } from './stock.js';

/** Products 1…n, one second apart, so the catalogue's order (oldest first) is their number. */
async function catalogueOf(n: number) {
  const start = Date.UTC(2025, 0, 1);
  await MainCategory.insertMany(
    Array.from({ length: n }, (_, i) => ({
      title: `Herbal Oil ${i + 1}`,
      mainPricePaise: 10_000 + ((i * 7919) % 50) * 1000,
      stock: 50,
      createdAt: new Date(start + i * 1000),
    })),
  );
  // Written behind the services' back, so the cached list is told here.
  await storefrontChanged();
}
const titles = (products: Product[]) => products.map((p) => p.title);
const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Herbal Oil ${from + i}`);
const version = async () => (await StorefrontVersionDoc.findById('storefront').lean())?.version ?? 0;

describe('the catalogue a page at a time: GET /api/main-category?page=&limit=', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await MainCategory.deleteMany({});
  });

  it('answers one page in catalogue order with the total, and still every product without paging', async () => {
    await catalogueOf(60);
    const second = await ctx.http.get('/api/main-category?page=2&limit=24');
    expect(second.status).toBe(200);
    const body = second.body as Page<Product>;
    expect(body).toMatchObject({ page: 2, limit: 24, total: 60 });
    expect(titles(body.items)).toEqual(numbered(25, 48));
    const last = (await ctx.http.get('/api/main-category?page=3&limit=24')).body as Page<Product>;
    expect(titles(last.items)).toEqual(numbered(49, 60));
    const past = (await ctx.http.get('/api/main-category?page=4&limit=24')).body as Page<Product>;
    expect(past).toEqual({ items: [], page: 4, limit: 24, total: 60 });
    // Kept until the storefront's version moves (every catalogue write through the services moves it).
    await MainCategory.updateOne({ title: 'Herbal Oil 30' }, { $set: { title: 'Herbal Oil 30, new label' } });
    const kept = (await ctx.http.get('/api/main-category?page=2&limit=24')).body as Page<Product>;
    expect(kept.items[5]!.title).toBe('Herbal Oil 30');
    await storefrontChanged();
    const fresh = (await ctx.http.get('/api/main-category?page=2&limit=24')).body as Page<Product>;
    expect(fresh.items[5]!.title).toBe('Herbal Oil 30, new label');
    // The default page size of every paged list, and the spec's contract: every product.
    expect(((await ctx.http.get('/api/main-category?page=1')).body as Page<Product>).items).toHaveLength(25);
    expect(((await ctx.http.get('/api/main-category')).body as Product[]).map((p) => p.title)).toHaveLength(60);
  });

  it('pages the search and sort too', async () => {
    await catalogueOf(30);
    const sorted = (await ctx.http.get('/api/main-category?page=2&limit=10&sort=price-asc')).body as Page<Product>;
    const all = (await ctx.http.get('/api/main-category?sort=price-asc')).body as Product[];
    expect(sorted.total).toBe(30);
    expect(titles(sorted.items)).toEqual(titles(all.slice(10, 20)));
    const found = (await ctx.http.get('/api/main-category?page=1&limit=5&q=oil%202')).body as Page<Product>;
    expect(found.total).toBe(11); // Oil 2 and Oil 20–29
    expect(titles(found.items)).toEqual(['Herbal Oil 2', ...numbered(20, 23)]);
  });

  it('refuses a page or size that is not a whole number in range, with the message', async () => {
    for (const [query, error] of [
      ['page=abc', PAGING_TEXTS.invalidPage],
      ['page=0', PAGING_TEXTS.invalidPage],
      ['page=10001', PAGING_TEXTS.invalidPage],
      ['page=1&limit=101', PAGING_TEXTS.invalidPageSize],
      ['limit=0', PAGING_TEXTS.invalidPageSize],
      ['page=1&sort=cheapest', MESSAGES.invalidProductSort],
    ]) {
      const res = await ctx.http.get(`/api/main-category?${query}`);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(error);
    }
  });

  it('reads one page of products from the index, not the catalogue before or after it', async () => {
    await catalogueOf(2000);
    const explain = (await MainCategory.find()
      .sort({ createdAt: 1, _id: 1 })
      .skip(96)
      .limit(24)
      .explain('executionStats')) as unknown as { executionStats: { totalDocsExamined: number } };
    expect(explain.executionStats.totalDocsExamined).toBeLessThanOrEqual(120);
    const newest = (await MainCategory.find()
      .sort({ createdAt: -1, _id: -1 })
      .limit(3)
      .explain('executionStats')) as unknown as { executionStats: { totalDocsExamined: number } };
    expect(newest.executionStats.totalDocsExamined).toBe(3);
  });

  it("answers the home page's newest three and one product by id, without the rest", async () => {
    await catalogueOf(10);
    expect(titles((await ctx.http.get('/api/main-category/newest')).body as Product[])).toEqual(numbered(8, 10));
    const eighth = await MainCategory.findOne({ title: 'Herbal Oil 8' }).lean();
    const one = await ctx.http.get(`/api/main-category/${String(eighth!._id)}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ _id: String(eighth!._id), title: 'Herbal Oil 8', stock: 50 });
    const missing = await ctx.http.get('/api/main-category/64b0000000000000000000bb');
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body)).toContain(CATEGORY_NOT_FOUND);
    const bad = await ctx.http.get('/api/main-category/not-an-id');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(MESSAGES.invalidCategoryId);
  });

  it("moves the storefront's version with every change of the shelf a card shows", async () => {
    await catalogueOf(2);
    const [first, second] = await MainCategory.find().sort({ createdAt: 1 }).lean();
    const lines = [{ productId: first!._id, quantity: 3 }];
    const before = await version();
    expect(await takeStockFor('order:1', lines)).toBe(true);
    expect(await version()).toBe(before + 1);
    await returnHeld('order:1');
    expect(await version()).toBe(before + 2);
    await returnStockOnce('cancel:1', lines);
    expect(await version()).toBe(before + 3);
    // Nothing taken (too little on the shelf) or nothing to put back: nothing a page shows changed.
    expect(await takeStockFor('order:2', [{ productId: second!._id, quantity: 51 }])).toBe(false);
    await returnStockOnce('cancel:1', lines);
    expect(await version()).toBe(before + 3);
  });
});
