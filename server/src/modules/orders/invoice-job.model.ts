import { Schema, model } from 'mongoose';

/**
 * An order whose invoice is still to be rendered and stored, and whose "order placed" mails (the
 * shopper's, with the invoice attached, and the shop's) are still to be queued. Written under the
 * order's own id before the order itself, so that no crash can leave an order without one; deleted
 * once the mails are in the mail queue. A job whose order never came to be (a lost race to insert
 * it, a crash before) is deleted by the sweep after a grace period.
 */
const invoiceJobSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    attempts: { type: Number, default: 0 },
    /** When a sweep may run it: a minute after placing, so the placing process goes first. */
    nextAttemptAt: { type: Date, required: true },
    /** Set while one process runs it; another may take it over once this has passed. */
    claimedUntil: { type: Date, default: null },
    lastError: { type: String },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
invoiceJobSchema.index({ nextAttemptAt: 1 });

export const InvoiceJob = model('InvoiceJob', invoiceJobSchema, 'invoicejobs');
