/**
 * What a process that stops half-way through placing an order leaves behind, rebuilt exactly (the
 * database writes a kill -9 between two steps leaves), and what the store makes of it: never units
 * lost from the shelf, never a paid checkout stuck without its order, never a shopper locked out of
 * cash on delivery. `test/order-crash.processes.test.ts` kills a real app process at random moments.
 */
import { Types } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Order as OrderDto } from '@kesh/shared';
import { allowCashOnDeliveryIn360, bearer, signUpCustomer, startTestApp, type TestContext } from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { returnStockOnce, takeStockFor } from '../modules/catalog/stock.js';
import { PendingCheckout } from '../modules/payments/checkout.model.js';
import { hmacHex } from '../modules/payments/gateway.js';
import { DEV_RAZORPAY_SIM_SECRET } from '../config.js';
import { checkoutStockRef } from './checkout-stock.js';
import { codStockRef } from './place-cod-order.js';
import { CodSlot } from '../modules/orders/cod-slot.model.js';
import { Order } from '../modules/orders/order.model.js';
import { nothingRecovered, recoverInterruptedStock, type RecoveryReport } from './recover-stock.js';

const RAJKOT = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const A_MINUTE_AGO = () => new Date(Date.now() - 60_000);
/** A recovery report: the counts given, 0 for the rest. */
const recovered = (counts: Partial<RecoveryReport>): RecoveryReport => ({ ...nothingRecovered(), ...counts });

type Shopper = Awaited<ReturnType<typeof signUpCustomer>>;

