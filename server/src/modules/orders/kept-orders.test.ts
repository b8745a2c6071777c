import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order as OrderDto } from '@kesh/shared';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { queriesDuring } from '../../test/query-log.js';
import { refundRecordingGateway } from '../../test/refund-recorder.js';
import { RAJKOT, refundSettledWebhook, type Shopper } from '../../test/shop.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from './order.model.js';
import { listOwnOrders } from './service.js';

/** Queries of `collection` a call makes. */
const readsDuring = (collection: string, call: () => Promise<unknown>) =>
  queriesDuring((name, method) => name === collection && method === 'find', call);

describe('my orders, kept between reads', () => {
  let ctx: TestContext;
  let admin: string;
  let oilId: string;
  const gateway = refundRecordingGateway();
  // Refunds stay pending until Razorpay's webhook says otherwise.
  gateway.answer = 'pending';

  beforeAll(async () => {
    ctx = await startTestApp({}, { payments: gateway.payments });
    admin = (await createAdminToken(ctx)).token;
    oilId = String((await MainCategory.create({ title: 'Amla Hair Mask', mainPricePaise: 30000 }))._id);
  });
  afterAll(() => ctx.close());

  const myOrdersText = async (shopper: Shopper) =>
    (await ctx.http.get('/api/orders/').set(bearer(shopper.token)).expect(200)).text;
  const myOrders = async (shopper: Shopper) => JSON.parse(await myOrdersText(shopper)) as OrderDto[];
  /** The list as a read straight from the database makes it, serialized. */
  const fromDatabase = async (shopper: Shopper) => JSON.stringify(await listOwnOrders(shopper.userId));
  async function shopperWithOrder() {
    const shopper = await signUpCustomer(ctx);
    const order = await buyWithSimulator(ctx, shopper, oilId, 1, RAJKOT);
    expect((await myOrders(shopper)).map((o) => o.status)).toEqual(['Processing']);
    return { shopper, order };
  }

  it('answers a repeated read without an orders or products query, byte for byte what the database gives', async () => {
    const { shopper } = await shopperWithOrder();
    await buyWithSimulator(ctx, shopper, oilId, 2, RAJKOT);
    await myOrdersText(shopper);
    let text = '';
    expect(await readsDuring('orders', async () => (text = await myOrdersText(shopper)))).toBe(0);
    expect(await readsDuring('maincategories', () => myOrdersText(shopper))).toBe(0);
    expect(text).toBe(await fromDatabase(shopper));
    expect((JSON.parse(text) as OrderDto[]).map((o) => o.products[0]?.quantity)).toEqual([2, 1]);
  });

  it('shows a new order at the next read', async () => {
    const { shopper } = await shopperWithOrder();
    await buyWithSimulator(ctx, shopper, oilId, 3, RAJKOT);
    expect((await myOrders(shopper)).map((o) => o.products[0]?.quantity)).toEqual([3, 1]);
  });

  it("shows the owner's status change at the next read", async () => {
    const { shopper, order } = await shopperWithOrder();
    await ctx.http.put(`/api/orders/${order._id}/status`).set(bearer(admin)).send({ status: 'Dispatched' }).expect(200);
    expect((await myOrders(shopper)).map((o) => o.status)).toEqual(['Dispatched']);
    expect(await myOrdersText(shopper)).toBe(await fromDatabase(shopper));
  });

  it("shows the shopper's cancellation, then the refund Razorpay's webhook settles", async () => {
    const { shopper, order } = await shopperWithOrder();
    const cancelled = await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token)).expect(200);
    const [seen] = await myOrders(shopper);
    expect(seen).toMatchObject({ status: 'Cancelled', refund: { status: 'pending' } });
    await refundSettledWebhook(ctx, 'refund.processed', cancelled.body.order.refund.id, 30000).expect(200);
    expect((await myOrders(shopper))[0]?.refund?.status).toBe('processed');
    expect(await myOrdersText(shopper)).toBe(await fromDatabase(shopper));
  });

  it("shows the owner's cancellation at the next read", async () => {
    const { shopper, order } = await shopperWithOrder();
    await ctx.http.put(`/api/orders/${order._id}/status`).set(bearer(admin)).send({ status: 'Cancelled' }).expect(200);
    expect((await myOrders(shopper)).map((o) => o.status)).toEqual(['Cancelled']);
  });

  it("shows a product's new name and its removal on the order's line", async () => {
    const shopper = await signUpCustomer(ctx);
    const comb = await MainCategory.create({ title: 'Neem Comb', mainPricePaise: 15000 });
    await buyWithSimulator(ctx, shopper, String(comb._id), 1, RAJKOT);
    expect((await myOrders(shopper))[0]?.products[0]?.productId?.title).toBe('Neem Comb');
    await ctx.http
      .put(`/api/main-category/${comb._id}`)
      .set(bearer(admin))
      .field('title', 'Neem Wood Comb')
      .expect(200);
    expect((await myOrders(shopper))[0]?.products[0]?.productId?.title).toBe('Neem Wood Comb');
    await ctx.http.delete(`/api/main-category/${comb._id}`).set(bearer(admin)).expect(200);
    expect((await myOrders(shopper))[0]?.products[0]).toMatchObject({ productId: null, title: 'Neem Comb' });
  });

  it('follows a write made straight through the order model, and shows each shopper only their own', async () => {
    const asha = await shopperWithOrder();
    const ravi = await shopperWithOrder();
    await Order.updateOne({ _id: asha.order._id }, { $set: { shipment: { courier: 'India Post' } } });
    expect((await myOrders(asha.shopper))[0]?.shipment?.courier).toBe('India Post');
    expect((await myOrders(ravi.shopper)).map((o) => o._id)).toEqual([ravi.order._id]);
    expect((await myOrders(asha.shopper)).map((o) => o._id)).toEqual([asha.order._id]);
  });
});
