import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { TestJob } from '../test/jobs-worker.js';
import { workerThread } from './worker-thread.js';

const entry = new URL('../test/jobs-worker', import.meta.url);

describe('a worker thread', () => {
  it('runs every job on its one thread, after a pause too, when it has no idle time', async () => {
    const run = workerThread<TestJob, number>(entry, 'test jobs');
    const [first, second] = await Promise.all([run('thread'), run('thread')]);
    expect(second).toBe(first);
    await sleep(20);
    expect(await run('thread')).toBe(first);
  });

  it('ends a thread idle for its idle time; the next job starts a new thread', async () => {
    // The idle timer is set before this test's sleep, and the shorter timer fires first.
    const run = workerThread<TestJob, number>(entry, 'test jobs', { idleMs: 1 });
    const first = await run('thread');
    await sleep(20);
    const second = await run('thread');
    expect(second).not.toBe(first);
    expect(await run('thread')).toBe(second);
  });

  it('fails the job of a thread that reaches its heap limit and runs the next job on a new thread', async () => {
    const run = workerThread<TestJob, number>(entry, 'test jobs', { resourceLimits: { maxOldGenerationSizeMb: 32 } });
    const before = await run('thread');
    await expect(run('exhaust-heap')).rejects.toThrow(
      'Worker terminated due to reaching memory limit: JS heap out of memory',
    );
    expect(await run('thread')).not.toBe(before);
  });

  it.runIf(process.platform === 'linux')('runs at the nice value asked for, below the event loop', async () => {
    const own = niceOfProcess();
    const low = workerThread<TestJob, number>(entry, 'test jobs', { niceness: 10, idleMs: 1 });
    expect(await low('niceness')).toBe(Math.max(own, 10));
    const plain = workerThread<TestJob, number>(entry, 'test jobs', { idleMs: 1 });
    expect(await plain('niceness')).toBe(own);
    // The thread asking is left as it was.
    expect(niceOfProcess()).toBe(own);
  });
});

/** This (main) thread's nice value, field 19 of its stat. */
function niceOfProcess(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}
