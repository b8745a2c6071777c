import { randomBytes } from 'node:crypto';
import { Schema, model } from 'mongoose';
import { financialYear } from '@kesh/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import type { OrderRecord } from './dto.js';
import { Order } from './order.model.js';

/** One counter per series ("INV/2026-27"): the last number handed out. */
const counterSchema = new Schema({ _id: { type: String, required: true }, seq: { type: Number, required: true } });
export const InvoiceCounter = model('InvoiceCounter', counterSchema, 'invoicecounters');

const SEQ_DIGITS = 6;
const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = 3000;

async function nextInSeries(series: string): Promise<number> {
  for (let tries = 0; ; tries += 1) {
    try {
      const counter = await InvoiceCounter.findOneAndUpdate(
        { _id: series },
        { $inc: { seq: 1 } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
      return counter!.seq;
    } catch (err) {
      // Two first invoices of a year may both try to create the counter; one insert wins.
      if (!isDuplicateKey(err) || tries > 3) throw err;
    }
  }
}

/** This caller's number for the order, claimed so that no other caller takes one too; null when another has the claim. */
async function claimNumber(orderId: unknown, placedAt: Date, prefix: string) {
  const claim = randomBytes(8).toString('hex');
  const claimed = await Order.updateOne(
    { _id: orderId, invoiceNumber: { $exists: false }, invoiceClaim: { $exists: false } },
    { $set: { invoiceClaim: claim } },
  );
  if (claimed.modifiedCount !== 1) return null;
  const series = `${prefix}/${financialYear(placedAt)}`;
  return { claim, invoiceNumber: `${series}/${String(await nextInSeries(series)).padStart(SEQ_DIGITS, '0')}` };
}

/**
 * The order's invoice number, e.g. INV/2026-27/000123, from a gap-free series per financial year
 * (of the day the order was placed, Indian time). A conditional claim lets exactly one caller take
 * a number for an order, so concurrent callers never use up two; the others wait for it.
 */
export async function ensureInvoiceNumber(orderId: unknown, placedAt: Date, prefix: string): Promise<string> {
  const mine = await claimNumber(orderId, placedAt, prefix);
  if (mine) {
    await Order.updateOne({ _id: orderId, invoiceClaim: mine.claim }, { $set: { invoiceNumber: mine.invoiceNumber } });
    return mine.invoiceNumber;
  }
  for (let waited = 0; waited <= WAIT_LIMIT_MS; waited += WAIT_STEP_MS) {
    const order = await Order.findById(orderId, { invoiceNumber: 1 }).lean();
    if (order?.invoiceNumber) return order.invoiceNumber;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  throw new Error(`invoice number of order ${String(orderId)} not assigned in time`);
}

/**
 * ensureInvoiceNumber for the caller that answers with the new order: when this caller numbers it,
 * the number is written and the order as stored read back by one command (that order is the
 * answer); null when another caller numbered it (the answer then reads the order itself).
 */
export async function numberNewOrder(orderId: unknown, placedAt: Date, prefix: string): Promise<OrderRecord | null> {
  const mine = await claimNumber(orderId, placedAt, prefix);
  if (!mine) {
    await ensureInvoiceNumber(orderId, placedAt, prefix);
    return null;
  }
  return Order.findOneAndUpdate(
    { _id: orderId, invoiceClaim: mine.claim },
    { $set: { invoiceNumber: mine.invoiceNumber } },
    { returnDocument: 'after' },
  ).lean<OrderRecord>();
}
