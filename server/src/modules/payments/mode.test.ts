import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_RAZORPAY_SIM_SECRET, loadConfig } from '../../config.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { createPaymentGateway, hmacHex } from './gateway.js';

const STORED = { jwtSecret: 'j'.repeat(43), paymentSimulatorSecret: 's'.repeat(43) };
const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_shop', RAZORPAY_KEY_SECRET: 'live-key-secret' };

describe('the payment simulator runs only while no Razorpay keys are set', () => {
  it.each(['production', 'development'])('takes payments in %s without keys, signed with the stored secret', (mode) => {
    const payments = createPaymentGateway(loadConfig({ NODE_ENV: mode }, STORED));
    expect(payments.mode).toBe('simulator');
    const { paymentId, signature } = payments.simulatePayment!('order_sim_1');
    expect(payments.verifyPaymentSignature('order_sim_1', paymentId, signature)).toBe(true);
    expect(signature).toBe(hmacHex(STORED.paymentSimulatorSecret, `order_sim_1|${paymentId}`));
    // The published development secret signs nothing in a shop with its own secrets.
    const published = hmacHex(DEV_RAZORPAY_SIM_SECRET, `order_sim_1|${paymentId}`);
    expect(payments.verifyPaymentSignature('order_sim_1', paymentId, published)).toBe(false);
    expect(payments.verifyWebhookSignature(Buffer.from('{}'), hmacHex(DEV_RAZORPAY_SIM_SECRET, '{}'))).toBe(false);
  });

  it.each(['production', 'development'])('is replaced by Razorpay in %s once both keys are set', (mode) => {
    const payments = createPaymentGateway(loadConfig({ NODE_ENV: mode, ...KEYS }, STORED));
    expect(payments.mode).toBe('razorpay');
    expect(payments.keyId).toBe(KEYS.RAZORPAY_KEY_ID);
    expect(payments.simulatePayment).toBeUndefined();
  });

  it('refuses to start with half a key pair rather than quietly simulating payments', () => {
    for (const half of [{ RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID }, { RAZORPAY_KEY_SECRET: KEYS.RAZORPAY_KEY_SECRET }]) {
      expect(() => loadConfig({ NODE_ENV: 'production', ...half }, STORED)).toThrow(
        'Invalid environment: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together (Razorpay) or neither (the payment simulator)',
      );
    }
  });

  describe('as the storefront sees it without keys', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await startTestApp({}, { payments: createPaymentGateway(loadConfig({ NODE_ENV: 'production' }, STORED)) });
    });
    afterAll(() => ctx.close());

    it('tells the shop page the simulator is on and serves its checkout', async () => {
      const shop = await ctx.http.get('/api/shop');
      expect(shop.body).toMatchObject({ paymentMode: 'simulator', razorpayKeyId: 'rzp_test_simulator' });
      expect((await ctx.http.get('/api/payment/simulator/checkout.js')).status).toBe(200);
    });
  });

  describe('as the storefront sees it with keys', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      const config = loadConfig({ NODE_ENV: 'production', ...KEYS }, STORED);
      ctx = await startTestApp({ ...KEYS }, { payments: createPaymentGateway(config) });
    });
    afterAll(() => ctx.close());

    it('gives the shop page the Razorpay key and has no simulator to pay with', async () => {
      const shop = await ctx.http.get('/api/shop');
      expect(shop.body).toMatchObject({ paymentMode: 'razorpay', razorpayKeyId: KEYS.RAZORPAY_KEY_ID });
      expect((await ctx.http.get('/api/payment/simulator/checkout.js')).status).toBe(404);
      expect((await ctx.http.post('/api/payment/simulator/pay').send({ order_id: 'order_x' })).status).toBe(404);
    });
  });
});
