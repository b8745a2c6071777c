import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { Router } from 'express';
import { z } from 'zod';
import { createPaymentOrderSchema, verifyPaymentSchema } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { authOf, requireCustomer } from '../../middleware/auth.js';
import { bodyOf, validateBody } from '../../middleware/validate.js';
import { createCheckout, handleWebhook, simulatePayment, verifyPayment } from './service.js';

const WEBHOOK_BODY_LIMIT = '100kb';
const SIMULATOR_SCRIPT = 'simulator-checkout.js';

const simulatorPaySchema = z.object({ order_id: z.string().min(1).max(100) });

/**
 * The simulator's browser script. tsc does not copy .js sources into dist, so a built server
 * reads it from src beside the compiled module.
 */
function readSimulatorScript(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.join(here, SIMULATOR_SCRIPT),
    path.resolve(here, '../../../src/modules/payments', SIMULATOR_SCRIPT),
  ];
  for (const file of candidates) {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      // try the next location
    }
  }
  throw new Error(`${SIMULATOR_SCRIPT} not found beside ${here}`);
}

export function paymentsRoutes(deps: AppDeps): Router {
  const router = Router();
  const secret = deps.config.jwtSecret;

  router.post(
    '/create-order',
    requireCustomer(secret),
    validateBody(createPaymentOrderSchema),
    async (req, res) => {
      const body = bodyOf(createPaymentOrderSchema, req.body);
      res.json(await createCheckout(deps, authOf(req).sub, body));
    },
  );

  router.post(
    '/verify-payment',
    requireCustomer(secret),
    validateBody(verifyPaymentSchema),
    async (req, res) => {
      const body = bodyOf(verifyPaymentSchema, req.body);
      res.json(await verifyPayment(deps, authOf(req).sub, body));
    },
  );

  // The signature covers the exact bytes Razorpay sent, so this route parses its own raw body.
  router.post('/webhook', express.raw({ type: '*/*', limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await handleWebhook(deps, raw, req.get('x-razorpay-signature'));
    res.json({ received: true });
  });

  if (deps.payments.mode === 'simulator') {
    const script = readSimulatorScript();
    router.get('/simulator/checkout.js', (_req, res) => {
      res
        .type('application/javascript')
        .set({ 'Cache-Control': 'no-cache', 'Cross-Origin-Resource-Policy': 'cross-origin' })
        .send(script);
    });
    router.post('/simulator/pay', validateBody(simulatorPaySchema), async (req, res) => {
      const { order_id } = bodyOf(simulatorPaySchema, req.body);
      res.json(await simulatePayment(deps, order_id));
    });
  }

  return router;
}
