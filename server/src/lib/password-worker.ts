import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';
import { serveJobs } from './worker-thread.js';
import type { PasswordJob } from './passwords.js';

/** The worker thread of passwords.ts: bcrypt in one synchronous run, off the event loop. */
serveJobs(parentPort!, async (job: PasswordJob) => ({
  output: job.op === 'hash' ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash),
}));
