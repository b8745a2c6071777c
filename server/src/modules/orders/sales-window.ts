import { setImmediate } from 'node:timers/promises';
import { STATS_MAX_DAYS, istDay, istDayStart, type SalesStats } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { nowOf } from './service.js';
import { SalesWindow, titleOn, type SalesTotals, type StoredDay } from './sales-day.js';
import {
  DAY_MS,
  IN_FLIGHT_MS,
  computeMissingDays,
  dayRanges,
  daysBetween,
  foldChangedOrders,
  rollups,
  warmSalesRollups,
} from './sales-rollup.js';
import { SalesDay } from './sales-rollup.model.js';

export type WindowSales = Omit<SalesTotals, 'topProducts'> & { topProducts: SalesStats['topProducts'] };

/** Stored days read per round trip: ~0.7 MB, a few ms of decoding. */
const READ_BATCH = 100;
/**
 * Stored days per find when the start's warm-up copies them, in the background: 100 days held the
 * event loop 20–28 ms a find here (the driver taking in 0.7 MB), 42 ms in the benchmark's busier run.
 */
const WARM_COPY_DAYS = 25;
const ADDED_FIELDS = { productTitles: 0 } as const;
/**
 * Days added up between two turns of the event loop: ~1 ms once warm. Before the JIT has compiled
 * them (the first long window after a start) 200 days held the loop ~40 ms at 100,000 orders.
 */
const DAYS_PER_TURN = 25;

/**
 * This process's copy of the stored days it has read, so that a request reads only the days
 * rewritten since (by any process) instead of three years of them: reading a thousand stored days
 * costs ~40 ms of CPU at the least, whatever they hold. A rewritten day carries a later readAt;
 * days rewritten up to IN_FLIGHT_MS before the latest one seen are read again, for writes that
 * landed after a later one.
 */
type CopiedDay = StoredDay & { readAt: Date };
const copies = new Map<string, CopiedDay>();
let latestReadAt = 0;
let copiesOfDrop = 0;
/**
 * When this process last listed the rewritten days and copied again those it held older readings of
 * (its wall clock, as readAt is its writer's; and its monotonic clock, to notice the wall clock being
 * set). A write still in flight then carried a readAt at most IN_FLIGHT_MS before it; every later
 * write carries a later one. So the next listing looks back IN_FLIGHT_MS from the later of this and
 * latestReadAt: days all computed together long ago (a warm-up, a rebuild) are then listed once,
 * not by every request, which had cost the three-year stats ~1,100 stored days read and decoded per
 * request at 100,000 orders (≈ 60 ms of the engine's CPU). Clocks of processes sharing a database
 * must agree within IN_FLIGHT_MS, as latestReadAt already asks.
 */
let listedAt = 0;
let listedAtMonotonic = 0;
/** How far the wall clock may drift from the monotonic one between two listings before it counts as set. */
const CLOCK_SET_MS = 1_000;

/**
 * Copies the days a read returns, unless the roll-ups were dropped since the read began (`of`, the
 * drop count then): those may be days that no longer exist. Of two readings of a day the one with
 * the later readAt is kept (a roll-up write never replaces a later one), so a read that began before
 * a rewrite cannot put back the older figures when it lands after a fresher read.
 */
async function copyEach(cursor: AsyncIterable<CopiedDay>, of: number): Promise<void> {
  for await (const day of cursor) {
    if (of !== rollups.dropped) continue;
    const copy = copies.get(day._id);
    if (copy && copy.readAt.getTime() > day.readAt.getTime()) continue;
    copies.set(day._id, day);
    latestReadAt = Math.max(latestReadAt, day.readAt.getTime());
  }
}

/** Copies the stored days `from`..`to`, `perFind` days per find (READ_BATCH, 100, for a request). */
async function readStored(from: string, to: string, perFind = READ_BATCH): Promise<void> {
  const of = rollups.dropped;
  for (const range of dayRanges(from, to, perFind)) {
    await copyEach(SalesDay.find({ _id: range }, ADDED_FIELDS).lean<CopiedDay>().batchSize(perFind).cursor(), of);
  }
}

/**
 * The stored days rewritten since `since` (their _id and readAt), whatever their date, through the
 * readAt index: a request looks at the days that changed, not at every day of its window.
 */
export function daysRewrittenSince(since: Date) {
  return SalesDay.find({ readAt: { $gte: since } }, { readAt: 1 })
    .hint({ readAt: 1 })
    .lean<{ _id: string; readAt: Date }[]>();
}

/**
 * Copies again the days rewritten since this process's latest read, less IN_FLIGHT_MS, that it holds
 * another reading of. Days computed together (a warm-up computes three years in seconds) all fall in
 * that margin, so they are first only listed: reading them whole each time cost the three-year stats
 * ~1,100 stored days decoded on both threads, ~100 ms of CPU at 100,000 orders.
 */
