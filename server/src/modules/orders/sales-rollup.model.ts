import { Schema, model } from 'mongoose';

/**
 * One Indian day of sales, as the orders placed that day stand when they were read. Lists are packed
 * into binary (12-byte ids, 8-byte numbers) because a three-year window reads a thousand of these:
 * packed, a day is ~7 kB and decodes as a few buffers instead of a thousand small values.
 */
const salesDaySchema = new Schema(
  {
    /** YYYY-MM-DD, Indian time. */
    _id: { type: String, required: true },
    orders: { type: Number, required: true },
    /** What the day's orders brought in before refunds (cash on delivery once marked paid). */
    grossPaise: { type: Number, required: true },
    /** Refunds pending or processed; a failed one gave nothing back. */
    refundedPaise: { type: Number, required: true },
    refundCount: { type: Number, required: true },
    failedRefunds: { type: Number, required: true },
    /**
     * The distinct shoppers of the day's orders, 12 bytes each, so a window's count is a union.
     * Not `required`: mongoose refuses an empty Buffer as missing, and a day may have no orders.
     */
    customers: { type: Buffer, default: () => Buffer.alloc(0) },
    /** Products of the day's orders that were not cancelled, 12 bytes each... */
    productIds: { type: Buffer, default: () => Buffer.alloc(0) },
    /** ...their quantity and revenue in paise, two little-endian doubles each... */
    productSales: { type: Buffer, default: () => Buffer.alloc(0) },
    /** ...and the title on the day's last line of each (read only for the top products). */
    productTitles: { type: [String], default: [] },
    /** When the orders behind these figures were read: a write from an earlier read is refused. */
    readAt: { type: Date, required: true },
  },
  { versionKey: false },
);

// What a stats request reads first: the days rewritten since its process last read (sales-window.ts).
salesDaySchema.index({ readAt: 1 });

export const SalesDay = model('SalesDay', salesDaySchema, 'salesdays');

/**
 * How far the roll-ups have looked at changed orders. Without it nothing says which roll-ups are
 * current, so they are all dropped and rebuilt as asked.
 */
const salesRollupMarkSchema = new Schema(
  {
    _id: { type: String, required: true },
    scannedUpTo: { type: Date, required: true },
  },
  { versionKey: false },
);

export const SalesRollupMark = model('SalesRollupMark', salesRollupMarkSchema, 'salesrollupmarks');
