import { readFileSync } from 'node:fs';
import { parentPort, threadId } from 'node:worker_threads';
import { serveJobs } from '../lib/worker-thread.js';

export type TestJob = 'thread' | 'niceness' | 'exhaust-heap';

/**
 * A worker for worker-thread.test.ts: answers which thread it is, its nice value as the kernel
 * keeps it, or keeps everything it allocates until the thread's heap limit ends it (as a render too
 * big for its limits would).
 */
serveJobs(parentPort!, async (job: TestJob) => {
  if (job === 'thread') return { output: threadId };
  if (job === 'niceness') return { output: niceOf('/proc/thread-self/stat') };
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
});

/** Field 19 of a task's stat (after the parenthesised name, which may hold spaces). */
function niceOf(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