async function readRewritten(): Promise<void> {
  const of = rollups.dropped;
  const wall = Date.now();
  const monotonic = performance.now();
  // The wall clock set (back or forward) since the last listing: look back from what was read, as
  // before any listing.
  if (Math.abs(wall - listedAt - (monotonic - listedAtMonotonic)) > CLOCK_SET_MS) listedAt = 0;
  const listed = await daysRewrittenSince(new Date(Math.max(latestReadAt, listedAt) - IN_FLIGHT_MS));
  // A day never copied is not stale: the window that wants it reads it (storedDays' uncopied days).
  const stale = listed.filter((day) => {
    const copy = copies.get(day._id);
    return copy !== undefined && copy.readAt.getTime() !== day.readAt.getTime();
  });
  for (let i = 0; i < stale.length; i += READ_BATCH) {
    const ids = stale.slice(i, i + READ_BATCH).map((day) => day._id);
    await copyEach(
      SalesDay.find({ _id: { $in: ids } }, ADDED_FIELDS)
        .lean<CopiedDay>()
        .cursor(),
      of,
    );
  }
  // Only a listing whose stale days are all copied again moves where the next one starts: a request
  // meanwhile, or after a read that failed, looks back as far as before.
  if (of === rollups.dropped && wall > listedAt) {
    listedAt = wall;
    listedAtMonotonic = monotonic;
  }
}

/** Forgets every copy once the roll-ups were dropped (rebuilt): they are of days that no longer exist. */
function forgetDropped(): void {
  if (copiesOfDrop === rollups.dropped) return;
  copies.clear();
  latestReadAt = 0;
  listedAt = 0;
  copiesOfDrop = rollups.dropped;
}

/** The stored days `from`..`to`, computing those never computed, from this process's copies. */
async function storedDays(from: string, to: string): Promise<StoredDay[]> {
  forgetDropped();
  // With nothing copied yet, nothing copied can be stale.
  if (copies.size > 0) await readRewritten();
  const days = daysBetween(from, to);
  const uncopied = days.filter((day) => !copies.has(day));
  if (uncopied.length > 0) {
    await readStored(uncopied[0]!, uncopied.at(-1)!);
    const missing = uncopied.filter((day) => !copies.has(day));
    if (missing.length > 0) {
      await computeMissingDays(missing);
      await readStored(missing[0]!, missing.at(-1)!);
    }
  }
  return days.flatMap((day) => copies.get(day) ?? []);
}

/**
 * The sales of the Indian days `from`..`to` from their roll-ups: changed orders are folded in first,
 * days never computed are computed, then the days are added up and the best sellers named.
 */
export async function salesOfDays(from: string, to: string): Promise<WindowSales> {
  await foldChangedOrders();
  const window = new SalesWindow();
  const days = await storedDays(from, to);
  for (let i = 0; i < days.length; i += 1) {
    window.add(days[i]!);
    if ((i + 1) % DAYS_PER_TURN === 0) await setImmediate();
  }
  const totals = window.totals();

  const lastDays = [...new Set(totals.topProducts.map((p) => p.lastDay))];
  const named = await SalesDay.find({ _id: { $in: lastDays } }, { productIds: 1, productTitles: 1 }).lean();
  const byDay = new Map(named.map((d) => [d._id, d]));
  return {
    ...totals,
    topProducts: totals.topProducts.map(({ lastDay, ...p }) => {
      const day = byDay.get(lastDay);
      return { ...p, title: (day && titleOn(day, p.productId)) ?? '' };
    }),
  };
}

/**
 * After a start: computes the days the longest window needs that have none (warmSalesRollups), then
 * copies the stored ones into this process, WARM_COPY_DAYS per find. That is a second read of the
 * days: warmSalesRollups lists their _id to find the missing ones, and the engine decodes each day
 * for that too. Once per start, in the background; kept, the copies spare the owner's first window
 * after a restart its reads (the first 365-day request had read 335 days: 80–220 ms on the 2-core
 * AMD machine at 100,000 orders). They hold the days' counters and packed id lists, a few MB for
 * three years. Returns how many days it computed.
 */
export async function warmSalesWindows(now: Date): Promise<number> {
  const computed = await warmSalesRollups(now);
  const to = istDay(now);
  // Only the days stored: a shop without orders has none, and none is made for it here.
  forgetDropped();
  await readStored(istDay(new Date(istDayStart(to).getTime() - (STATS_MAX_DAYS - 1) * DAY_MS)), to, WARM_COPY_DAYS);
  return computed;
}

/** Runs warmSalesWindows after the server listens: /readyz does not wait for it. */
export function startSalesRollupWarmUp(deps: Pick<AppDeps, 'logger' | 'now'>): void {
  warmSalesWindows(nowOf(deps)).then(
    (days) => {
      if (days > 0) deps.logger.info({ days }, 'sales roll-ups computed for the days that had none');
    },
    (err: unknown) => deps.logger.error({ err }, 'sales roll-ups could not be computed ahead; requests compute them'),
  );
}
