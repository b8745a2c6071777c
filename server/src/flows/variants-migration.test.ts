import { Types, connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse, Order as OrderDto, Product } from '@kesh/shared';
import { bearer, signUpCustomer, type TestContext } from '../test/harness.js';
import { bufferBody, pdfText } from '../test/pdf.js';
import { RAJKOT, startShop, type Shopper } from '../test/shop.js';

/**
 * A shop upgrading to variants: its products, carts and orders were written by the code before
 * them (the documents below are those shapes, written straight to the collections so no model
 * default of today adds anything), and every one reads, sells and cancels as it did.
 */
describe('data written before variants', () => {
  let ctx: TestContext;
  let admin: string;
  let shopper: Shopper;
  const oilId = new Types.ObjectId();
  const combId = new Types.ObjectId();
  const orderId = new Types.ObjectId();
  const placedAt = new Date('2026-06-01T10:00:00Z');

  beforeAll(async () => {
    ({ ctx, admin } = await startShop());
    shopper = await signUpCustomer(ctx);
    const at = new Date('2026-01-01T00:00:00Z');
    await connection.collection('maincategories').insertMany([
      {
        _id: oilId,
        title: 'Bhringraj Oil',
        subtitle: 'Cold pressed',
        mainPricePaise: 49900,
        offerPricePaise: 39900,
        ratingCount: 12,
        description: 'Strengthens roots.',
        imageKey: null,
        stock: 5,
        searchKeys: ['b', 'bh'],
        createdAt: at,
        updatedAt: at,
      },
      {
        _id: combId,
        title: 'Neem Comb',
        mainPricePaise: 9900,
        ratingCount: 0,
        imageKey: null,
        createdAt: at,
        updatedAt: at,
      },
    ]);
    await connection.collection('carts').insertOne({
      userId: new Types.ObjectId(shopper.userId),
      items: [
        { productId: oilId, quantity: 2 },
        { productId: combId, quantity: 1 },
      ],
      createdAt: at,
      updatedAt: at,
    });
    await connection.collection('orders').insertOne({
      _id: orderId,
      userId: new Types.ObjectId(shopper.userId),
      products: [
        {
          productId: oilId,
          title: 'Bhringraj Oil',
          quantity: 1,
          pricePaise: 39900,
          hsnCode: '3305',
          gstRatePercent: 18,
        },
      ],
      totalPaise: 39900,
      userDetails: { username: shopper.username, email: shopper.email, contact: shopper.contact, address: RAJKOT },
      status: 'Processing',
      paymentMethod: 'cod',
      stockTaken: true,
      timeline: [{ status: 'Processing', at: placedAt }],
      createdAt: placedAt,
      updatedAt: placedAt,
    });
  });
  afterAll(() => ctx.close());

  it('lists the products with every field as before, and no variants', async () => {
    const products = (await ctx.http.get('/api/main-category').expect(200)).body as Product[];
    const oil = products.find((p) => p._id === String(oilId))!;
    expect(oil).toEqual({
      _id: String(oilId),
      title: 'Bhringraj Oil',
      subtitle: 'Cold pressed',
      mainPrice: 499,
      offerPrice: 399,
      ratingCount: 12,
      description: 'Strengthens roots.',
      image: null,
      imageSrcSet: null,
      hsnCode: '3305',
      gstRate: 18,
      stock: 5,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      options: [],
      variants: [],
      defaultVariantId: null,
      // Product text in other languages (docs/product-text.md): none for a product from before it.
      benefits: [],
      imageAlt: '',
      translations: {},
    });
  });

  it('reads the cart unchanged, each line without a variant', async () => {
    const cart = (await ctx.http.get('/api/cart/cart').set(bearer(shopper.token)).expect(200)).body as CartResponse;
    expect(cart.items.map((i) => [i.productId.title, i.quantity, i.productId.offerPrice, i.variant])).toEqual([
      ['Bhringraj Oil', 2, 399, null],
      ['Neem Comb', 1, null, null],
    ]);
    expect(cart).toMatchObject({ cartCount: 3, totalAmount: 2 * 399 + 99 });
  });

  it('reads the order, its invoice and its CSV row unchanged, and cancelling puts its unit back', async () => {
    const orders = (await ctx.http.get('/api/orders').set(bearer(shopper.token)).expect(200)).body as OrderDto[];
    expect(orders[0]!.products).toEqual([
      {
        productId: { _id: String(oilId), title: 'Bhringraj Oil', image: null },
        title: 'Bhringraj Oil',
        quantity: 1,
        price: 399,
        variant: null,
        // Lines from before kept no titles in other languages: they read in English.
        titles: {},
      },
    ]);
    const pdf = await ctx.http
      .get(`/api/orders/${orderId}/invoice`)
      .set(bearer(shopper.token))
      .buffer(true)
      .parse(bufferBody)
      .expect(200);
    expect(await pdfText(pdf.body as Buffer)).toMatch(/Bhringraj Oil 3305/);
    const csv = await ctx.http.get('/api/orders/export.csv').set(bearer(admin)).buffer(true).expect(200);
    const row = csv.text.split('\n').find((l) => l.startsWith(String(orderId)))!;
    expect(row).toContain(',Bhringraj Oil,1,399.00,399.00,Processing,Cash on delivery,,,');

    await ctx.http.post(`/api/orders/${orderId}/cancel`).set(bearer(admin)).expect(200);
    const oil = (await ctx.http.get(`/api/main-category/${oilId}`).expect(200)).body as Product;
    expect(oil.stock).toBe(6);
  });

  it('checks the old cart out by cash on delivery as before', async () => {
    const res = await ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
    expect(res.status).toBe(201);
    expect((res.body.order as OrderDto).products.map((l) => [l.title, l.quantity, l.variant])).toEqual([
      ['Bhringraj Oil', 2, null],
      ['Neem Comb', 1, null],
    ]);
    const oil = (await ctx.http.get(`/api/main-category/${oilId}`).expect(200)).body as Product;
    expect(oil.stock).toBe(4);
  });
});
