import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type CartResponse } from '@kesh/shared';
import { bearer, createAdminToken, signUpCustomer, startTestApp, type TestContext } from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { User } from '../users/user.model.js';
import { Cart } from './cart.model.js';
import { KEPT_CART_MS, keptCart, type StoredCart } from './kept-carts.js';
import { CART_MESSAGES, clearCart, getCartSnapshot } from './service.js';

const IMAGE_KEY = '0123456789abcdef-01234567.jpg';

async function product(
  fields: Partial<{ title: string; mainPricePaise: number | null; offerPricePaise: number | null }> = {},
) {
  const doc = await MainCategory.create({
    title: 'Bhringraj Hair Oil',
    mainPricePaise: 49900,
    offerPricePaise: 39950,
    description: 'Cold-pressed bhringraj in sesame oil.',
    imageKey: IMAGE_KEY,
    ...fields,
  });
  return String(doc._id);
}

/** How many `method` calls on `collection` a call makes, through mongoose's query log. */
async function readsDuring<T>(collection: string, method: string, call: () => Promise<T>) {
  let reads = 0;
  mongoose.set('debug', (name: string, called: string) => {
    if (name === collection && called === method) reads += 1;
  });
  try {
    return { result: await call(), reads };
  } finally {
    mongoose.set('debug', false);
  }
}

