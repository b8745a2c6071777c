// A process that does nothing but keep the server's own 10 ms timer (server/src/lib/metrics.ts): how
// late that timer fires here is the machine's stall, not any program's work. The benchmark starts it
// beside the store and asks on stdin (one line) for the longest delay since its previous question;
// the answer is one line, in milliseconds.
const TICK_MS = 10;
let lastTick = performance.now();
let longestDelayMs = 0;
setInterval(() => {
  const now = performance.now();
  longestDelayMs = Math.max(longestDelayMs, now - lastTick - TICK_MS);
  lastTick = now;
}, TICK_MS);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (lines) => {
  for (let i = 0; i < lines.split('\n').length - 1; i += 1) {
    process.stdout.write(`${longestDelayMs.toFixed(1)}\n`);
    longestDelayMs = 0;
  }
});
process.stdin.on('end', () => process.exit(0));
