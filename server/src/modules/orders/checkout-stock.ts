import { MESSAGES } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../lib/errors.js';
import { takeStock } from '../catalog/stock.js';
import { PendingCheckout, type CheckoutDocument } from '../payments/checkout.model.js';
import { notifySoldOutRefund } from './notifications.js';

const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = 5000;

/** The answer to a payment that arrived for a sold-out line: its money went back, no order exists. */
export const soldOutError = () => new HttpError(409, MESSAGES.soldOutRefunded, undefined, { success: false });

export const isSoldOutError = (err: unknown) => err instanceof HttpError && err.message === MESSAGES.soldOutRefunded;

/**
 * Takes a paid checkout's stock exactly once, however many of verify, POST /api/orders and the
 * webhook arrive at once: the first to move stockState from unset to 'taking' takes it, the others
 * wait for its outcome. When a line is gone by now, the payment is refunded through the gateway,
 * the checkout ends 'soldOut' and every caller is answered soldOutError().
 */
export async function takeCheckoutStock(deps: AppDeps, checkout: CheckoutDocument, paymentId: string): Promise<void> {
  const claimed = await PendingCheckout.findOneAndUpdate(
    { _id: checkout._id, stockState: null },
    { $set: { stockState: 'taking' } },
  );
  if (!claimed) {
    const state = await settledStockState(checkout._id);
    if (state === 'taken') return;
    if (state === 'soldOut') throw soldOutError();
    throw new HttpError(503, MESSAGES.internalError, 'the stock of this payment is still being taken');
  }
  if (await takeStock(checkout.lines)) {
    await PendingCheckout.updateOne({ _id: checkout._id }, { $set: { stockState: 'taken' } });
    return;
  }
  await refundSoldOutPayment(deps, checkout, paymentId);
  throw soldOutError();
}

async function settledStockState(id: unknown): Promise<string | null | undefined> {
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    const checkout = await PendingCheckout.findById(id, { stockState: 1 }).lean();
    if (checkout?.stockState !== 'taking' || waited >= WAIT_LIMIT_MS) return checkout?.stockState;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}

/**
 * Gives a sold-out checkout's payment back in full and tells the shopper so by mail; a refusal is
 * logged and mailed to the shop for the owner to settle by hand. Runs once per checkout (the claim).
 */
async function refundSoldOutPayment(deps: AppDeps, checkout: CheckoutDocument, paymentId: string): Promise<void> {
  const amountPaise = checkout.amountPaise;
  await PendingCheckout.updateOne(
    { _id: checkout._id },
    {
      $set: {
        status: 'soldOut',
        stockState: 'soldOut',
        paymentId,
        refund: { id: null, amountPaise, status: 'pending' },
      },
    },
  );
  let refund: { id: string | null; status: 'pending' | 'processed' | 'failed' };
  try {
    const made = await deps.payments.refund({
      paymentId,
      amountPaise,
      notes: { razorpayOrderId: checkout.razorpayOrderId, reason: 'sold out' },
    });
    refund = { id: made.id, status: made.status };
    deps.logger.warn({ razorpayOrderId: checkout.razorpayOrderId, paymentId }, 'paid for a sold-out line; refunded');
  } catch (err) {
    deps.logger.error(
      { err, razorpayOrderId: checkout.razorpayOrderId, paymentId, amountPaise },
      'paid for a sold-out line and the refund failed; refund it from the Razorpay dashboard',
    );
    refund = { id: null, status: 'failed' };
  }
  await PendingCheckout.updateOne(
    { _id: checkout._id },
    { $set: { 'refund.id': refund.id, 'refund.status': refund.status } },
  );
  notifySoldOutRefund(deps, {
    razorpayOrderId: checkout.razorpayOrderId,
    paymentId,
    amountPaise,
    lines: checkout.lines,
    userDetails: checkout.userDetails,
    language: checkout.language,
    refundFailed: refund.status === 'failed',
  });
}
