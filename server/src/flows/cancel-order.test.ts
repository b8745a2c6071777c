import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FREE_CANCELLATION_MS, MESSAGES, type Order as OrderDto } from '@kesh/shared';
import type { PaymentGateway } from '../lib/payments.js';
import {
  bearer,
  buyWithSimulator,
  createAdminToken,
  signUpCustomer,
  startTestApp,
  type TestContext,
} from '../test/harness.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { DEV_RAZORPAY_SIM_SECRET } from '../config.js';
import { createSimulatorGateway, hmacHex } from '../modules/payments/gateway.js';
import { Order } from '../modules/orders/order.model.js';
import { ORDER_TEXTS } from '../modules/orders/texts.js';

const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
const PLACED_AT = new Date('2026-11-20T06:00:00.000Z');

/** The simulator, counting refund requests; `mode` makes the provider answer pending or fail. */
function countingGateway() {
  const simulator = createSimulatorGateway();
  const state = {
    mode: 'processed' as 'processed' | 'pending' | 'throw',
    requests: [] as { paymentId: string; amountPaise: number }[],
  };
  const payments: PaymentGateway = {
    ...simulator,
    async refund(input) {
      state.requests.push({ paymentId: input.paymentId, amountPaise: input.amountPaise });
      // A real provider takes a moment: long enough for racing requests to overlap.
      await new Promise((resolve) => setTimeout(resolve, 40));
      if (state.mode === 'throw') throw new Error('BAD_REQUEST_ERROR: The payment has been fully refunded already');
      const refund = await simulator.refund(input);
      return state.mode === 'pending' ? { ...refund, status: 'pending' } : refund;
    },
  };
  return { payments, state };
}

