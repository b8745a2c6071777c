import { Schema, model } from 'mongoose';

/**
 * A shopper's open cash-on-delivery orders, one document per slot (0 and 1). The unique index on
 * (userId, slot) is the whole rule "at most 2 open COD orders": placing one inserts into a free
 * slot, and of concurrent inserts into the same slot exactly one wins, on every engine, without a
 * transaction. Delivering or cancelling the order frees its slot; moving it back from Delivered
 * takes one again.
 */
const codSlotSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    slot: { type: Number, required: true, min: 0 },
    orderId: { type: Schema.Types.ObjectId, ref: 'Order', required: true },
  },
  { timestamps: true },
);
codSlotSchema.index({ userId: 1, slot: 1 }, { unique: true });
codSlotSchema.index({ orderId: 1 });

export const CodSlot = model('CodSlot', codSlotSchema);
