// A process that does nothing but keep the server's own event-loop delay timer
// (server/src/lib/loop-delay.ts, what GET /metrics reports): how late it fires here is the machine's
// stall, not any program's work. The benchmark starts it beside the store and asks on stdin (one line)
// for the longest delay since its previous question; the answer is one line, in milliseconds.
import { loopDelayWatch } from '../../server/src/lib/loop-delay.js';

const loopDelay = loopDelayWatch(10);
process.stdin.setEncoding('utf8');
process.stdin.on('data', (lines: string) => {
  for (let i = 0; i < lines.split('\n').length - 1; i += 1)
    process.stdout.write(`${loopDelay.takeLongestMs().toFixed(1)}\n`);
});
process.stdin.on('end', () => process.exit(0));
