import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Razorpay from 'razorpay';
import { CURRENCY } from '@kesh/shared';
import { DEV_RAZORPAY_SIM_SECRET, type Config } from '../../config.js';
import type { PaymentGateway } from '../../lib/payments.js';

export function hmacHex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function safeEqualHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Offline stand-in for Razorpay: same shapes, order ids "order_sim_…", signed with `secret`. */
export function createSimulatorGateway(secret = DEV_RAZORPAY_SIM_SECRET): PaymentGateway {
  return {
    mode: 'simulator',
    keyId: 'rzp_test_simulator',
    async createOrder({ amountPaise, receipt }) {
      return { id: `order_sim_${randomBytes(7).toString('hex')}`, amount: amountPaise, currency: CURRENCY, receipt };
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return safeEqualHex(hmacHex(secret, `${orderId}|${paymentId}`), signature);
    },
    verifyWebhookSignature(rawBody, signature) {
      return safeEqualHex(hmacHex(secret, rawBody), signature);
    },
    // No money moved, so none goes back: the simulated refund is processed at once.
    async refund({ amountPaise }) {
      return { id: `rfnd_sim_${randomBytes(7).toString('hex')}`, amountPaise, status: 'processed' };
    },
    simulatePayment(orderId) {
      const paymentId = `pay_sim_${randomBytes(7).toString('hex')}`;
      return { paymentId, signature: hmacHex(secret, `${orderId}|${paymentId}`) };
    },
  };
}

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  /** Without it every webhook is refused: an unsigned event must never create an order. */
  webhookSecret?: string;
}

/** Razorpay through its official SDK; signatures are checked locally with the secrets. */
export function createRazorpayGateway({ keyId, keySecret, webhookSecret }: RazorpayKeys): PaymentGateway {
  // The SDK (and axios with it) loads with the first payment or refund, not with the server.
  let loading: Promise<Razorpay> | undefined;
  const client = () =>
    (loading ??= import('razorpay').then(({ default: Sdk }) => new Sdk({ key_id: keyId, key_secret: keySecret })));
  return {
    mode: 'razorpay',
    keyId,
    async createOrder({ amountPaise, receipt, notes }) {
      const order = await (await client()).orders.create({ amount: amountPaise, currency: CURRENCY, receipt, notes });
      return {
        id: order.id,
        amount: Number(order.amount),
        currency: order.currency,
        receipt: order.receipt ?? receipt,
      };
    },
    verifyPaymentSignature(orderId, paymentId, signature) {
      return safeEqualHex(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
    },
    async refund({ paymentId, amountPaise, notes }) {
      const refund = await (await client()).payments.refund(paymentId, { amount: amountPaise, speed: 'normal', notes });
      const status = refund.status === 'processed' || refund.status === 'failed' ? refund.status : 'pending';
      return { id: refund.id, amountPaise: Number(refund.amount ?? amountPaise), status };
    },
    verifyWebhookSignature(rawBody, signature) {
      if (!webhookSecret) return false;
      return safeEqualHex(hmacHex(webhookSecret, rawBody), signature);
    },
  };
}

/** Razorpay when its keys are configured, in any mode; the simulator only while they are not. */
export function createPaymentGateway(config: Config): PaymentGateway {
  return config.razorpay
    ? createRazorpayGateway(config.razorpay)
    : createSimulatorGateway(config.paymentSimulatorSecret);
}
