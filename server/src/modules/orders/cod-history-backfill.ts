import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Types } from 'mongoose';
import type { CodHistory } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { codHistoryOf } from '../users/index.js';
import { User } from '../users/index.js';
import { OrdersMigration } from './admin-list-backfill.js';
import { Order } from './order.model.js';

export const COD_HISTORY_MIGRATION = 'users.codStats';
/**
 * Accounts per step; the event loop is given back between steps. A step is three commands (the
 * accounts, their ended cash-on-delivery orders through the userId index, one bulk write of the
 * accounts whose count is off); the bulk write is the longest, ~1 ms of the engine's CPU per account
 * changed, so 10 bounds it well under 50 ms. docs/verification.md has the figures.
 */
export const COD_HISTORY_BATCH = 10;
/** How often one account is counted again when a live count moved while it was being counted. */
const RECOUNTS = 3;

type Stats = Partial<Record<keyof CodHistory, number | null>> | null | undefined;
type Account = { _id: Types.ObjectId; codStats?: Stats };

/** The read behind a step (tests explain it): the accounts' ended COD orders, through the userId index. */
export const endedCodOrdersFind = (userIds: readonly Types.ObjectId[]) =>
  Order.find(
    { userId: { $in: userIds }, paymentMethod: 'cod', status: { $in: ['Delivered', 'Cancelled'] } },
    { userId: 1, status: 1, codRefused: 1 },
  );

/**
 * What the account's orders say its history is: delivered COD orders, those refused at the door,
 * and the other cancelled ones. The live counters (countCodOutcome) keep exactly this as orders end.
 */
async function historiesFromOrders(userIds: readonly Types.ObjectId[]): Promise<Map<string, CodHistory>> {
  const ended = await endedCodOrdersFind(userIds).lean();
  const histories = new Map<string, CodHistory>();
  for (const order of ended) {
    const key = String(order.userId);
    const history = histories.get(key) ?? { delivered: 0, refused: 0, cancelled: 0 };
    if (order.status === 'Delivered') history.delivered += 1;
    else if (order.codRefused) history.refused += 1;
    else history.cancelled += 1;
    histories.set(key, history);
  }
  return histories;
}

const sameHistory = (a: CodHistory, b: CodHistory) =>
  a.delivered === b.delivered && a.refused === b.refused && a.cancelled === b.cancelled;

/** The stored counters as a filter: the write happens only if no live count moved them since they were read. */
const unchangedSince = (stats: Stats) => ({
  'codStats.delivered': stats?.delivered ?? null,
  'codStats.refused': stats?.refused ?? null,
  'codStats.cancelled': stats?.cancelled ?? null,
});

/** Sets each account's counters to what its orders say, where they differ; the accounts a live count raced. */
async function correctHistories(users: readonly Account[]): Promise<{ changed: number; raced: Types.ObjectId[] }> {
  const histories = await historiesFromOrders(users.map((u) => u._id));
  const writes = users.flatMap((user) => {
    const wanted = histories.get(String(user._id)) ?? { delivered: 0, refused: 0, cancelled: 0 };
    if (sameHistory(wanted, codHistoryOf(user))) return [];
    return [{ user, wanted }];
  });
  if (writes.length === 0) return { changed: 0, raced: [] };
  const result = await User.bulkWrite(
    writes.map(({ user, wanted }) => ({
      updateOne: {
        filter: { _id: user._id, ...unchangedSince(user.codStats) },
        update: { $set: { codStats: wanted } },
      },
    })),
    { ordered: false, timestamps: false },
  );
  if (result.matchedCount === writes.length) return { changed: result.modifiedCount, raced: [] };
  // Which ones a live count moved: their counters are no longer the ones read.
  const now = await User.find({ _id: { $in: writes.map((w) => w.user._id) } }, { codStats: 1 }).lean();
  const byId = new Map(now.map((u) => [String(u._id), u]));
  const raced = writes
    .filter(({ user, wanted }) => !sameHistory(wanted, codHistoryOf(byId.get(String(user._id)) ?? {})))
    .map(({ user }) => user._id);
  return { changed: result.modifiedCount, raced };
}

/**
 * Gives every account the cash-on-delivery history of the orders it placed before the counters
 * existed (counting began at the upgrade). The counters are a function of the orders' states, so
 * each account is set to what its orders say, not added to: a run cut short, run again, or run by
 * two processes at once, ends the same. Walks the accounts by _id, `batch` per step, yielding
 * between steps; an account whose counter moves while it is being counted is counted again.
 * Recorded when done, so later start-ups read one document. Returns how many accounts it changed.
 */
export async function backfillCodHistories(batch = COD_HISTORY_BATCH): Promise<number> {
  if (await OrdersMigration.exists({ _id: COD_HISTORY_MIGRATION })) return 0;
  let changed = 0;
  let after: Types.ObjectId | undefined;
  for (;;) {
    const users = await User.find(after ? { _id: { $gt: after } } : {}, { codStats: 1 })
      .sort({ _id: 1 })
      .limit(batch)
      .lean<Account[]>();
    if (users.length === 0) break;
    after = users.at(-1)!._id;
    let pending: readonly Account[] = users;
    for (let attempt = 0; attempt < RECOUNTS && pending.length > 0; attempt++) {
      const step = await correctHistories(pending);
      changed += step.changed;
      pending = step.raced.length
        ? await User.find({ _id: { $in: step.raced } }, { codStats: 1 }).lean<Account[]>()
        : [];
    }
    await nextTurn();
  }
  await OrdersMigration.updateOne(
    { _id: COD_HISTORY_MIGRATION },
    { $setOnInsert: { finishedAt: new Date(), changed } },
    { upsert: true },
  );
  return changed;
}

/** Runs the backfill after the server is listening: /readyz does not wait for it. */
export function startCodHistoryBackfill(deps: Pick<AppDeps, 'logger'>): void {
  backfillCodHistories().then(
    (changed) => {
      if (changed > 0)
        deps.logger.info({ accounts: changed }, 'COD histories now count the orders from before the upgrade');
    },
    (err: unknown) => deps.logger.error({ err }, 'COD histories could not be backfilled; the next start tries again'),
  );
}
