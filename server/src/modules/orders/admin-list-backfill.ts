import { setImmediate as nextTurn } from 'node:timers/promises';
import { Schema, model, type Types } from 'mongoose';
import { orderSearchKeys } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import type { OrderRecord } from './dto.js';
import { Order } from './order.model.js';

/** Finished one-off data changes, one document each, so a start-up asks once and moves on. */
const migrationSchema = new Schema({
  _id: { type: String, required: true },
  finishedAt: { type: Date, required: true },
  changed: { type: Number, required: true },
});
export const OrdersMigration = model('OrdersMigration', migrationSchema, 'migrations');

export const SEARCH_KEYS_MIGRATION = 'orders.searchKeys';
/**
 * Orders read and updated per step; the event loop is given back between steps. An update costs
 * the embedded engine ~1 ms of CPU (measured at 10,000 orders), so a step stays near 10 ms.
 */
export const BACKFILL_BATCH = 10;

/**
 * Gives every order stored before the search existed its searchKeys. Walks the orders by _id (an
 * index range per step, never a scan from the start) and sets the keys only where they are still
 * missing, so a run cut short by a stop, or two processes running it at once, change nothing twice.
 * Recorded when done: later start-ups read one document. Returns how many orders it changed.
 * updatedAt stays: the keys change nothing the sales roll-ups count, so no day is recomputed for them.
 */
export async function backfillOrderSearchKeys(batch = BACKFILL_BATCH): Promise<number> {
  if (await OrdersMigration.exists({ _id: SEARCH_KEYS_MIGRATION })) return 0;
  let changed = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    const orders = await Order.find(after ? { _id: { $gt: after } } : {}, { userDetails: 1, searchKeys: 1 })
      .sort({ _id: 1 })
      .limit(batch)
      .lean<Pick<OrderRecord, '_id' | 'userDetails' | 'searchKeys'>[]>();
    if (orders.length === 0) break;
    after = orders.at(-1)!._id;
    const updates = orders
      .filter((o) => !o.searchKeys)
      .map((o) => ({
        updateOne: {
          filter: { _id: o._id, searchKeys: { $exists: false } },
          update: { $set: { searchKeys: orderSearchKeys(o) } },
        },
      }));
    if (updates.length > 0)
      changed += (await Order.bulkWrite(updates, { ordered: false, timestamps: false })).modifiedCount;
    await nextTurn();
  }
  await OrdersMigration.updateOne(
    { _id: SEARCH_KEYS_MIGRATION },
    { $setOnInsert: { finishedAt: new Date(), changed } },
    { upsert: true },
  );
  return changed;
}

/** Runs the backfill after the server is listening: /readyz does not wait for it. */
export function startOrderSearchBackfill(deps: Pick<AppDeps, 'logger'>): void {
  backfillOrderSearchKeys().then(
    (changed) => {
      if (changed > 0) deps.logger.info({ orders: changed }, 'older orders can now be found by the order search');
    },
    (err: unknown) =>
      deps.logger.error({ err }, 'older orders could not be given search keys; the next start tries again'),
  );
}
