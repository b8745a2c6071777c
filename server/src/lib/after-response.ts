import type { Response } from 'express';
import type { Logger } from './logger.js';

/**
 * A queue of work that runs after an answer has gone out, one job at a time: a forgot-password
 * mail (which only a registered e-mail gets) must not make that answer slower than an unknown
 * e-mail's. A failed job is logged; the caller was answered long before.
 */
export function createAfterResponseQueue(logger: Logger) {
  let tail: Promise<void> = Promise.resolve();
  const run = (job: () => Promise<void>) => {
    tail = tail.then(job).catch((err: unknown) => logger.error({ err }, 'background job failed'));
  };
  return {
    /** Queues `job` once `res` has been sent (or the client went away). */
    afterAnswer(res: Response, job: () => Promise<void>): void {
      let queued = false;
      const queue = () => {
        if (queued) return;
        queued = true;
        run(job);
      };
      res.once('finish', queue);
      res.once('close', queue);
    },
  };
}
