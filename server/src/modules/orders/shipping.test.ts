import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Order as OrderDto } from '@kesh/shared';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  orderMailsSent,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../../test/harness.js';
import { MainCategory } from '../catalog/category.model.js';
import { Order } from './order.model.js';

const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const TRACKING = {
  courier: 'Delhivery',
  trackingNumber: 'DLV123456789IN',
  trackingUrl: 'https://www.delhivery.com/track/package/DLV123456789IN',
};

describe('shipment, timeline and status mails', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let asha: Awaited<ReturnType<typeof signUpCustomer>>;
  let productId: string;
  const clock = { now: new Date('2026-11-20T06:00:00.000Z') };

  const setStatus = (id: string, body: Record<string, unknown>, token = admin.token) =>
    ctx.http.put(`/api/orders/${id}/status`).set(bearer(token)).send(body);
  const mailsAbout = (order: OrderDto) =>
    ctx.deps.mailer.outbox.filter((m) => m.to === asha.email && m.subject.includes(order._id.slice(-8)));

  beforeAll(async () => {
    ctx = await startTestApp({}, { now: () => new Date(clock.now) });
    admin = await createAdminToken(ctx);
    asha = await signUpCustomer(ctx, { username: 'Asha' });
    productId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 49900 }))._id);
  });
  afterAll(() => ctx.close());

  it('records the courier and tracking on dispatch and shows the shopper the timeline', async () => {
    const order = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS);
    expect(order.timeline).toEqual([{ status: 'Processing', at: '2026-11-20T06:00:00.000Z' }]);
    clock.now = new Date('2026-11-21T09:30:00.000Z');
    const res = await setStatus(order._id, { status: 'Dispatched', ...TRACKING });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Dispatched', shipment: TRACKING, cancellation: null });

    clock.now = new Date('2026-11-23T12:00:00.000Z');
    await setStatus(order._id, { status: 'Delivered' }).expect(200);
    const mine = await ctx.http.get('/api/orders/').set(bearer(asha.token));
    const seen = (mine.body as OrderDto[]).find((o) => o._id === order._id)!;
    expect(seen.shipment).toEqual(TRACKING);
    expect(seen.timeline).toEqual([
      { status: 'Processing', at: '2026-11-20T06:00:00.000Z' },
      { status: 'Dispatched', at: '2026-11-21T09:30:00.000Z' },
      { status: 'Delivered', at: '2026-11-23T12:00:00.000Z' },
    ]);
    clock.now = new Date('2026-11-20T06:00:00.000Z');
  });

  it('mails the shopper when the order is placed, dispatched (with tracking) and delivered', async () => {
    const order = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS);
    await orderMailsSent();
    expect(mailsAbout(order).map((m) => m.subject)).toEqual([
      `Your Kesh Ayurveda order #${order._id.slice(-8)} is confirmed`,
    ]);
    await setStatus(order._id, { status: 'Dispatched', ...TRACKING }).expect(200);
    await setStatus(order._id, { status: 'Delivered' }).expect(200);
    const [, dispatched, delivered] = mailsAbout(order);
    expect(dispatched!.subject).toBe(`Your order #${order._id.slice(-8)} is on its way`);
    expect(dispatched!.text).toContain('Courier: Delhivery');
    expect(dispatched!.text).toContain(TRACKING.trackingUrl);
    expect(delivered!.subject).toBe(`Your order #${order._id.slice(-8)} has been delivered`);

    // Setting the same status again adds no step and sends no mail.
    const again = await setStatus(order._id, { status: 'Delivered' });
    expect(again.status).toBe(200);
    expect(again.body.timeline.map((e: { status: string }) => e.status)).toEqual([
      'Processing',
      'Dispatched',
      'Delivered',
    ]);
    expect(mailsAbout(order)).toHaveLength(3);
  });

  it('writes the mails in the language the shopper used the store in', async () => {
    const order = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS, 'gu');
    expect(order.language).toBe('gu');
    await orderMailsSent();
    await setStatus(order._id, { status: 'Dispatched', ...TRACKING }).expect(200);
    const [placed, dispatched] = mailsAbout(order);
    expect(placed!.subject).toBe(`તમારો Kesh Ayurveda ઓર્ડર #${order._id.slice(-8)} નક્કી થયો છે`);
    expect(dispatched!.text).toContain('કુરિયર: Delhivery');

    const hindi = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS, 'hi-IN,hi;q=0.9,en;q=0.5');
    expect(hindi.language).toBe('hi');
    const browserDefault = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS, 'de-DE');
    expect(browserDefault.language).toBe('en');
  });

  it('saves tracking added to an order that is already Dispatched, without a second step or mail', async () => {
    const order = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS);
    await setStatus(order._id, { status: 'Dispatched' }).expect(200);
    const res = await setStatus(order._id, { status: 'Dispatched', ...TRACKING });
    expect(res.body.shipment).toEqual(TRACKING);
    expect(res.body.timeline).toHaveLength(2);
    expect(mailsAbout(order).filter((m) => m.subject.includes('on its way'))).toHaveLength(1);
  });

  it('gives an order from before the timeline its placing as the first step', async () => {
    const order = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS);
    await Order.updateOne({ _id: order._id }, { $unset: { timeline: 1 } });
    clock.now = new Date('2026-11-22T10:00:00.000Z');
    const res = await setStatus(order._id, { status: 'Dispatched' });
    expect(res.body.timeline).toEqual([
      { status: 'Processing', at: '2026-11-20T06:00:00.000Z' },
      { status: 'Dispatched', at: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(res.body.shipment).toBeNull();
    clock.now = new Date('2026-11-20T06:00:00.000Z');
  });

  it('refuses a bad tracking link, an overlong courier, a bad id and callers who are not the admin', async () => {
    const order = await buyWithSimulator(ctx, asha, productId, 1, ADDRESS);
    const badUrl = await setStatus(order._id, { status: 'Dispatched', trackingUrl: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error).toBe(MESSAGES.invalidTrackingUrl);
    const longCourier = await setStatus(order._id, { status: 'Dispatched', courier: 'x'.repeat(201) });
    expect(longCourier.body.error).toBe(MESSAGES.invalidCourier);
    const objectNumber = await setStatus(order._id, { status: 'Dispatched', trackingNumber: { $ne: null } });
    expect(objectNumber.body.error).toBe(MESSAGES.invalidTrackingNumber);

    const malformed = await setStatus('nope', { status: 'Dispatched' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe(MESSAGES.invalidOrderId);
    const unknown = await setStatus('0123456789abcdef01234567', { status: 'Dispatched' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(MESSAGES.orderNotFound);

    expect((await setStatus(order._id, { status: 'Dispatched' }, asha.token)).status).toBe(403);
    expect((await ctx.http.put(`/api/orders/${order._id}/status`).send({ status: 'Dispatched' })).status).toBe(401);
    expect((await Order.findById(order._id).lean())!.status).toBe('Processing');
  });
});
