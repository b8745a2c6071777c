import mongoose, { Schema, Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestTarget, type TestTarget } from './testing.js';

const DB_NAME = 'embedded_mongoose_test';

const userSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true, unique: true, lowercase: true },
    tags: [String],
    loyaltyPoints: { type: BigInt, default: 0n },
  },
  { timestamps: true },
);

const productSchema = new Schema({
  name: String,
  price: Schema.Types.Decimal128,
  stock: { type: Number, default: 0 },
  sold: { type: Number, default: 0 },
  attributes: { type: Map, of: String },
});

const orderSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    items: [
      {
        product: { type: Schema.Types.ObjectId, ref: 'Product' },
        qty: Number,
        _id: false,
      },
    ],
    total: Number,
    status: { type: String, enum: ['pending', 'paid', 'shipped'], default: 'pending' },
    placedAt: { type: Date, default: () => new Date() },
  },
  { timestamps: true },
);

const cartSchema = new Schema({
  user: { type: Schema.Types.ObjectId, ref: 'User' },
  sessionId: String,
  lines: [{ sku: String, qty: Number }],
});
cartSchema.index({ user: 1, sessionId: 1 }, { unique: true });

function defineModels(conn: Connection) {
  return {
    User: conn.model('User', userSchema),
    Product: conn.model('Product', productSchema),
    Order: conn.model('Order', orderSchema),
    Cart: conn.model('Cart', cartSchema),
  };
}

let target: TestTarget;
let conn: Connection;
type Models = ReturnType<typeof defineModels>;
let models: Models;
let User: Models['User'];
let Product: Models['Product'];
let Order: Models['Order'];
let Cart: Models['Cart'];

beforeAll(async () => {
  target = await startTestTarget();
  conn = mongoose.createConnection(target.uri, { dbName: DB_NAME, serverSelectionTimeoutMS: 5000 });
  await conn.asPromise();
  await conn.dropDatabase();
  models = defineModels(conn);
  ({ User, Product, Order, Cart } = models);
  await Promise.all(Object.values(models).map((m) => m.init()));
});

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
  await target?.stop();
});

beforeEach(async () => {
  await Promise.all([User.deleteMany({}), Product.deleteMany({}), Order.deleteMany({}), Cart.deleteMany({})]);
});

function codeOf(err: unknown): unknown {
  return (err as { code?: unknown }).code;
}

