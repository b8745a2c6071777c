// Preloaded into the server by bench-sales.mjs (node --import): the event loop's longest delay,
// written to LOOP_MONITOR_FILE and reset on SIGUSR2, so each measured request gets its own figure.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';

const histogram = monitorEventLoopDelay({ resolution: 5 });
histogram.enable();
process.on('SIGUSR2', () => {
  writeFileSync(process.env.LOOP_MONITOR_FILE, JSON.stringify({ maxMs: histogram.max / 1e6 }));
  histogram.reset();
});
