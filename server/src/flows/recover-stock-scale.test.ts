import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncIndexes } from '../db/index.js';
import { startTestApp, type TestContext } from '../test/harness.js';
import { indexesUsed } from '../test/plan.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { ProductVariant } from '../modules/catalog/variant.model.js';
import { shelvesWithReturns, staleHolders, takeStockFor } from '../modules/catalog/stock.js';
import { codStockRef } from './place-cod-order.js';
import { nothingRecovered, recoverInterruptedStock } from './recover-stock.js';

const PRODUCTS = 3000;
const VARIANTS = 500;
const TEN_MINUTES_AGO = () => new Date(Date.now() - 10 * 60_000);

type Explain = Record<string, unknown> & { executionStats: { totalDocsExamined: number; nReturned: number } };

/**
 * The recovery sweep runs every few seconds for as long as the shop is up: at thousands of products
 * it reads the few shelves holding units for a stale claim, or a cancellation's return record,
 * through their indexes, and not the catalogue.
 */
describe(`the stock-recovery sweep at ${PRODUCTS} products`, () => {
  let ctx: TestContext;
  let products: { _id: Types.ObjectId }[];
  let variants: { _id: Types.ObjectId }[];
  beforeAll(async () => {
    ctx = await startTestApp({ STOCK_CLAIM_STALE_MS: '30000' });
    // A shop from before the index on the holds' time: what it holds is there when the index is built.
    await MainCategory.collection.dropIndex('stockHolds.at_1');
    await ProductVariant.collection.dropIndex('stockHolds.at_1');
    products = await MainCategory.insertMany(
      Array.from({ length: PRODUCTS }, (_, i) => ({ title: `Herbal Oil ${i}`, mainPricePaise: 30000, stock: 10 })),
    );
    variants = await ProductVariant.insertMany(
      Array.from({ length: VARIANTS }, (_, i) => ({
        productId: products[i]!._id,
        position: 0,
        sku: `OIL-${i}`,
        label: '100 ml',
        offerPricePaise: 20000,
        stock: 10,
      })),
    );
  });
  afterAll(() => ctx.close());

  it('reads only the shelves with a stale claim, on a shop whose holds were written before the index', async () => {
    const stale = codStockRef(new Types.ObjectId());
    const staleVariantLine = { productId: products[0]!._id, variantId: variants[0]!._id, quantity: 2 };
    await takeStockFor(stale, [{ productId: products[1500]!._id, quantity: 3 }, staleVariantLine], TEN_MINUTES_AGO());
    // A placement under way right now: not stale, left to its process.
    await takeStockFor(codStockRef(new Types.ObjectId()), [{ productId: products[2999]!._id, quantity: 1 }]);
    // What start-up does.
    await syncIndexes();

    const before = new Date(Date.now() - 30_000);
    const [productPlan, variantPlan] = (await Promise.all(
      staleHolders(before).map((holders) => holders.explain('executionStats')),
    )) as unknown as Explain[];
    for (const plan of [productPlan!, variantPlan!]) {
      expect(indexesUsed(plan)).toEqual(['stockHolds.at_1']);
      expect(plan.executionStats).toMatchObject({ totalDocsExamined: 1, nReturned: 1 });
    }

    expect(await recoverInterruptedStock(ctx.deps, before)).toEqual({ ...nothingRecovered(), returned: 1 });
    expect((await MainCategory.findById(products[1500]!._id).lean())?.stock).toBe(10);
    expect((await ProductVariant.findById(variants[0]!._id).lean())?.stock).toBe(10);
    expect((await MainCategory.findById(products[2999]!._id).lean())?.stockHolds).toHaveLength(1);
    for (const holders of staleHolders(before)) expect(await holders).toEqual([]);
  });

  it("reads only the shelves with a cancellation's return record, not those finished cancellations left empty", async () => {
    // Every shelf was part of a cancellation once: each finished one leaves an empty list behind.
    await MainCategory.updateMany({}, { $set: { stockReturns: [] } });
    await ProductVariant.updateMany({}, { $set: { stockReturns: [] } });
    // A cancellation of an order that is not being undone any more: its records are forgotten.
    const leftover = `cancel:${String(new Types.ObjectId())}`;
    await MainCategory.updateOne({ _id: products[2000]!._id }, { $push: { stockReturns: leftover } });
    await ProductVariant.updateOne({ _id: variants[100]!._id }, { $push: { stockReturns: leftover } });

    const plans = (await Promise.all(
      shelvesWithReturns().map((shelves) => shelves.explain('executionStats')),
    )) as unknown as Explain[];
    for (const plan of plans) {
      expect(indexesUsed(plan)).toEqual(['stockReturns_1']);
      expect(plan.executionStats).toMatchObject({ totalDocsExamined: 1, nReturned: 1 });
    }

    expect(await recoverInterruptedStock(ctx.deps)).toEqual(nothingRecovered());
    for (const shelves of shelvesWithReturns()) expect(await shelves).toEqual([]);
  });
});
