import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { refundRecordingGateway } from '../../test/refund-recorder.js';
import { RAJKOT, refundSettledWebhook } from '../../test/shop.js';
import { Order } from './order.model.js';
import { ORDER_TEXTS } from './texts.js';

/**
 * Issue 27, finding 3: a refund's status only moves pending → processed | failed, and failed →
 * pending when the owner asks again. Processed is final, so an order is never refunded twice.
 */
describe('refund states', () => {
  let ctx: TestContext;
  let admin: string;
  let oilId: string;
  /** What the gateway was asked to refund, and what it answers next. */
  const gateway = refundRecordingGateway();
  const asked = gateway.refunds;

  beforeAll(async () => {
    ctx = await startTestApp({}, { payments: gateway.payments });
    admin = (await createAdminToken(ctx)).token;
    // ₹300 a jar.
    oilId = String((await MainCategory.create({ title: 'Amla Hair Mask', mainPricePaise: 30000 }))._id);
  });
  afterAll(() => ctx.close());
  beforeEach(() => gateway.reset());

  const refundWebhook = (event: 'refund.processed' | 'refund.failed', refundId: string) =>
    refundSettledWebhook(ctx, event, refundId, 30000);
  async function cancelledOrder() {
    const shopper = await signUpCustomer(ctx);
    const order = await buyWithSimulator(ctx, shopper, oilId, 1, RAJKOT);
    const cancelled = await ctx.http.post(`/api/orders/${order._id}/cancel`).set(bearer(shopper.token));
    expect(cancelled.status).toBe(200);
    return cancelled.body.order as { _id: string; refund: { id: string; status: string } };
  }
  const askAgain = (orderId: string) => ctx.http.post(`/api/orders/${orderId}/refund`).set(bearer(admin));
  const storedRefund = async (orderId: string) => (await Order.findById(orderId).lean())!.refund;
  const refundedPaise = () => asked.reduce((sum, r) => sum + r.amountPaise, 0);

  it('ignores a refund.failed after processed, and "Request refund again" refunds nothing more', async () => {
    const order = await cancelledOrder();
    expect(order.refund.status).toBe('processed');

    const late = await refundWebhook('refund.failed', order.refund.id);
    expect(late.status).toBe(200);
    expect(await storedRefund(order._id)).toMatchObject({ id: order.refund.id, status: 'processed' });

    const again = await askAgain(order._id);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ORDER_TEXTS.refundNotFailed);
    expect(refundedPaise()).toBe(30000);
  });

  it('asks again only after a real failure, and the earlier refund’s events change nothing after', async () => {
    gateway.answer = 'pending';
    const order = await cancelledOrder();
    await refundWebhook('refund.failed', order.refund.id).expect(200);
    expect(await storedRefund(order._id)).toMatchObject({ status: 'failed' });

    gateway.answer = 'processed';
    const retried = await askAgain(order._id);
    expect(retried.status).toBe(200);
    const second = retried.body.refund as { id: string; status: string };
    expect(second.status).toBe('processed');

    await refundWebhook('refund.failed', second.id).expect(200);
    await refundWebhook('refund.failed', order.refund.id).expect(200);
    expect(await storedRefund(order._id)).toMatchObject({ id: second.id, status: 'processed' });
    expect((await askAgain(order._id)).status).toBe(409);
    // Asked twice, and the first of those failed: ₹300 went back once.
    expect(asked.map((r) => r.amountPaise)).toEqual([30000, 30000]);
  });

  it('takes refund.processed for a pending refund, once', async () => {
    gateway.answer = 'pending';
    const order = await cancelledOrder();
    expect(order.refund.status).toBe('pending');
    // While Razorpay still works on it, asking again would pay twice.
    const early = await askAgain(order._id);
    expect(early.status).toBe(409);
    expect(early.body.error).toBe(ORDER_TEXTS.refundNotFailed);

    await refundWebhook('refund.processed', order.refund.id).expect(200);
    expect(await storedRefund(order._id)).toMatchObject({ id: order.refund.id, status: 'processed' });
    await refundWebhook('refund.failed', order.refund.id).expect(200);
    expect(await storedRefund(order._id)).toMatchObject({ id: order.refund.id, status: 'processed' });
    expect((await askAgain(order._id)).status).toBe(409);
    expect(refundedPaise()).toBe(30000);
  });
});