describe('cart', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  const add = (token: string, productId: string, quantity?: number) =>
    ctx.http.post('/api/cart/add-to-cart').set(bearer(token)).send({ productId, quantity });
  const getCart = async (token: string): Promise<CartResponse> => {
    const res = await ctx.http.get('/api/cart/cart').set(bearer(token));
    expect(res.status).toBe(200);
    return res.body as CartResponse;
  };

  it('starts empty', async () => {
    const shopper = await signUpCustomer(ctx);
    expect(await getCart(shopper.token)).toEqual({ items: [], cartCount: 0, totalAmount: 0 });
  });

  it('adds a product and answers the cart with the populated product in rupees', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    const res = await add(shopper.token, id, 2);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.addedToCart);
    expect(res.body.items).toEqual([
      {
        productId: {
          _id: id,
          title: 'Bhringraj Hair Oil',
          offerPrice: 399.5,
          mainPrice: 499,
          image: `/uploads/${IMAGE_KEY}`,
          // The product was inserted without variants, as documents from before they existed.
          imageSrcSet: null,
          description: 'Cold-pressed bhringraj in sesame oil.',
          stock: null,
          titles: {},
        },
        quantity: 2,
        variant: null,
      },
    ]);
    expect(res.body.cartCount).toBe(2);
    expect(res.body.totalAmount).toBe(799);
    const { message: _message, ...cart } = res.body as CartResponse;
    expect(await getCart(shopper.token)).toEqual(cart);
  });

  it("reads only what a line shows from the cart's products, not their growing stock returns", async () => {
    const shopper = await signUpCustomer(ctx);
    const productId = await product();
    const returns = Array.from({ length: 2000 }, (_, i) => `checkout-${i}`);
    await MainCategory.updateOne({ _id: productId }, { $set: { stockReturns: returns, stock: 40 } });
    const fetched: unknown[] = [];
    mongoose.set('debug', (collection: string, method: string, _query: unknown, ...rest: unknown[]) => {
      if (collection === 'maincategories' && method === 'find') fetched.push(rest);
    });
    try {
      await add(shopper.token, productId, 2).expect(200);
      const cart = await getCart(shopper.token);
      expect(cart.items[0]?.productId).toMatchObject({ _id: productId, stock: 40, mainPrice: 499 });
    } finally {
      mongoose.set('debug', false);
    }
    expect(JSON.stringify(fetched)).toContain('"projection":{"title":1');
    expect(JSON.stringify(fetched)).not.toContain('stockReturns');
  });

  describe('kept between reads', () => {
    const cartReadsDuring = <T>(call: () => Promise<T>) => readsDuring('carts', 'findOne', call);

    it('answers a repeated read without the database, and shows any write to the cart at once', async () => {
      const shopper = await signUpCustomer(ctx);
      const id = await product();
      await add(shopper.token, id, 2).expect(200);
      const repeated = await cartReadsDuring(() => getCart(shopper.token));
      expect(repeated.reads).toBe(0);
      expect(repeated.result.cartCount).toBe(2);

      // A write made outside the cart's routes (a checkout flow, a script) through the model.
      await Cart.updateOne({ userId: shopper.userId }, { $set: { 'items.0.quantity': 5 } });
      expect((await getCart(shopper.token)).cartCount).toBe(5);
      await Cart.deleteMany({});
      expect(await getCart(shopper.token)).toEqual({ items: [], cartCount: 0, totalAmount: 0 });
    });

    it('believes a kept cart for KEPT_CART_MS at most: a change made around the model shows after it', async () => {
      const shopper = await signUpCustomer(ctx);
      await add(shopper.token, await product(), 1).expect(200);
      expect((await getCart(shopper.token)).cartCount).toBe(1);
      // An operator's edit in mongosh: straight to the collection, no mongoose middleware.
      await Cart.collection.updateOne(
        { userId: new Types.ObjectId(shopper.userId) },
        { $set: { 'items.0.quantity': 4 } },
      );
      expect((await getCart(shopper.token)).cartCount).toBe(1);
      const later = Date.now() + KEPT_CART_MS;
      const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
      try {
        expect((await getCart(shopper.token)).cartCount).toBe(4);
      } finally {
        clock.mockRestore();
      }
    });

    it('does not keep a read that a write overlapped', async () => {
      const shopper = await signUpCustomer(ctx);
      const id = await product();
      await add(shopper.token, id, 1).expect(200);
      await Cart.updateOne({ userId: shopper.userId }, { $set: { updatedAt: new Date() } });
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const before = await Cart.findOne({ userId: shopper.userId }).lean<StoredCart>();
      const overlapped = keptCart(shopper.userId, async () => {
        await gate;
        return before;
      });
      await Cart.updateOne({ userId: shopper.userId }, { $set: { 'items.0.quantity': 7 } });
      release();
      expect((await overlapped)?.items[0]?.quantity).toBe(1);
      const { result, reads } = await cartReadsDuring(() => getCart(shopper.token));
      expect(reads).toBe(1);
      expect(result.cartCount).toBe(7);
    });
  });

  it('adds 1 when the body has no quantity', async () => {
    const shopper = await signUpCustomer(ctx);
    const res = await add(shopper.token, await product());
    expect(res.body.cartCount).toBe(1);
  });

  it('adds to the existing line instead of duplicating it', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    await add(shopper.token, id, 1).expect(200);
    const res = await add(shopper.token, id, 3);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].quantity).toBe(4);
  });

  it('sums 10 parallel adds of one product into one line (no lost write)', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => add(shopper.token, id, i + 1)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const cart = await getCart(shopper.token);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]!.quantity).toBe(55);
    expect(await Cart.countDocuments({ userId: shopper.userId })).toBe(1);
  });

  it('never lets parallel adds push one line past 100', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    const answers = await Promise.all(Array.from({ length: 8 }, () => add(shopper.token, id, 30)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 400);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.error).toBe('You can have at most 100 of one product in your cart.');
    expect((await getCart(shopper.token)).items[0]!.quantity).toBe(90);
  });

  it('keeps parallel adds of different products as separate lines', async () => {
    const shopper = await signUpCustomer(ctx);
    const ids = await Promise.all([product({ title: 'A' }), product({ title: 'B' }), product({ title: 'C' })]);
    await Promise.all(ids.flatMap((id) => [add(shopper.token, id, 1), add(shopper.token, id, 1)]));
    const cart = await getCart(shopper.token);
    expect(cart.items.map((i) => [i.productId.title, i.quantity]).sort()).toEqual([
      ['A', 2],
      ['B', 2],
      ['C', 2],
    ]);
  });

  it('prices with mainPrice when there is no offer, and 0 when there is no price', async () => {
    const shopper = await signUpCustomer(ctx);
    await add(shopper.token, await product({ offerPricePaise: null, mainPricePaise: 25000 }), 2).expect(200);
    const res = await add(shopper.token, await product({ offerPricePaise: null, mainPricePaise: null }), 1);
    expect(res.body.totalAmount).toBe(500);
    expect(res.body.items[1].productId).toMatchObject({ offerPrice: null, mainPrice: null });
  });

  it('answers 404 for an unknown product and leaves the cart alone', async () => {
    const shopper = await signUpCustomer(ctx);
    const res = await add(shopper.token, new Types.ObjectId().toString(), 1);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(MESSAGES.productNotFound);
    expect((await getCart(shopper.token)).cartCount).toBe(0);
  });

  it('answers 404 for a deleted product', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    await MainCategory.deleteOne({ _id: id });
    expect((await add(shopper.token, id, 1)).status).toBe(404);
  });

  it('drops and prunes a line whose product was deleted after it was added', async () => {
    const shopper = await signUpCustomer(ctx);
    const kept = await product({ title: 'Kept' });
    const gone = await product({ title: 'Gone' });
    await add(shopper.token, kept, 1).expect(200);
    await add(shopper.token, gone, 2).expect(200);
    await MainCategory.deleteOne({ _id: gone });
    const cart = await getCart(shopper.token);
    expect(cart.items.map((i) => i.productId.title)).toEqual(['Kept']);
    expect(cart.cartCount).toBe(1);
    const stored = await Cart.findOne({ userId: shopper.userId }).lean();
    expect(stored?.items.map((i) => String(i.productId))).toEqual([kept]);
  });

  it('updates a quantity', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    await add(shopper.token, id, 1).expect(200);
    const res = await ctx.http
      .post('/api/cart/update-quantity')
      .set(bearer(shopper.token))
      .send({ productId: id, quantity: 5 });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CART_MESSAGES.updated);
    expect(res.body.items[0].quantity).toBe(5);
    expect(res.body.cartCount).toBe(5);
  });

  it.each([0, -1, 1.5, '2', null, 101])(
    'refuses the quantity %s with a message a shopper can read',
    async (quantity) => {
      const shopper = await signUpCustomer(ctx);
      const id = await product();
      await add(shopper.token, id, 1).expect(200);
      const res = await ctx.http
        .post('/api/cart/update-quantity')
        .set(bearer(shopper.token))
        .send({ productId: id, quantity });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MESSAGES.quantityOutOfRange);
      expect((await getCart(shopper.token)).items[0]!.quantity).toBe(1);
    },
  );

  it('answers quantity 101 and a malformed product id on add-to-cart with readable messages', async () => {
    const shopper = await signUpCustomer(ctx);
    const tooMany = await add(shopper.token, await product(), 101);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(MESSAGES.quantityOutOfRange);
    const badId = await add(shopper.token, 'not-a-product', 1);
    expect(badId.status).toBe(400);
    expect(badId.body.error).toBe(MESSAGES.invalidProductId);
  });

  it('answers 404 when updating a product that is not in the cart', async () => {
    const shopper = await signUpCustomer(ctx);
    const res = await ctx.http
      .post('/api/cart/update-quantity')
      .set(bearer(shopper.token))
      .send({ productId: await product(), quantity: 2 });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(CART_MESSAGES.lineNotInCart);
  });

  it('removes one product', async () => {
    const shopper = await signUpCustomer(ctx);
    const a = await product({ title: 'A' });
    const b = await product({ title: 'B' });
    await add(shopper.token, a, 1).expect(200);
    await add(shopper.token, b, 1).expect(200);
    const res = await ctx.http.post('/api/cart/remove-from-cart').set(bearer(shopper.token)).send({ productId: a });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CART_MESSAGES.removed);
    expect(res.body.items.map((i: { productId: { title: string } }) => i.productId.title)).toEqual(['B']);
  });

  it('clears the cart', async () => {
    const shopper = await signUpCustomer(ctx);
    await add(shopper.token, await product(), 3).expect(200);
    const res = await ctx.http.post('/api/cart/clear-cart').set(bearer(shopper.token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], cartCount: 0, totalAmount: 0, message: CART_MESSAGES.cleared });
  });

  it('keeps every shopper in their own cart', async () => {
    const one = await signUpCustomer(ctx);
    const two = await signUpCustomer(ctx);
    await add(one.token, await product(), 2).expect(200);
    expect((await getCart(two.token)).cartCount).toBe(0);
  });

  it.each([
    ['a missing id', {}],
    ['an id that is not an ObjectId', { productId: 'abc' }],
    ['an operator object', { productId: { $ne: null } }],
    ['an array', { productId: ['64b7f0c2a1b2c3d4e5f60718'] }],
    ['a quantity over 100', { productId: '64b7f0c2a1b2c3d4e5f60718', quantity: 101 }],
  ])('answers 400 to add-to-cart with %s', async (_label, body) => {
    const shopper = await signUpCustomer(ctx);
    const res = await ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(await Cart.countDocuments({ userId: shopper.userId })).toBe(0);
  });

  it.each([
    ['GET', '/api/cart/cart'],
    ['POST', '/api/cart/add-to-cart'],
    ['POST', '/api/cart/update-quantity'],
    ['POST', '/api/cart/remove-from-cart'],
    ['POST', '/api/cart/clear-cart'],
  ])('%s %s needs a shopper token', async (method, path) => {
    const call = method === 'GET' ? ctx.http.get(path) : ctx.http.post(path).send({});
    expect((await call).status).toBe(401);
    const admin = await createAdminToken(ctx);
    const asAdmin = method === 'GET' ? ctx.http.get(path) : ctx.http.post(path).send({});
    expect((await asAdmin.set(bearer(admin.token))).status).toBe(403);
  });

  it('answers 401 to the token of a deleted account and creates no cart for it', async () => {
    const shopper = await signUpCustomer(ctx);
    const id = await product();
    await User.deleteOne({ _id: shopper.userId });
    expect((await add(shopper.token, id, 1)).status).toBe(401);
    expect(await Cart.countDocuments({ userId: shopper.userId })).toBe(0);
  });

  describe('service for checkout', () => {
    it('getCartSnapshot prices lines in paise from the catalogue', async () => {
      const shopper = await signUpCustomer(ctx);
      const a = await product({ title: 'Oil', offerPricePaise: 39950 });
      const b = await product({ title: 'Shampoo', offerPricePaise: null, mainPricePaise: 25000 });
      await add(shopper.token, a, 2).expect(200);
      await add(shopper.token, b, 1).expect(200);
      expect(await getCartSnapshot(shopper.userId)).toEqual({
        lines: [
          { productId: a, title: 'Oil', quantity: 2, unitPricePaise: 39950 },
          { productId: b, title: 'Shampoo', quantity: 1, unitPricePaise: 25000 },
        ],
        totalPaise: 104900,
      });
    });

    it('getCartSnapshot of a shopper without a cart is empty, and clearCart empties it', async () => {
      const shopper = await signUpCustomer(ctx);
      expect(await getCartSnapshot(shopper.userId)).toEqual({ lines: [], totalPaise: 0 });
      await add(shopper.token, await product(), 1).expect(200);
      await clearCart(shopper.userId);
      expect(await getCartSnapshot(shopper.userId)).toEqual({ lines: [], totalPaise: 0 });
    });
  });
});
