/**
 * The event loop's longest delay since it was last taken, from a timer that notes how late it fires:
 * the principle of perf_hooks.monitorEventLoopDelay, but without its blind spot: after a reset() the
 * histogram drops the first interval, so a 120 ms block that began in the reader's own tick read as
 * 10 ms (measured). GET /metrics reports the server's; the scale benchmark's stall probe
 * (scripts/scale/stall-probe.ts) keeps the same timer in an idle process, so the two compare.
 */
export function loopDelayWatch(tickMs = 10): { takeLongestMs(): number } {
  let lastTick = performance.now();
  let longestMs = 0;
  setInterval(() => {
    const now = performance.now();
    longestMs = Math.max(longestMs, now - lastTick - tickMs);
    lastTick = now;
  }, tickMs).unref();
  return {
    takeLongestMs() {
      // A block that ended just before this read has not been noted by a tick yet.
      const now = performance.now();
      const longest = Math.max(longestMs, now - lastTick - tickMs, 0);
      longestMs = 0;
      lastTick = now;
      return longest;
    },
  };
}
