import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** Offline stand-in for Razorpay: same shapes, order ids "order_sim_…", signed with a dev secret. */
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
  };
}

export function createPaymentGateway(_config: Config): PaymentGateway {
  return createSimulatorGateway();
}
