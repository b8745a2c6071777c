import { setImmediate as nextTurn } from 'node:timers/promises';
import { Types } from 'mongoose';
import { STATS_MAX_DAYS, istDay, istDayStart } from '@kesh/shared';
import { isDuplicateKey } from '../../lib/errors.js';
import { Order } from './order.model.js';
import { SALES_FIELDS, salesDayOf, type SalesOrder } from './sales-day.js';
import { SalesDay, SalesRollupMark } from './sales-rollup.model.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
const MARK_ID = 'orders';
/**
 * A write takes its updatedAt (and a new order its _id) before it lands, so one still in flight
 * while changes are scanned carries a time the scan has passed: each scan looks this far back again.
 * Recomputing a day is idempotent, so looking twice costs a re-read, never a wrong figure.
 */
export const IN_FLIGHT_MS = 10_000;

/** The Indian days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const start = istDayStart(from).getTime();
  const count = Math.round((istDayStart(to).getTime() - start) / DAY_MS) + 1;
  return Array.from({ length: Math.max(count, 0) }, (_, i) => istDay(new Date(start + i * DAY_MS)));
}

/** The orders placed on one Indian day, oldest first, through the createdAt index. */
export async function ordersOfDay<T extends { createdAt: Date }>(
  day: string,
  projection?: Record<string, 1>,
  extra: Record<string, unknown> = {},
): Promise<(T & { _id: Types.ObjectId })[]> {
  const start = istDayStart(day);
  // Ties are put in _id order here: asked to sort on both, the embedded engine decodes and sorts the
  // day's orders itself, and what it decodes outlives the young generation (the peak of the CSV
  // export of every order, engine-scale.md). Its index scan gives ties in _id order already; a
  // MongoDB server (MONGODB_URI) gives them in the order they were stored.
  const orders = await Order.find(
    { createdAt: { $gte: start, $lt: new Date(start.getTime() + DAY_MS) }, ...extra },
    projection,
  )
    .sort({ createdAt: 1 })
    .lean<(T & { _id: Types.ObjectId })[]>();
  return orders.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (String(a._id) < String(b._id) ? -1 : 1),
  );
}

/**
 * Days written together: one write per run instead of one per day. Each day is still read on its
 * own, because the embedded engine copies every order a find matches before answering (a week
 * at once held the event loop ~100 ms).
 */
const RUN_DAYS = 7;

