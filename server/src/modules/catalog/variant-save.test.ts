import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, VARIANT_TEXTS, type Product } from '@kesh/shared';
import { bearer } from '../../test/harness.js';
import { MainCategory } from './category.model.js';
import { SkuClaim } from './sku-claim.model.js';
import { takeStockFor } from './stock.js';
import { ProductVariant } from './variant.model.js';
import { finishVariantSaves } from './variant-save.js';
import { appWithOwner } from '../../test/shop.js';

const sizes = (skus: [string, string], stock = ['7', '9']) => ({
  options: [{ name: 'Size', values: ['100 ml', '200 ml'] }],
  variants: [
    { sku: skus[0], optionValues: ['100 ml'], offerPrice: '199', stock: stock[0] },
    { sku: skus[1], optionValues: ['200 ml'], offerPrice: '349', stock: stock[1] },
  ],
});
const IN_A_MINUTE = () => new Date(Date.now() + 60_000);

describe('saving a product’s variants: unique SKUs and a save cut short', () => {
  const shop = appWithOwner();
  beforeEach(async () => {
    vi.restoreAllMocks();
    await Promise.all([MainCategory.deleteMany({}), ProductVariant.deleteMany({}), SkuClaim.deleteMany({})]);
  });

  const newProduct = async (title = 'Amla hair oil') =>
    String((await MainCategory.create({ title, mainPricePaise: 30000 }))._id);
  const save = (id: string, body: unknown) =>
    shop.ctx.http
      .put(`/api/main-category/${id}/variants`)
      .set(bearer(shop.admin))
      .send(body as object);
  const read = async (id: string) => (await shop.ctx.http.get(`/api/main-category/${id}`).expect(200)).body as Product;

  it('of two saves naming the same new SKU at once, exactly one succeeds; the other changes nothing', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = [await newProduct('Amla oil'), await newProduct('Bhringraj oil')];
      const answers = await Promise.all([
        save(a, sizes([`A-${round}`, `SAME-${round}`])),
        save(b, sizes([`B-${round}`, `SAME-${round}`])),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
      const refused = answers.find((r) => r.status === 400)!;
      expect(refused.body.error).toBe(VARIANT_TEXTS.skuTaken);
      const loser = answers[0] === refused ? a : b;
      expect((await read(loser)).variants).toEqual([]);
      expect(await SkuClaim.countDocuments({ productId: loser })).toBe(0);
      expect(await ProductVariant.countDocuments({ sku: `SAME-${round}`, removedAt: null })).toBe(1);
    }
  });

  it('a SKU is one name whatever its case, moves between a product’s own variants, and is free once removed', async () => {
    const [a, b] = [await newProduct('Amla oil'), await newProduct('Bhringraj oil')];
    await save(a, sizes(['AMLA-100', 'AMLA-200'])).expect(200);
    expect((await save(b, sizes(['amla-100', 'B-200']))).body.error).toBe(VARIANT_TEXTS.skuTaken);

    // Swapped between the two sizes in one save.
    const [small, large] = (await read(a)).variants!;
    const swapped = sizes(['AMLA-200', 'AMLA-100']);
    const res = await save(a, {
      ...swapped,
      variants: [
        { ...swapped.variants[0], id: small!.id },
        { ...swapped.variants[1], id: large!.id },
      ],
    }).expect(200);
    expect((res.body as Product).variants!.map((v) => [v.label, v.sku])).toEqual([
      ['100 ml', 'AMLA-200'],
      ['200 ml', 'AMLA-100'],
    ]);

    // Product a drops its variants: another product may use the SKUs; deleting a product frees its own.
    await save(a, { options: [], variants: [] }).expect(200);
    await save(b, sizes(['AMLA-100', 'B-200'])).expect(200);
    await shop.ctx.http.delete(`/api/main-category/${b}`).set(bearer(shop.admin)).expect(200);
    await save(a, sizes(['AMLA-100', 'B-200'])).expect(200);
  });

  it('a save that fails half-way is finished by recovery, without undoing a sale made in between', async () => {
    const id = await newProduct();
    const first = (await save(id, sizes(['AMLA-100', 'AMLA-200'], ['7', '9'])).expect(200)).body as Product;
    const [small, large] = first.variants!;

    // Renames the sizes, changes the 100 ml's stock, removes the 200 ml and adds a 500 ml; the
    // database refuses the second variant write.
    const edit = {
      options: [{ name: 'Bottle', values: ['100 ml', '500 ml'] }],
      variants: [
        { id: small!.id, sku: 'AMLA-100', optionValues: ['100 ml'], offerPrice: '189', stock: '5' },
        { sku: 'AMLA-500', optionValues: ['500 ml'], offerPrice: '699', stock: '3' },
      ],
    };
    const updateOne = ProductVariant.updateOne.bind(ProductVariant);
    let writes = 0;
    vi.spyOn(ProductVariant, 'updateOne').mockImplementation(((...args: Parameters<typeof updateOne>) => {
      writes += 1;
      if (writes === 2) throw new Error('disk full');
      return updateOne(...args);
    }) as typeof updateOne);
    const failed = await save(id, edit);
    expect(failed.status).toBe(500);
    expect(failed.body.error).toBe(MESSAGES.internalError);
    vi.restoreAllMocks();
    expect(await MainCategory.countDocuments({ _id: id, variantsSave: { $exists: true } })).toBe(1);

    // A shopper buys one 100 ml (written by the cut-short save: 5 units) before recovery runs.
    expect(await takeStockFor('order:test', [{ productId: id, variantId: small!.id, quantity: 1 }])).toBe(true);

    expect(await finishVariantSaves(IN_A_MINUTE())).toBe(1);
    const product = await read(id);
    expect(product.options).toEqual(edit.options);
    expect(product.variants!.map((v) => [v.label, v.sku, v.offerPrice, v.stock])).toEqual([
      ['100 ml', 'AMLA-100', 189, 4],
      ['500 ml', 'AMLA-500', 699, 3],
    ]);
    expect(product.offerPrice).toBe(189);
    expect((await ProductVariant.findById(large!.id).lean())!.removedAt).toBeInstanceOf(Date);
    // Nothing left to finish; the 200 ml's SKU is free again.
    expect(await finishVariantSaves(IN_A_MINUTE())).toBe(0);
    expect(await SkuClaim.exists({ _id: 'amla-200' })).toBeNull();
  });
});
