import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, Product, ProductVariant as VariantDto } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import type { StorefrontVersion } from '../../lib/storefront-version.js';
import { queriesDuring } from '../../test/query-log.js';
import { MainCategory } from '../catalog/category.model.js';
import { keptShelf } from '../catalog/index.js';
import { takeStockFor } from '../catalog/stock.js';
import { loadCart } from './service.js';

type Shopper = Awaited<ReturnType<typeof signUpCustomer>>;

/** Queries of the catalogue (products and variants) a call makes. */
const catalogueReadsDuring = (call: () => Promise<unknown>) =>
  queriesDuring((collection) => collection === 'maincategories' || collection === 'productvariants', call);

describe("the cart's products and variants from the kept shelf", () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = (await createAdminToken(ctx)).token;
  });
  afterAll(() => ctx.close());

  let made = 0;
  /** A product in 100 ml (₹199, 10 left) and 200 ml (₹349, `largeStock` left), through the admin API. */
  async function sizedOil(largeStock = '6') {
    made += 1;
    const product = await MainCategory.create({ title: `Amla hair oil ${made}`, mainPricePaise: 30000 });
    const variants = (sizes: [string, string][]) =>
      ctx.http
        .put(`/api/main-category/${product._id}/variants`)
        .set(bearer(admin))
        .send({
          options: [{ name: 'Size', values: sizes.map(([size]) => size) }],
          variants: sizes.map(([size, stock]) => ({
            sku: `AMLA-${made}-${size.replace(' ', '')}`,
            optionValues: [size],
            offerPrice: size === '100 ml' ? '199' : '349',
            stock,
          })),
        })
        .expect(200);
    const [small, large] = (
      (
        await variants([
          ['100 ml', '10'],
          ['200 ml', largeStock],
        ])
      ).body as Product
    ).variants as [VariantDto, VariantDto];
    return { id: String(product._id), small, large, saveVariants: variants };
  }
  async function plainOil(fields: Record<string, unknown> = {}) {
    const doc = await MainCategory.create({ title: 'Neem oil', mainPricePaise: 24900, stock: 5, ...fields });
    return String(doc._id);
  }
  const add = (shopper: Shopper, body: Record<string, unknown>) =>
    ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send(body).expect(200);
  const cartText = async (shopper: Shopper) =>
    (await ctx.http.get('/api/cart/cart').set(bearer(shopper.token)).expect(200)).text;
  const cartOf = async (shopper: Shopper) => JSON.parse(await cartText(shopper)) as CartResponse;
  /** The cart as a read straight from the database (checkout's path) makes it, serialized. */
  const fromDatabase = async (shopper: Shopper) => JSON.stringify(await loadCart(shopper.userId));

  it('answers a repeated read without a catalogue query, byte for byte what the database gives', async () => {
    const shopper = await signUpCustomer(ctx);
    const sized = await sizedOil('0');
    const plain = await plainOil();
    const soldOut = await plainOil({ title: 'Brahmi oil', stock: 0, offerPricePaise: 19950 });
    // Stored before the default text existed: the cart has always shown it empty.
    const bare = await plainOil({ title: 'Bare oil', description: '', stock: null, imageKey: null });
    await add(shopper, { productId: plain, quantity: 2 });
    await add(shopper, { productId: sized.id, variantId: sized.small.id, quantity: 1 });
    await add(shopper, { productId: sized.id, variantId: sized.large.id, quantity: 3 });
    await add(shopper, { productId: bare, quantity: 1 });
    await MainCategory.updateOne({ _id: soldOut }, { $set: { stock: 1 } });
    await add(shopper, { productId: soldOut, quantity: 1 });
    await MainCategory.updateOne({ _id: soldOut }, { $set: { stock: 0 } });
    await cartText(shopper);
    let text = '';
    expect(await catalogueReadsDuring(async () => (text = await cartText(shopper)))).toBe(0);
    expect(text).toBe(await fromDatabase(shopper));
    const cart = JSON.parse(text) as CartResponse;
    expect(cart.items.map((i) => [i.productId.title, i.variant?.label ?? null, i.productId.stock])).toEqual([
      ['Neem oil', null, 5],
      [`Amla hair oil ${made}`, '100 ml', 10],
      [`Amla hair oil ${made}`, '200 ml', 0],
      ['Bare oil', null, null],
      ['Brahmi oil', null, 0],
    ]);
  });

  it("shows the owner's price change at the next read", async () => {
    const shopper = await signUpCustomer(ctx);
    const plain = await plainOil();
    await add(shopper, { productId: plain, quantity: 2 });
    expect((await cartOf(shopper)).totalAmount).toBe(498);
    await ctx.http
      .put(`/api/main-category/${plain}`)
      .set(bearer(admin))
      .field('title', 'Neem oil')
      .field('mainPrice', '299')
      .field('offerPrice', '259')
      .expect(200);
    const cart = await cartOf(shopper);
    expect(cart.items[0]?.productId).toMatchObject({ mainPrice: 299, offerPrice: 259 });
    expect(cart.totalAmount).toBe(518);
    expect(JSON.stringify(cart)).toBe(await fromDatabase(shopper));
  });

  it("shows a variant's new price and stock after the owner saves the variants", async () => {
    const shopper = await signUpCustomer(ctx);
    const sized = await sizedOil();
    await add(shopper, { productId: sized.id, variantId: sized.large.id, quantity: 1 });
    expect((await cartOf(shopper)).items[0]?.productId).toMatchObject({ offerPrice: 349, stock: 6 });
    await ctx.http
      .put(`/api/main-category/${sized.id}/variants`)
      .set(bearer(admin))
      .send({
        options: [{ name: 'Size', values: ['100 ml', '250 ml'] }],
        variants: [
          { id: sized.small.id, sku: sized.small.sku, optionValues: ['100 ml'], offerPrice: '199', stock: '10' },
          { id: sized.large.id, sku: sized.large.sku, optionValues: ['250 ml'], offerPrice: '399', stock: '2' },
        ],
      })
      .expect(200);
    const cart = await cartOf(shopper);
    expect(cart.items[0]?.productId).toMatchObject({ offerPrice: 399, stock: 2 });
    expect(cart.items[0]?.variant?.label).toBe('250 ml');
    expect(JSON.stringify(cart)).toBe(await fromDatabase(shopper));
  });

  it("shows stock another shopper's order took, and the product sold out", async () => {
    const shopper = await signUpCustomer(ctx);
    const sized = await sizedOil('3');
    await add(shopper, { productId: sized.id, variantId: sized.large.id, quantity: 1 });
    expect((await cartOf(shopper)).items[0]?.productId.stock).toBe(3);
    const lines = [{ productId: sized.id, variantId: sized.large.id, quantity: 3 }];
    expect(await takeStockFor(`order:${new Types.ObjectId()}`, lines)).toBe(true);
    const cart = await cartOf(shopper);
    expect(cart.items[0]?.productId.stock).toBe(0);
    expect(JSON.stringify(cart)).toBe(await fromDatabase(shopper));
  });

  it('drops the line of a product the owner deleted, and of a variant the owner removed', async () => {
    const shopper = await signUpCustomer(ctx);
    const sized = await sizedOil();
    const plain = await plainOil();
    await add(shopper, { productId: plain, quantity: 1 });
    await add(shopper, { productId: sized.id, variantId: sized.small.id, quantity: 1 });
    await add(shopper, { productId: sized.id, variantId: sized.large.id, quantity: 1 });
    expect((await cartOf(shopper)).cartCount).toBe(3);
    await ctx.http.delete(`/api/main-category/${plain}`).set(bearer(admin)).expect(200);
    expect((await cartOf(shopper)).items.map((i) => i.variant?.label)).toEqual(['100 ml', '200 ml']);
    await ctx.http
      .put(`/api/main-category/${sized.id}/variants`)
      .set(bearer(admin))
      .send({
        options: [{ name: 'Size', values: ['200 ml'] }],
        variants: [{ id: sized.large.id, sku: sized.large.sku, optionValues: ['200 ml'], offerPrice: '349' }],
      })
      .expect(200);
    const cart = await cartOf(shopper);
    expect(cart.items.map((i) => i.variant?.label)).toEqual(['200 ml']);
    expect(JSON.stringify(cart)).toBe(await fromDatabase(shopper));
  });

  it('follows a write made straight through the product model, outside the services', async () => {
    const shopper = await signUpCustomer(ctx);
    const plain = await plainOil();
    await add(shopper, { productId: plain, quantity: 1 });
    await cartOf(shopper);
    await MainCategory.updateOne({ _id: plain }, { $set: { title: 'Neem oil, new label' } });
    expect((await cartOf(shopper)).items[0]?.productId.title).toBe('Neem oil, new label');
  });

  it("drops what it kept when the storefront's version moves: another process's write", async () => {
    const plain = new Types.ObjectId(await plainOil());
    let version = 1;
    const storefront: StorefrontVersion = { current: async () => version, changed: async () => undefined };
    const shelf = keptShelf<{ _id: Types.ObjectId; title: string }>({ title: 1 }, storefront);
    const titleOf = async () => (await shelf([plain])).get(String(plain))?.product.title;
    await expect(titleOf()).resolves.toBe('Neem oil');
    // Written the way another process writes: past this process's models and their hooks.
    await MainCategory.collection.updateOne({ _id: plain }, { $set: { title: 'Neem oil, elsewhere' } });
    await expect(titleOf()).resolves.toBe('Neem oil');
    version += 1;
    await expect(titleOf()).resolves.toBe('Neem oil, elsewhere');
  });
});
