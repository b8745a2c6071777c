import { Schema, model } from 'mongoose';
import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import { isDuplicateKey } from './errors.js';
import { hashedKey } from './hashed-key.js';

/**
 * Rate-limit counters in the database rather than in one process's memory: every server process
 * counts against the same number, and a restart does not hand an attacker a fresh allowance. The
 * TTL index removes a window's counter once it has ended.
 */
const rateLimitSchema = new Schema(
  {
    /** sha256 of the limiter's key, so e-mail addresses and IPs are not stored in clear. */
    key: { type: String, required: true },
    hits: { type: Number, required: true },
    resetAt: { type: Date, required: true },
  },
  { versionKey: false },
);
rateLimitSchema.index({ key: 1 }, { unique: true });
rateLimitSchema.index({ resetAt: 1 }, { expireAfterSeconds: 0 });

export const RateLimitCounter = model('RateLimitCounter', rateLimitSchema);

/**
 * express-rate-limit's Store over RateLimitCounter. An increment is one atomic upsert ($inc); a
 * counter whose window has ended but which the TTL monitor has not removed yet (it runs once a
 * minute) is restarted by a conditional write, so two processes cannot both restart it.
 */
export class MongoRateLimitStore implements Store {
  private windowMs = 60_000;
  readonly localKeys = false;

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const doc = await RateLimitCounter.findOne({ key: hashedKey(key) }).lean();
    if (!doc || doc.resetAt.getTime() <= Date.now()) return undefined;
    return { totalHits: doc.hits, resetTime: doc.resetAt };
  }

  async increment(key: string): Promise<IncrementResponse> {
    const id = hashedKey(key);
    for (;;) {
      const now = Date.now();
      const doc = await this.upsertHit(id, new Date(now + this.windowMs));
      if (doc.resetAt.getTime() > now) return { totalHits: doc.hits, resetTime: doc.resetAt };
      const restarted = await RateLimitCounter.findOneAndUpdate(
        { key: id, resetAt: doc.resetAt },
        { $set: { hits: 1, resetAt: new Date(now + this.windowMs) } },
        { returnDocument: 'after' },
      ).lean();
      if (restarted) return { totalHits: restarted.hits, resetTime: restarted.resetAt };
      // Another request restarted the window first: count this hit in the new one.
    }
  }

  async decrement(key: string): Promise<void> {
    await RateLimitCounter.updateOne({ key: hashedKey(key), hits: { $gt: 0 } }, { $inc: { hits: -1 } });
  }

  async resetKey(key: string): Promise<void> {
    await RateLimitCounter.deleteOne({ key: hashedKey(key) });
  }

  private async upsertHit(id: string, resetAt: Date) {
    const upsert = () =>
      RateLimitCounter.findOneAndUpdate(
        { key: id },
        { $inc: { hits: 1 }, $setOnInsert: { resetAt } },
        { upsert: true, returnDocument: 'after' },
      ).lean();
    try {
      return (await upsert())!;
    } catch (err) {
      // Two first hits at once: one inserted, the other now finds and increments it.
      if (!isDuplicateKey(err)) throw err;
      return (await upsert())!;
    }
  }
}
