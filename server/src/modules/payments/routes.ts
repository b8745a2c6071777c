import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  createPaymentOrderSchema,
  verifyPaymentSchema,
  type CreatePaymentOrderBody,
  type LanguageCode,
  type PaymentOrderResponse,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { limiter } from '../../middleware/rate-limit.js';

const WEBHOOK_BODY_LIMIT = '100kb';
/** Each create-order is a call to Razorpay's API; a real shopper needs a handful per visit. */
const CREATE_ORDER_LIMIT = { windowMs: 15 * 60 * 1000, limit: 60 };
const SIMULATOR_SCRIPT = 'simulator-checkout.js';

const simulatorPaySchema = z.object({ order_id: z.string().min(1).max(100) });

/** The simulator's browser script ships in server/assets, beside both src/ and dist/. */
function readSimulatorScript(): string | undefined {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets', SIMULATOR_SCRIPT);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Paying online is a flow across modules (server/src/flows/pay-online.ts): app.ts hands it in, as
 * flows sit above the modules.
 */
export interface OnlinePaymentFlow {
  createCheckout(
    deps: AppDeps,
    userId: string,
    body: Pick<CreatePaymentOrderBody, 'amount' | 'receipt' | 'address' | 'couponCode'>,
    language?: LanguageCode,
  ): Promise<PaymentOrderResponse>;
  verifyPayment(
    deps: AppDeps,
    userId: string,
    body: Pick<VerifyPaymentBody, 'razorpay_order_id' | 'razorpay_payment_id' | 'razorpay_signature'>,
    answered?: Promise<unknown>,
  ): Promise<VerifyPaymentResponse>;
  handleWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<void>;
  simulatePayment(
    deps: AppDeps,
    orderId: string,
  ): Promise<{ razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }>;
}

export function paymentsRoutes(
  deps: AppDeps,
  { createCheckout, handleWebhook, simulatePayment, verifyPayment }: OnlinePaymentFlow,
): Router {
  const router = Router();
  const secret = deps.config.jwtSecret;

  const createOrderLimit = limiter({ enabled: deps.config.rateLimit, ...CREATE_ORDER_LIMIT, name: 'createOrder' });

  router.post(
    '/create-order',
    createOrderLimit,
    requireCustomer(secret),
    validateBody(createPaymentOrderSchema),
    async (req, res) => {
      const body = bodyOf(createPaymentOrderSchema, req.body);
      // The client sends the store's language as Accept-Language; a browser's own header falls back to English.
      const language = (req.acceptsLanguages(...LANGUAGES.map((l) => l.code)) || DEFAULT_LANGUAGE) as LanguageCode;
      res.json(await createCheckout(deps, authOf(req).sub, body, language));
    },
  );

  router.post('/verify-payment', requireCustomer(secret), validateBody(verifyPaymentSchema), async (req, res) => {
    const body = bodyOf(verifyPaymentSchema, req.body);
    // The new order's invoice job starts once the answer has left: the shopper waits for none of it.
    const answered = new Promise((resolve) => res.once('close', resolve));
    res.json(await verifyPayment(deps, authOf(req).sub, body, answered));
  });

  // The signature covers the exact bytes Razorpay sent, so this route parses its own raw body.
  router.post('/webhook', express.raw({ type: '*/*', limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await handleWebhook(deps, raw, req.get('x-razorpay-signature'));
    res.json({ received: true });
  });

  if (deps.payments.mode === 'simulator') {
    const script = readSimulatorScript();
    if (!script) deps.logger.warn(`${SIMULATOR_SCRIPT} is missing; the simulator's checkout dialog cannot load`);
    router.get('/simulator/checkout.js', (_req, res, next) => {
      if (!script) {
        next();
        return;
      }
      res
        .type('application/javascript')
        .set({ 'Cache-Control': 'no-cache', 'Cross-Origin-Resource-Policy': 'cross-origin' })
        .send(script);
    });
    router.post('/simulator/pay', createOrderLimit, validateBody(simulatorPaySchema), async (req, res) => {
      const { order_id } = bodyOf(simulatorPaySchema, req.body);
      res.json(await simulatePayment(deps, order_id));
    });
  }

  return router;
}