/** Sorted days cut into runs of consecutive days, at most RUN_DAYS long. */
function runsOf(days: Iterable<string>): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set(days)].sort()) {
    const run = runs.at(-1);
    const follows = run && istDayStart(day).getTime() - istDayStart(run.at(-1)!).getTime() === DAY_MS;
    if (run && follows && run.length < RUN_DAYS) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** A bulk write refused only because stored days were read later than ours: those are fresher. */
function onlyFresherStored(err: unknown): boolean {
  const refused = (err as { writeErrors?: unknown[] }).writeErrors ?? [err];
  return refused.length > 0 && refused.every(isDuplicateKey);
}

/**
 * Reads a run's orders day by day and stores each day's figures, unless a later read stored them.
 * A run without orders (the years before a shop's first order in a long window) is one read.
 */
async function recomputeRun(run: string[]): Promise<void> {
  const readAt = new Date();
  const start = istDayStart(run[0]!);
  const end = new Date(istDayStart(run.at(-1)!).getTime() + DAY_MS);
  const empty = !(await Order.exists({ createdAt: { $gte: start, $lt: end } }));
  const writes = [];
  for (const day of run) {
    const figures = salesDayOf(empty ? [] : await ordersOfDay<SalesOrder>(day, SALES_FIELDS));
    writes.push({
      replaceOne: {
        filter: { _id: day, readAt: { $lte: readAt } },
        replacement: { _id: day, ...figures, readAt },
        upsert: true,
      },
    });
  }
  await SalesDay.bulkWrite(writes, { ordered: false, throwOnValidationError: true }).catch((err: unknown) => {
    if (!onlyFresherStored(err)) throw err;
  });
}

async function recomputeDays(days: Iterable<string>): Promise<void> {
  for (const run of runsOf(days)) await recomputeRun(run);
}

/** Days being computed because they were missing, so that concurrent requests compute each once. */
const missingInFlight = new Map<string, Promise<void>>();

export async function computeMissingDays(days: string[]): Promise<void> {
  const waits = new Set<Promise<void>>();
  const todo = days.filter((day) => {
    const running = missingInFlight.get(day);
    if (running) waits.add(running);
    return !running;
  });
  for (const run of runsOf(todo)) {
    const running = recomputeRun(run).finally(() => run.forEach((day) => missingInFlight.delete(day)));
    run.forEach((day) => missingInFlight.set(day, running));
    await running;
  }
  await Promise.all(waits);
}

/** Counts the times this process dropped every roll-up, so that copies of them are dropped too. */
export const rollups = { dropped: 0 };

/**
 * Changes this process already folded into the roll-ups (order id -> updatedAt), so that re-reading
 * the in-flight margin does not recompute a day for a change it has counted. Only an optimisation:
 * without it every scan recomputes the days of the last few seconds' changes.
 */
let folded = new Map<string, number>();

/**
 * Recomputes the days of every order changed since the last scan (less the in-flight margin), then
 * moves the mark. Orders are found by updatedAt, which every write through the Order model sets,
 * and by _id, whose time is when the order was made even when it was written with an older
 * createdAt (an import, a test's clock).
 */
async function foldChanges(): Promise<void> {
  const startedAt = new Date();
  const mark = await SalesRollupMark.findById(MARK_ID).lean();
  if (!mark) {
    await SalesDay.deleteMany({});
    rollups.dropped += 1;
  } else {
    const since = new Date(mark.scannedUpTo.getTime() - IN_FLIGHT_MS);
    const found = await Promise.all([
      Order.find({ updatedAt: { $gte: since } }, { createdAt: 1, updatedAt: 1 }).lean(),
      Order.find(
        { _id: { $gte: Types.ObjectId.createFromTime(Math.floor(since.getTime() / 1000)) } },
        {
          createdAt: 1,
          updatedAt: 1,
        },
      ).lean(),
    ]);
    const seen = new Map<string, number>();
    const days = new Set<string>();
    for (const order of found.flat()) {
      if (!order.createdAt) continue;
      const id = String(order._id);
      const stamp = order.updatedAt?.getTime() ?? 0;
      seen.set(id, stamp);
      if (folded.get(id) !== stamp) days.add(istDay(order.createdAt));
    }
    await recomputeDays(days);
    folded = seen;
  }
  await SalesRollupMark.updateOne({ _id: MARK_ID }, { $max: { scannedUpTo: startedAt } }, { upsert: true });
}

let folding: Promise<void> | undefined;
let queued: Promise<void> | undefined;

/**
 * One scan at a time; a caller arriving during one waits for the next, which sees its changes
 * (the running scan may have started before them).
 */
export function foldChangedOrders(): Promise<void> {
  if (!folding) {
    folding = foldChanges().finally(() => {
      folding = undefined;
    });
    return folding;
  }
  queued ??= folding
    .catch(() => undefined)
    .then(() => {
      queued = undefined;
      return foldChangedOrders();
    });
  return queued;
}

/**
 * Drops every roll-up and computes every day from the first order's to today (`npm run
 * stats:rebuild`). Safe while the shop runs: a request meanwhile computes what it needs itself.
 */
export async function rebuildSalesRollups(now: Date): Promise<number> {
  await SalesRollupMark.deleteOne({ _id: MARK_ID });
  await foldChangedOrders();
  const first = await Order.findOne({}, { createdAt: 1 }).sort({ createdAt: 1 }).lean();
  if (!first) return 0;
  const days = daysBetween(istDay(first.createdAt), istDay(now));
  await recomputeDays(days);
  return days.length;
}

/**
 * Stored days one find reads. The embedded engine decodes every stored day (~7 kB) a find matches
 * when it opens the cursor, even to answer only their _id, so the 1,096 days of the longest window
 * in one find held the event loop ~50 ms (171 ms on a busy machine); a hundred days are a few ms.
 */
export const DAYS_PER_FIND = 100;

/** `from`..`to` cut into _id ranges of at most DAYS_PER_FIND days, oldest first. */
export function dayRanges(from: string, to: string, perFind = DAYS_PER_FIND): Array<{ $gte: string; $lte: string }> {
  const days = daysBetween(from, to);
  const ranges = [];
  for (let i = 0; i < days.length; i += perFind) {
    ranges.push({ $gte: days[i]!, $lte: days[Math.min(i + perFind, days.length) - 1]! });
  }
  return ranges;
}

/** Which days `from`..`to` have a stored roll-up. */
async function storedDayIds(from: string, to: string): Promise<Set<string>> {
  const stored = new Set<string>();
  for (const range of dayRanges(from, to)) {
    for (const day of await SalesDay.find({ _id: range }, { _id: 1 }).lean()) stored.add(day._id);
  }
  return stored;
}

/**
 * Computes the days of the longest stats window (STATS_MAX_DAYS up to today) that have no roll-up
 * yet (an upgraded shop's history, the empty days before its first order), newest first, one run of
 * RUN_DAYS at a time with a turn of the event loop between runs (each day is one find of ~140 orders
 * at 100,000 orders), so the owner's first long window finds them made instead of building them
 * inside the request. A request meanwhile computes what it needs itself; a day being computed by
 * either is computed once. Returns how many days it computed.
 */
export async function warmSalesRollups(now: Date): Promise<number> {
  await foldChangedOrders();
  if (!(await Order.exists({}))) return 0;
  const to = istDay(now);
  const from = istDay(new Date(istDayStart(to).getTime() - (STATS_MAX_DAYS - 1) * DAY_MS));
  const stored = await storedDayIds(from, to);
  const missing = daysBetween(from, to).filter((day) => !stored.has(day));
  for (let end = missing.length; end > 0; end -= RUN_DAYS) {
    await computeMissingDays(missing.slice(Math.max(end - RUN_DAYS, 0), end));
    await nextTurn();
  }
  return missing.length;
}
