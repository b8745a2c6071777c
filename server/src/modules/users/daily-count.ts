import { Schema, model } from 'mongoose';
import { istDay } from '@kesh/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import { hashedKey } from '../../lib/hashed-key.js';

/**
 * Counters that start again each IST day: codes mailed to an account, mails to an address, cash-on-delivery
 * cancellations of an account. One small document per key and day, gone two days later (TTL).
 */
const dailyCountSchema = new Schema(
  {
    key: { type: String, required: true },
    count: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
dailyCountSchema.index({ key: 1 }, { unique: true });
dailyCountSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

const DailyCount = model('DailyCount', dailyCountSchema);

const KEEP_MS = 2 * 24 * 60 * 60 * 1000;
// Names hold e-mail addresses, so they are stored hashed.
const keyOf = (name: string, now: Date) => `${istDay(now)}|${hashedKey(name)}`;

/** Adds one to today's count of `name` and returns the new count (atomic: parallel callers get distinct counts). */
export async function countToday(name: string, now = new Date()): Promise<number> {
  const update = { $inc: { count: 1 }, $setOnInsert: { expiresAt: new Date(now.getTime() + KEEP_MS) } };
  const filter = { key: keyOf(name, now) };
  for (;;) {
    try {
      const doc = await DailyCount.findOneAndUpdate(filter, update, { upsert: true, returnDocument: 'after' }).lean();
      return doc!.count;
    } catch (err) {
      // Two first counts of the day raced to insert; the loser's retry increments the winner's document.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}

/** Today's count of `name`, without adding to it. */
export async function countSoFarToday(name: string, now = new Date()): Promise<number> {
  return (await DailyCount.findOne({ key: keyOf(name, now) }, { count: 1 }).lean())?.count ?? 0;
}
