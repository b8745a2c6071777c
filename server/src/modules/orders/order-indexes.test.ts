import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { Order, dropLegacyPaymentIndexes } from './order.model.js';

/** A database from before cash on delivery: unique, non-sparse indexes on the Razorpay ids. */
describe('the order payment indexes of an older database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());

  const codOrder = () =>
    Order.create({
      userId: new Types.ObjectId(),
      products: [{ productId: new Types.ObjectId(), title: 'Neem Oil', quantity: 1, pricePaise: 30000 }],
      totalPaise: 30000,
      paymentMethod: 'cod',
    });

  it('are replaced by sparse ones at start-up, so several cash-on-delivery orders fit', async () => {
    await Order.collection.dropIndex('online_payment_unique');
    await Order.collection.dropIndex('online_order_unique');
    await Order.collection.createIndex({ razorpayPaymentId: 1 }, { unique: true, name: 'razorpayPaymentId_1' });
    await Order.collection.createIndex({ razorpayOrderId: 1 }, { unique: true, name: 'razorpayOrderId_1' });
    await codOrder();
    await expect(codOrder()).rejects.toThrow(/duplicate key/);

    expect((await dropLegacyPaymentIndexes()).sort()).toEqual(['razorpayOrderId_1', 'razorpayPaymentId_1']);
    const names = (await Order.collection.indexes()).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['online_payment_unique', 'online_order_unique']));
    expect(names).not.toContain('razorpayPaymentId_1');
    await codOrder();
    expect(await Order.countDocuments({ paymentMethod: 'cod' })).toBe(2);
    expect(await dropLegacyPaymentIndexes()).toEqual([]);

    // Online payments stay one order each.
    const paid = () =>
      Order.create({
        userId: new Types.ObjectId(),
        products: [{ productId: new Types.ObjectId(), title: 'Neem Oil', quantity: 1, pricePaise: 30000 }],
        totalPaise: 30000,
        paymentMethod: 'online',
        razorpayOrderId: 'order_X1',
        razorpayPaymentId: 'pay_X1',
      });
    await paid();
    await expect(paid()).rejects.toThrow(/duplicate key/);
  });
});
