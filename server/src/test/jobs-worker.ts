import { parentPort, threadId } from 'node:worker_threads';
import { serveJobs } from '../lib/worker-thread.js';

export type TestJob = 'thread' | 'exhaust-heap';

/**
 * A worker for worker-thread.test.ts: answers which thread it is, or keeps everything it allocates
 * until the thread's heap limit ends it (as a render too big for its limits would).
 */
serveJobs(parentPort!, async (job: TestJob) => {
  if (job === 'thread') return { output: threadId };
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
});
