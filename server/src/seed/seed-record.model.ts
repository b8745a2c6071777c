import { Schema, model } from 'mongoose';

/**
 * One row per demo item the seed has placed (or found already present). The seed consults this
 * ledger, not titles alone, so an item the owner renamed or deleted is never put back, and the
 * unique key lets two seeding processes race without both inserting the same item.
 */
const seedRecordSchema = new Schema(
  {
    key: { type: String, required: true },
    itemId: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true },
);
seedRecordSchema.index({ key: 1 }, { unique: true });

export const SeedRecord = model('SeedRecord', seedRecordSchema);