describe('mongoose models', () => {
  it('creates, reads, saves and deletes documents', async () => {
    const user = await User.create({ name: 'Asha', email: 'ASHA@Example.com', tags: ['vip'] });
    expect(user._id).toBeInstanceOf(Types.ObjectId);
    expect(user.createdAt).toBeInstanceOf(Date);

    const found = await User.findById(user._id);
    expect(found?.email).toBe('asha@example.com');
    expect(found?.loyaltyPoints).toBe(0n);

    found!.name = 'Asha K';
    found!.tags.push('early');
    found!.loyaltyPoints = 12345678901234567n;
    await found!.save();

    const reloaded = await User.findOne({ email: 'asha@example.com' }).lean();
    expect(reloaded?.name).toBe('Asha K');
    expect(reloaded?.tags).toEqual(['vip', 'early']);
    const typed = await User.findById(user._id);
    expect(typed?.loyaltyPoints).toBe(12345678901234567n);

    expect(await User.exists({ email: 'asha@example.com' })).toBeTruthy();
    await User.deleteOne({ _id: user._id });
    expect(await User.exists({ _id: user._id })).toBeNull();
  });

  it('keeps Decimal128 prices and Maps intact', async () => {
    const p = await Product.create({ name: 'Bhringraj oil', price: '349.50', attributes: { size: '100ml' } });
    const back = await Product.findById(p._id);
    expect(back?.price?.toString()).toBe('349.50');
    expect(back?.attributes?.get('size')).toBe('100ml');
    const cheap = await Product.find({ price: { $lt: Types.Decimal128.fromString('400') } });
    expect(cheap).toHaveLength(1);
  });

  it('populates references across models', async () => {
    const user = await User.create({ name: 'Bela', email: 'bela@example.com' });
    const [oil, soap] = await Product.create([
      { name: 'oil', price: '100' },
      { name: 'soap', price: '40' },
    ]);
    await Order.create({
      user: user._id,
      items: [
        { product: oil!._id, qty: 1 },
        { product: soap!._id, qty: 3 },
      ],
      total: 220,
    });

    const order = await Order.findOne({ user: user._id }).populate('user').populate('items.product');
    const populatedUser = order?.user as unknown as { name: string };
    expect(populatedUser.name).toBe('Bela');
    const names = order?.items.map((i) => (i.product as unknown as { name: string }).name);
    expect(names).toEqual(['oil', 'soap']);
    expect(order?.status).toBe('pending');
  });

  it('reports duplicate emails with code 11000', async () => {
    await User.create({ name: 'One', email: 'dup@example.com' });
    let error: unknown;
    try {
      await User.create({ name: 'Two', email: 'DUP@example.com' });
    } catch (err) {
      error = err;
    }
    expect(codeOf(error)).toBe(11000);
    expect((error as { keyValue?: unknown }).keyValue).toEqual({ email: 'dup@example.com' });

    const other = await User.create({ name: 'Three', email: 'three@example.com' });
    await expect(User.updateOne({ _id: other._id }, { email: 'dup@example.com' })).rejects.toMatchObject({
      code: 11000,
    });
    await expect(
      User.findOneAndUpdate({ _id: other._id }, { email: 'dup@example.com' }, { returnDocument: 'after' }),
    ).rejects.toMatchObject({ code: 11000 });
    await expect(User.insertMany([{ name: 'x', email: 'dup@example.com' }])).rejects.toMatchObject({ code: 11000 });
  });

  it('enforces compound unique indexes declared on the schema', async () => {
    const user = new Types.ObjectId();
    await Cart.create({ user, sessionId: 's1' });
    await Cart.create({ user, sessionId: 's2' });
    await expect(Cart.create({ user, sessionId: 's1' })).rejects.toMatchObject({ code: 11000 });
    const indexes = await Cart.listIndexes();
    expect(indexes.find((i) => i.name === 'user_1_sessionId_1')).toMatchObject({ unique: true });
  });

  it('counts concurrent $inc via findOneAndUpdate exactly', async () => {
    const p = await Product.create({ name: 'shampoo', stock: 100 });
    await Promise.all(
      Array.from({ length: 50 }, () =>
        Product.findOneAndUpdate({ _id: p._id }, { $inc: { sold: 1, stock: -1 } }, { returnDocument: 'after' }),
      ),
    );
    const after = await Product.findById(p._id).lean();
    expect(after?.sold).toBe(50);
    expect(after?.stock).toBe(50);
  });

  it('upserts through updateOne and findOneAndUpdate', async () => {
    const user = new Types.ObjectId();
    const res = await Cart.updateOne(
      { user, sessionId: 'guest' },
      { $push: { lines: { sku: 'oil', qty: 1 } } },
      { upsert: true },
    );
    expect(res.upsertedCount).toBe(1);
    const cart = await Cart.findOneAndUpdate(
      { user, sessionId: 'guest' },
      { $push: { lines: { sku: 'soap', qty: 2 } } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(cart?.lines.map((l) => l.sku)).toEqual(['oil', 'soap']);
    const fresh = await Cart.findOneAndUpdate(
      { user, sessionId: 'another' },
      { $setOnInsert: { lines: [] } },
      { upsert: true, returnDocument: 'after' },
    );
    expect(fresh?.sessionId).toBe('another');
    expect(await Cart.countDocuments({ user })).toBe(2);
  });

  it('queries with sort, skip, limit, select and array helpers', async () => {
    await Product.create(
      Array.from({ length: 7 }, (_, i) => ({ name: `p${i}`, price: String(10 * (i + 1)), stock: i % 3 })),
    );
    const page = await Product.find({ stock: { $gt: 0 } })
      .sort({ name: -1 })
      .skip(1)
      .limit(2)
      .select('name -_id')
      .lean();
    expect(page).toEqual([{ name: 'p4' }, { name: 'p2' }]);

    const u = await User.create({ name: 'Tag', email: 'tag@example.com', tags: ['a', 'b', 'c'] });
    const tags = u.tags as Types.Array<string>;
    tags.pull('b');
    tags.addToSet('a', 'd');
    await u.save();
    expect((await User.findById(u._id).lean())?.tags).toEqual(['a', 'c', 'd']);
    await User.updateOne({ _id: u._id }, { $pullAll: { tags: ['a', 'c'] } });
    expect((await User.findById(u._id).lean())?.tags).toEqual(['d']);
    const removed = await User.findByIdAndDelete(u._id);
    expect(removed?.name).toBe('Tag');
  });

  it('countDocuments, distinct and aggregate with $group/$lookup/$unwind', async () => {
    const [a, b] = await User.create([
      { name: 'A', email: 'a@example.com' },
      { name: 'B', email: 'b@example.com' },
    ]);
    const [oil] = await Product.create([{ name: 'oil', price: '100' }]);
    await Order.create([
      { user: a!._id, items: [{ product: oil!._id, qty: 2 }], total: 200, status: 'paid' },
      { user: a!._id, items: [{ product: oil!._id, qty: 1 }], total: 100, status: 'paid' },
      { user: b!._id, items: [{ product: oil!._id, qty: 5 }], total: 500, status: 'pending' },
    ]);
    expect(await Order.countDocuments({ status: 'paid' })).toBe(2);
    expect(await Order.estimatedDocumentCount()).toBe(3);
    const statuses = await Order.distinct('status');
    expect([...statuses].sort()).toEqual(['paid', 'pending']);

    const report = await Order.aggregate<{ _id: string; revenue: number; units: number }>([
      { $unwind: '$items' },
      { $lookup: { from: 'users', localField: 'user', foreignField: '_id', as: 'buyer' } },
      { $unwind: '$buyer' },
      { $group: { _id: '$buyer.name', revenue: { $sum: '$total' }, units: { $sum: '$items.qty' } } },
      { $sort: { _id: 1 } },
    ]);
    expect(report).toEqual([
      { _id: 'A', revenue: 300, units: 3 },
      { _id: 'B', revenue: 500, units: 5 },
    ]);
    const byUser = await Order.aggregate([{ $match: { user: a!._id } }, { $group: { _id: '$user', n: { $sum: 1 } } }]);
    expect(byUser).toHaveLength(1);
    expect(String(byUser[0]._id)).toBe(String(a!._id));
  });

  it('syncs indexes', async () => {
    await User.syncIndexes();
    const names = (await User.listIndexes()).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['_id_', 'email_1']));
  });
});