describe('cancellation and refunds', () => {
  let ctx: TestContext;
  let admin: { token: string };
  let asha: Awaited<ReturnType<typeof signUpCustomer>>;
  let ravi: Awaited<ReturnType<typeof signUpCustomer>>;
  let productId: string;
  const clock = { now: PLACED_AT };
  const gateway = countingGateway();

  /** An order of Asha's for ₹333.33 × quantity, placed at `clock.now`. */
  async function place(quantity = 1, shopper = asha): Promise<OrderDto> {
    return buyWithSimulator(ctx, shopper, productId, quantity, ADDRESS);
  }
  const cancel = (id: string, token: string) => ctx.http.post(`/api/orders/${id}/cancel`).set(bearer(token));
  const setStatus = (id: string, body: Record<string, unknown>) =>
    ctx.http.put(`/api/orders/${id}/status`).set(bearer(admin.token)).send(body);

  beforeAll(async () => {
    ctx = await startTestApp({}, { payments: gateway.payments, now: () => new Date(clock.now) });
    admin = await createAdminToken(ctx);
    asha = await signUpCustomer(ctx, { username: 'Asha' });
    ravi = await signUpCustomer(ctx, { username: 'Ravi' });
    productId = String((await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 33333 }))._id);
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    clock.now = PLACED_AT;
    gateway.state.mode = 'processed';
    gateway.state.requests = [];
  });

  describe('POST /api/orders/:id/cancel by the shopper', () => {
    it('refunds everything up to exactly 24 hours after placing', async () => {
      const order = await place(3);
      clock.now = new Date(PLACED_AT.getTime() + FREE_CANCELLATION_MS);
      const res = await cancel(order._id, asha.token);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MESSAGES.orderCancelled);
      expect(res.body.order.status).toBe('Cancelled');
      expect(res.body.order.refund).toMatchObject({ amountPaise: 99999, amount: 999.99, status: 'processed' });
      expect(res.body.order.refund.id).toMatch(/^rfnd_sim_/);
      expect(gateway.state.requests).toEqual([{ paymentId: order.razorpayPaymentId, amountPaise: 99999 }]);
      expect(res.body.order.timeline.map((e: { status: string }) => e.status)).toEqual(['Processing', 'Cancelled']);
    });

    it('keeps a 10 % fee one millisecond after the 24 hours, as quoted beforehand', async () => {
      const order = await place(3);
      clock.now = new Date(PLACED_AT.getTime() + FREE_CANCELLATION_MS + 1);
      const listed = await ctx.http.get('/api/orders/').set(bearer(asha.token));
      const quote = (listed.body as OrderDto[]).find((o) => o._id === order._id)!.cancellation;
      // ₹999.99 less 10 % (₹100.00, rounded to the paisa) = ₹899.99
      expect(quote).toMatchObject({ refundPaise: 89999, feePaise: 10000, refundAmount: 899.99, fee: 100 });

      const res = await cancel(order._id, asha.token);
      expect(res.status).toBe(200);
      expect(res.body.order.refund).toMatchObject({ amountPaise: 89999, status: 'processed' });
      expect(gateway.state.requests).toEqual([{ paymentId: order.razorpayPaymentId, amountPaise: 89999 }]);
    });

    it('answers the same to a second cancel and refunds once', async () => {
      const order = await place();
      const first = await cancel(order._id, asha.token);
      const second = await cancel(order._id, asha.token);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(gateway.state.requests).toHaveLength(1);
    });

    it('refunds once when two cancels arrive at the same time', async () => {
      const order = await place();
      const answers = await Promise.all([cancel(order._id, asha.token), cancel(order._id, asha.token)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(answers[0]!.body.order.refund).toEqual(answers[1]!.body.order.refund);
      expect(answers[0]!.body.order.refund.id).toMatch(/^rfnd_sim_/);
      expect(gateway.state.requests).toHaveLength(1);
    });

    it('refuses a dispatched or delivered order with 409 and refunds nothing', async () => {
      const dispatched = await place();
      await setStatus(dispatched._id, { status: 'Dispatched' }).expect(200);
      const res = await cancel(dispatched._id, asha.token);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MESSAGES.orderAlreadyShipped);

      const delivered = await place();
      await setStatus(delivered._id, { status: 'Delivered' }).expect(200);
      expect((await cancel(delivered._id, asha.token)).body.error).toBe(MESSAGES.orderAlreadyShipped);
      expect(gateway.state.requests).toHaveLength(0);
      expect((await Order.findById(dispatched._id).lean())!.status).toBe('Dispatched');
    });

    it("answers 404 for another shopper's order, 400 for a malformed id and 401 without a token", async () => {
      const order = await place();
      const other = await cancel(order._id, ravi.token);
      expect(other.status).toBe(404);
      expect(other.body.error).toBe(MESSAGES.orderNotFound);
      expect((await cancel('0123456789abcdef01234567', asha.token)).status).toBe(404);

      const malformed = await cancel('not-an-id', asha.token);
      expect(malformed.status).toBe(400);
      expect(malformed.body.error).toBe(MESSAGES.invalidOrderId);

      expect((await ctx.http.post(`/api/orders/${order._id}/cancel`)).status).toBe(401);
      expect((await Order.findById(order._id).lean())!.status).toBe('Processing');
      expect(gateway.state.requests).toHaveLength(0);
    });

    it('leaves the order Cancelled with a failed refund the admin sees when the provider refuses', async () => {
      const order = await place();
      gateway.state.mode = 'throw';
      const res = await cancel(order._id, asha.token);
      expect(res.status).toBe(200);
      expect(res.body.order).toMatchObject({ status: 'Cancelled', refund: { id: null, status: 'failed' } });
      const all = await ctx.http.get('/api/orders/').set(bearer(admin.token));
      expect((all.body as OrderDto[]).find((o) => o._id === order._id)!.refund).toMatchObject({
        status: 'failed',
        amountPaise: 33333,
      });
      const shopMail = ctx.deps.mailer.outbox.find(
        (m) => m.to === ctx.config.shopNotifyEmail && m.subject.startsWith(`Refund for order #${order._id.slice(-8)}`),
      );
      expect(shopMail?.text).toContain(order.razorpayPaymentId);
    });

    it('lets the owner request a failed refund again: once however often clicked, mailed when processed', async () => {
      const order = await place();
      gateway.state.mode = 'throw';
      expect((await cancel(order._id, asha.token)).body.order.refund.status).toBe('failed');
      gateway.state.mode = 'processed';
      gateway.state.requests = [];
      const retry = () => ctx.http.post(`/api/orders/${order._id}/refund`).set(bearer(admin.token));

      const [first, second] = await Promise.all([retry(), retry()]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const answered = first.status === 200 ? first : second;
      expect(answered.body.refund).toMatchObject({ status: 'processed', amountPaise: 33333 });
      expect((first.status === 409 ? first : second).body.error).toBe(ORDER_TEXTS.refundNotFailed);
      expect(gateway.state.requests).toEqual([{ paymentId: order.razorpayPaymentId, amountPaise: 33333 }]);
      expect((await Order.findById(order._id).lean())!.refund).toMatchObject({ status: 'processed' });
      const refundedMail = ctx.deps.mailer.outbox.filter(
        (m) => m.to === asha.email && m.subject === `Refund for order #${order._id.slice(-8)} processed`,
      );
      expect(refundedMail).toHaveLength(1);
      // Nothing failed any more: asking again is refused and asks the provider for nothing.
      expect((await retry()).status).toBe(409);
      expect(gateway.state.requests).toHaveLength(1);
    });

    it('refuses a refund retry for an order that is not cancelled, an unknown or malformed id, and anyone but the owner', async () => {
      const order = await place();
      const retry = (id: string, token?: string) => {
        const req = ctx.http.post(`/api/orders/${id}/refund`);
        return token ? req.set(bearer(token)) : req;
      };
      const open = await retry(order._id, admin.token);
      expect([open.status, open.body.error]).toEqual([409, ORDER_TEXTS.refundNotFailed]);
      expect((await retry('665f1c2e9b1e8a0012ab9999', admin.token)).status).toBe(404);
      expect((await retry('not-an-id', admin.token)).status).toBe(400);
      expect((await retry(order._id, asha.token)).status).toBe(403);
      expect((await retry(order._id)).status).toBe(401);
      expect(gateway.state.requests).toEqual([]);
    });

    it('mails the shopper the cancellation with the refund and the fee', async () => {
      const order = await place(3);
      clock.now = new Date(PLACED_AT.getTime() + FREE_CANCELLATION_MS + 60_000);
      await cancel(order._id, asha.token).expect(200);
      const mails = ctx.deps.mailer.outbox.filter(
        (m) => m.to === asha.email && m.subject.includes(order._id.slice(-8)),
      );
      const cancelled = mails.find((m) => m.subject.includes('cancelled'))!;
      expect(cancelled.text).toContain('₹899.99');
      expect(cancelled.text).toContain('₹100');
      expect(mails.find((m) => m.subject.startsWith('Refund for order'))!.text).toContain('₹899.99');
    });
  });

  describe('the owner', () => {
    it('cancels any Processing order with a full refund, even after 24 hours', async () => {
      const order = await place(2);
      clock.now = new Date(PLACED_AT.getTime() + 3 * FREE_CANCELLATION_MS);
      const res = await setStatus(order._id, { status: 'Cancelled' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'Cancelled', refund: { amountPaise: 66666, status: 'processed' } });

      const other = await place(1);
      const viaCancel = await cancel(other._id, admin.token);
      expect(viaCancel.body.order.refund.amountPaise).toBe(33333);
      expect(gateway.state.requests.map((r) => r.amountPaise)).toEqual([66666, 33333]);
    });

    it('cannot move a cancelled order to another status (its money went back)', async () => {
      const order = await place();
      await cancel(order._id, asha.token).expect(200);
      const res = await setStatus(order._id, { status: 'Dispatched' });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MESSAGES.orderCancelledIsFinal);
      expect((await Order.findById(order._id).lean())!.status).toBe('Cancelled');
    });

    it('of a cancel and a dispatch sent at once, exactly one wins', async () => {
      for (let round = 0; round < 6; round += 1) {
        const order = await place();
        gateway.state.requests = [];
        const sendCancel = () => cancel(order._id, asha.token);
        const sendDispatch = () => setStatus(order._id, { status: 'Dispatched' });
        // Alternate which request leaves first.
        const dispatchFirst = round % 2 === 1;
        const answers = await Promise.all(
          dispatchFirst ? [sendDispatch(), sendCancel()] : [sendCancel(), sendDispatch()],
        );
        const [cancelled, dispatched] = dispatchFirst ? [answers[1], answers[0]] : answers;
        expect([cancelled!.status, dispatched!.status].sort()).toEqual([200, 409]);
        const stored = (await Order.findById(order._id).lean())!;
        if (cancelled!.status === 200) {
          expect(stored.status).toBe('Cancelled');
          expect(dispatched!.body.error).toBe(MESSAGES.orderCancelledIsFinal);
          expect(gateway.state.requests).toHaveLength(1);
        } else {
          expect(stored.status).toBe('Dispatched');
          expect(cancelled!.body.error).toBe(MESSAGES.orderAlreadyShipped);
          expect(gateway.state.requests).toHaveLength(0);
        }
      }
    });
  });

  describe('refund webhooks', () => {
    const webhook = (event: string, refundId: string) => {
      const raw = JSON.stringify({ event, payload: { refund: { entity: { id: refundId, entity: 'refund' } } } });
      return ctx.http
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', signWebhook(raw))
        .send(raw);
    };
    // The simulator checks webhooks with its dev secret, as Razorpay's are signed with the webhook secret.
    const signWebhook = (raw: string) => hmacHex(DEV_RAZORPAY_SIM_SECRET, raw);

    it('refund.processed marks a pending refund processed once, however often it arrives', async () => {
      const order = await place();
      gateway.state.mode = 'pending';
      const res = await cancel(order._id, asha.token);
      expect(res.body.order.refund.status).toBe('pending');
      const refundId = res.body.order.refund.id as string;
      const refundMails = () =>
        ctx.deps.mailer.outbox.filter((m) => m.subject === `Refund for order #${order._id.slice(-8)} processed`);
      expect(refundMails()).toHaveLength(0);

      await webhook('refund.processed', refundId).expect(200);
      await webhook('refund.processed', refundId).expect(200);
      expect((await Order.findById(order._id).lean())!.refund!.status).toBe('processed');
      expect(refundMails().map((m) => m.to)).toEqual([asha.email]);
    });

    it('refund.failed marks it failed and tells the shop', async () => {
      const order = await place();
      gateway.state.mode = 'pending';
      const refundId = (await cancel(order._id, asha.token)).body.order.refund.id as string;
      await webhook('refund.failed', refundId).expect(200);
      const listed = await ctx.http.get('/api/orders/').set(bearer(asha.token));
      expect((listed.body as OrderDto[]).find((o) => o._id === order._id)!.refund!.status).toBe('failed');
    });

    it('ignores an unsigned refund event', async () => {
      const order = await place();
      gateway.state.mode = 'pending';
      const refundId = (await cancel(order._id, asha.token)).body.order.refund.id as string;
      const raw = JSON.stringify({ event: 'refund.processed', payload: { refund: { entity: { id: refundId } } } });
      const res = await ctx.http
        .post('/api/payment/webhook')
        .set('Content-Type', 'application/json')
        .set('X-Razorpay-Signature', 'forged')
        .send(raw);
      expect(res.status).toBe(400);
      expect((await Order.findById(order._id).lean())!.refund!.status).toBe('pending');
    });
  });
});