describe('orders a stopped process left half placed', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startTestApp({ STOCK_CLAIM_STALE_MS: '30000' });
    await allowCashOnDeliveryIn360();
  });
  afterAll(() => ctx.close());
  beforeEach(() => vi.restoreAllMocks());

  const product = (title: string, stock: number | null) =>
    MainCategory.create({ title, mainPricePaise: 20000, ...(stock === null ? {} : { stock }) });
  const shelf = async (id: unknown) => {
    const p = (await MainCategory.findById(id).lean())!;
    return { stock: p.stock ?? null, holds: (p.stockHolds ?? []).length };
  };
  async function shopperWith(...productIds: unknown[]): Promise<Shopper> {
    const shopper = await signUpCustomer(ctx);
    for (const id of productIds) {
      await ctx.http
        .post('/api/cart/add-to-cart')
        .set(bearer(shopper.token))
        .send({ productId: String(id), quantity: 1 })
        .expect(200);
    }
    return shopper;
  }
  async function payOnline(shopper: Shopper) {
    const created = await ctx.http
      .post('/api/payment/create-order')
      .set(bearer(shopper.token))
      .send({ address: RAJKOT })
      .expect(200);
    const paymentId = `pay_rec_${shopper.userId.slice(-10)}`;
    return {
      razorpay_order_id: created.body.id as string,
      razorpay_payment_id: paymentId,
      razorpay_signature: hmacHex(DEV_RAZORPAY_SIM_SECRET, `${created.body.id}|${paymentId}`),
    };
  }
  const verify = (shopper: Shopper, paid: Awaited<ReturnType<typeof payOnline>>) =>
    ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid);

  it('puts back the first line when the database refuses the second, and the retry places the order', async () => {
    const amla = await product('Amla Oil', 3);
    const neem = await product('Neem Oil', 3);
    const shopper = await shopperWith(amla._id, neem._id);
    const paid = await payOnline(shopper);
    const updateOne = MainCategory.updateOne.bind(MainCategory);
    let writes = 0;
    vi.spyOn(MainCategory, 'updateOne').mockImplementation(((...args: Parameters<typeof updateOne>) => {
      writes += 1;
      if (writes === 2) throw new Error('ENOSPC: no space left on device');
      return updateOne(...args);
    }) as typeof updateOne);

    const refused = await verify(shopper, paid);
    expect(refused.status).toBe(500);
    expect(await shelf(amla._id)).toEqual({ stock: 3, holds: 0 });
    expect(await shelf(neem._id)).toEqual({ stock: 3, holds: 0 });
    expect(await Order.countDocuments({ userId: shopper.userId })).toBe(0);

    vi.restoreAllMocks();
    const placed = await verify(shopper, paid);
    expect(placed.status).toBe(200);
    expect(await shelf(amla._id)).toEqual({ stock: 2, holds: 0 });
    expect(await shelf(neem._id)).toEqual({ stock: 2, holds: 0 });
    expect(await Order.countDocuments({ userId: shopper.userId })).toBe(1);
  });

  it("places a paid checkout whose claim a dead process left 'taking' after one of two lines, taking each once", async () => {
    const amla = await product('Amla Hair Oil', 5);
    const neem = await product('Neem Comb Oil', 5);
    const shopper = await shopperWith(amla._id, neem._id);
    const paid = await payOnline(shopper);
    // What kill -9 leaves between the two decrements: the claim, and the first line held.
    const checkout = (await PendingCheckout.findOne({ razorpayOrderId: paid.razorpay_order_id }))!;
    await PendingCheckout.updateOne(
      { _id: checkout._id },
      { $set: { stockState: 'taking', stockClaimedAt: A_MINUTE_AGO() } },
    );
    const firstLine = checkout.lines.filter((l) => String(l.productId) === String(amla._id));
    expect(await takeStockFor(checkoutStockRef(checkout._id), firstLine, A_MINUTE_AGO())).toBe(true);
    expect(await shelf(amla._id)).toEqual({ stock: 4, holds: 1 });

    // Razorpay's webhook retry (or the shopper's) after the restart places the order.
    const placed = await verify(shopper, paid);
    expect(placed.status).toBe(200);
    expect((placed.body.order as OrderDto).products).toHaveLength(2);
    expect(await shelf(amla._id)).toEqual({ stock: 4, holds: 0 });
    expect(await shelf(neem._id)).toEqual({ stock: 4, holds: 0 });
    expect((await PendingCheckout.findById(checkout._id).lean())?.stockState).toBe('taken');
  });

  it('asks the gateway for a sold-out refund that a dead process recorded as owed but never requested', async () => {
    const amla = await product('Refund Owed Oil', 0);
    const shopper = await shopperWith();
    await MainCategory.updateOne({ _id: amla._id }, { $set: { stock: 1 } });
    await ctx.http
      .post('/api/cart/add-to-cart')
      .set(bearer(shopper.token))
      .send({ productId: String(amla._id), quantity: 1 })
      .expect(200);
    const paid = await payOnline(shopper);
    // The last unit went meanwhile; the process recorded the refund as owed and died.
    await MainCategory.updateOne({ _id: amla._id }, { $set: { stock: 0 } });
    await PendingCheckout.updateOne(
      { razorpayOrderId: paid.razorpay_order_id },
      {
        $set: {
          status: 'soldOut',
          stockState: 'soldOut',
          paymentId: paid.razorpay_payment_id,
          refund: { id: null, amountPaise: 20000, status: 'pending' },
          refundClaimedAt: A_MINUTE_AGO(),
        },
      },
    );
    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({ refundsRequested: 1 }));
    const checkout = await PendingCheckout.findOne({ razorpayOrderId: paid.razorpay_order_id }).lean();
    expect(checkout?.refund).toMatchObject({ status: 'processed', amountPaise: 20000 });
    expect(checkout?.refund?.id).toBeTruthy();
    // Asked once: the next sweep finds nothing owed.
    expect((await recoverInterruptedStock(ctx.deps)).refundsRequested).toBe(0);
    expect((await verify(shopper, paid)).body.message).toBe(MESSAGES.soldOutRefunded);
  });

  it('finishes a cancellation a dead process left half done: each unit back once, the refund asked, the shopper told', async () => {
    const amla = await product('Cancelled Amla Oil', 5);
    const neem = await product('Cancelled Neem Oil', 5);
    const shopper = await shopperWith(amla._id, neem._id);
    const placed = await verify(shopper, await payOnline(shopper));
    expect(placed.status).toBe(200);
    const order = placed.body.order as OrderDto;
    expect([await shelf(amla._id), await shelf(neem._id)]).toEqual([
      { stock: 4, holds: 0 },
      { stock: 4, holds: 0 },
    ]);
    // What kill -9 leaves after the cancelling write and the first line's return, before the second
    // line, the refund request and the mails.
    await Order.updateOne(
      { _id: order._id },
      {
        $set: {
          status: 'Cancelled',
          cancelledAt: A_MINUTE_AGO(),
          cancelledBy: 'customer',
          undoPending: true,
          refund: { id: null, amountPaise: 40000, status: 'pending', updatedAt: A_MINUTE_AGO() },
        },
      },
    );
    await returnStockOnce(`cancel:${order._id}`, [{ productId: amla._id, quantity: 1 }]);

    expect(await recoverInterruptedStock(ctx.deps)).toEqual(
      recovered({ cancellationsFinished: 1, refundsRequested: 1 }),
    );
    expect([await shelf(amla._id), await shelf(neem._id)]).toEqual([
      { stock: 5, holds: 0 },
      { stock: 5, holds: 0 },
    ]);
    const stored = (await Order.findById(order._id).lean())!;
    expect([stored.undoPending, stored.stockTaken, stored.refund?.status]).toEqual([undefined, false, 'processed']);
    expect(await MainCategory.countDocuments({ 'stockReturns.0': { $exists: true } })).toBe(0);
    const shortId = String(order._id).slice(-8);
    for (const subject of [`Your order #${shortId} has been cancelled`, `Refund for order #${shortId} processed`]) {
      expect(ctx.deps.mailer.outbox.filter((m) => m.to === shopper.email && m.subject === subject)).toHaveLength(1);
    }
    // Run again: nothing left, nothing done twice.
    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({}));
    expect(await shelf(amla._id)).toEqual({ stock: 5, holds: 0 });
  });

  it('leaves a claim younger than STOCK_CLAIM_STALE_MS to the process still working on it', async () => {
    const amla = await product('Young Claim Oil', 5);
    const shopper = await shopperWith(amla._id);
    const paid = await payOnline(shopper);
    const checkout = (await PendingCheckout.findOne({ razorpayOrderId: paid.razorpay_order_id }))!;
    await PendingCheckout.updateOne(
      { _id: checkout._id },
      { $set: { stockState: 'taking', stockClaimedAt: new Date() } },
    );
    await takeStockFor(checkoutStockRef(checkout._id), checkout.lines);

    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({}));
    expect(await shelf(amla._id)).toEqual({ stock: 4, holds: 1 });
    expect((await PendingCheckout.findById(checkout._id).lean())?.stockState).toBe('taking');
  });

  it('gives back the stock and the slot of a cash-on-delivery order whose process died before writing it', async () => {
    const amla = await product('COD Amla Oil', 4);
    const uncounted = await product('Handmade Comb', null);
    const shopper = await shopperWith(amla._id, uncounted._id);
    // Two placements died after their slot and stock, before the order: the shopper is at the limit.
    for (const slot of [0, 1]) {
      const orderId = new Types.ObjectId();
      await CodSlot.collection.insertOne({
        userId: new Types.ObjectId(shopper.userId),
        slot,
        orderId,
        createdAt: A_MINUTE_AGO(),
        updatedAt: A_MINUTE_AGO(),
      });
      await takeStockFor(codStockRef(orderId), [{ productId: amla._id, quantity: 1 }], A_MINUTE_AGO());
    }
    expect(await shelf(amla._id)).toEqual({ stock: 2, holds: 2 });
    const locked = await ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe(MESSAGES.codTooManyOpen);

    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({ returned: 2, slotsFreed: 2 }));
    expect(await shelf(amla._id)).toEqual({ stock: 4, holds: 0 });
    expect(await CodSlot.countDocuments({ userId: shopper.userId })).toBe(0);
    const placed = await ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
    expect(placed.status).toBe(201);
    expect(await shelf(amla._id)).toEqual({ stock: 3, holds: 0 });
    // Run again: nothing left to do, nothing done twice.
    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({}));
    expect(await shelf(amla._id)).toEqual({ stock: 3, holds: 0 });
  });

  it('keeps the units of an order that was written before its process died, dropping only the holds', async () => {
    const amla = await product('Written Order Oil', 4);
    const shopper = await shopperWith(amla._id);
    const placed = await ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
    expect(placed.status).toBe(201);
    // The process died after writing the order, before dropping its hold.
    await MainCategory.updateOne(
      { _id: amla._id },
      { $push: { stockHolds: { ref: codStockRef(placed.body.order._id), quantity: 1, at: A_MINUTE_AGO() } } },
    );
    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({ settled: 1 }));
    expect(await shelf(amla._id)).toEqual({ stock: 3, holds: 0 });
    expect(await CodSlot.countDocuments({ orderId: placed.body.order._id })).toBe(1);
  });

  it('frees the slot of a delivered cash-on-delivery order that kept it', async () => {
    const amla = await product('Delivered Oil', 4);
    const shopper = await shopperWith(amla._id);
    const placed = await ctx.http.post('/api/orders/cod').set(bearer(shopper.token)).send({ address: RAJKOT });
    expect(placed.status).toBe(201);
    // Delivered, but the process stopped before freeing the slot.
    await Order.updateOne({ _id: placed.body.order._id }, { $set: { status: 'Delivered' } });
    await CodSlot.collection.updateOne(
      { orderId: new Types.ObjectId(placed.body.order._id as string) },
      { $set: { createdAt: A_MINUTE_AGO() } },
    );
    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({ slotsFreed: 1 }));
    expect(await CodSlot.countDocuments({ orderId: placed.body.order._id })).toBe(0);
  });

  it('checks many slots a hundred at a time: frees every leaked one and keeps those of open orders', async () => {
    const taken = A_MINUTE_AGO();
    const open = Array.from({ length: 130 }, () => new Types.ObjectId());
    await Order.collection.insertMany(open.map((_id) => ({ _id, status: 'Processing' })));
    // 260 slots: every other one's order was never made (a leaked slot), across chunk boundaries.
    const slots = Array.from({ length: 260 }, (_, i) => ({
      userId: new Types.ObjectId(),
      slot: 0,
      orderId: i % 2 === 0 ? open[i / 2]! : new Types.ObjectId(),
      createdAt: taken,
      updatedAt: taken,
    }));
    await CodSlot.collection.insertMany(slots);
    expect(await recoverInterruptedStock(ctx.deps)).toEqual(recovered({ slotsFreed: 130 }));
    const kept = await CodSlot.find({ orderId: { $in: slots.map((s) => s.orderId) } }, { orderId: 1 }).lean();
    expect(kept.map((s) => String(s.orderId)).sort()).toEqual(open.map(String).sort());
  });
});
