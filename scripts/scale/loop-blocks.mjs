// Preloaded into the store (BENCH_SCALE_NODE_ARGS="--import ./scripts/scale/loop-blocks.mjs"): notes
// every event-loop block over LOOP_BLOCKS_MIN_MS (default 20) from a 5 ms timer that fires late, with
// the monotonic time it ended (the clock of a --cpu-prof profile), and writes them on exit to
// $LOOP_BLOCKS_FILE.<pid>.json for block-profile.mjs. Main thread only (workers have their own loops).
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const TICK_MS = 5;

if (isMainThread && process.env.LOOP_BLOCKS_FILE) {
  const file = `${process.env.LOOP_BLOCKS_FILE}.${process.pid}.json`;
  const minMs = Number(process.env.LOOP_BLOCKS_MIN_MS ?? 20);
  const blocks = [];
  let last = process.hrtime.bigint();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const lateMs = Number(now - last) / 1e6 - TICK_MS;
    if (lateMs > minMs) blocks.push({ endUs: Number(now / 1000n), ms: Math.round(lateMs * 10) / 10 });
    last = now;
  }, TICK_MS).unref();
  process.on('exit', () => writeFileSync(file, JSON.stringify(blocks)));
}
