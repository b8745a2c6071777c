import type { Types } from 'mongoose';
import type { AppDeps } from '../../deps.js';
import type { MailMessage } from '../../lib/mailer.js';
import { startSweeping } from '../../lib/sweep.js';
import type { OrderRecord } from './dto.js';
import { invoiceFileName, issuedInvoice } from './invoice-files.js';
import { InvoiceJob } from './invoice-job.model.js';
import { shopMailOfNewOrder, shopperMail } from './notifications.js';
import { Order } from './order.model.js';
import { mayMailShopper } from '../users/index.js';

/** The placing process runs the job at once; a sweep takes over one nobody finished within this. */
const TAKE_OVER_AFTER_MS = 60_000;
/** How long one process may take to run a job before another may take it over. */
const CLAIM_MS = 120_000;
/** A job whose order does not exist this long after it was written belongs to no order. */
const ORPHAN_AFTER_MS = 10 * 60_000;
/** Waits before each new try of a job that failed: 5 s, 1 min, 10 min; then the mails go without the PDF. */
const RETRY_DELAYS_MS = [5_000, 60_000, 600_000];
const SWEEP_MS = 15_000;
const SWEEP_BATCH = 20;

/** Promises the order's invoice and mails: called before the order is inserted, under its id. */
export async function expectInvoice(orderId: Types.ObjectId, now = new Date()): Promise<void> {
  await InvoiceJob.create({
    _id: orderId,
    nextAttemptAt: new Date(now.getTime() + TAKE_OVER_AFTER_MS),
    createdAt: now,
  });
}

/**
 * Renders and stores the order's invoice, then queues the shopper's mail with it attached and the
 * shop's notice, then forgets the job. Runs once per order across processes (a conditional claim);
 * a process that dies half-way leaves the job to the next sweep, which may queue the mails a second
 * time if it died between queueing them and deleting the job (at least once, as the mail queue).
 * After the last retry the mails go without the invoice, which the shopper can still download.
 */
export async function runInvoiceJob(deps: AppDeps, orderId: Types.ObjectId | string, now = new Date()) {
  const job = await InvoiceJob.findOneAndUpdate(
    { _id: orderId, $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }] },
    { $set: { claimedUntil: new Date(now.getTime() + CLAIM_MS) } },
    { returnDocument: 'after' },
  ).lean();
  if (!job) return;
  const order = await Order.findById(orderId).lean<OrderRecord>();
  if (!order) {
    if (now.getTime() - job.createdAt.getTime() >= ORPHAN_AFTER_MS) await InvoiceJob.deleteOne({ _id: orderId });
    else {
      const orphanAt = new Date(job.createdAt.getTime() + ORPHAN_AFTER_MS);
      await InvoiceJob.updateOne({ _id: orderId }, { $set: { claimedUntil: null, nextAttemptAt: orphanAt } });
    }
    return;
  }
  let attachments;
  try {
    const { number, pdf } = await issuedInvoice(deps, order);
    attachments = [{ filename: invoiceFileName(number), content: pdf, contentType: 'application/pdf' }];
  } catch (err) {
    const attempts = job.attempts + 1;
    const delay = RETRY_DELAYS_MS[attempts - 1];
    const context = { err, orderId: String(orderId), attempt: attempts };
    if (delay !== undefined) {
      deps.logger.warn({ ...context, retryInMs: delay }, 'invoice could not be made; will try again');
      await InvoiceJob.updateOne(
        { _id: orderId },
        {
          $set: {
            attempts,
            nextAttemptAt: new Date(Date.now() + delay),
            claimedUntil: null,
            lastError: String(err),
          },
        },
      );
      return;
    }
    deps.logger.error(context, 'invoice could not be made; the order mails go without it');
  }
  const placed = shopperMail(deps, order, 'placed', attachments);
  if (placed && (await mayMailShopper(deps, placed))) {
    await queueMail(deps, placed, { orderId: String(orderId), event: 'placed' });
  }
  await queueMail(deps, shopMailOfNewOrder(deps, order), { orderId: String(orderId), event: 'shop-new-order' });
  await InvoiceJob.deleteOne({ _id: orderId });
}

async function queueMail(deps: AppDeps, message: MailMessage | undefined, context: Record<string, unknown>) {
  if (!message) return;
  if (deps.mailer.queue) await deps.mailer.queue(message, context);
  else deps.mailer.sendInBackground(message, context);
}

/** Runs every job that is due and free (what a stopped process left, and retries); how many ran. */
export async function runDueInvoiceJobs(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await InvoiceJob.find(
    { nextAttemptAt: { $lte: now }, $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }] },
    { _id: 1 },
  )
    .sort({ nextAttemptAt: 1 })
    .limit(SWEEP_BATCH)
    .lean();
  for (const { _id } of due) await runInvoiceJob(deps, _id, now);
  return due.length;
}

/** Jobs this process started for the orders it just placed, so that a stop can wait for them. */
const started = new Set<Promise<void>>();

/**
 * Runs the new order's invoice job once the caller has answered (`answered` settled; without it, on
 * the next turn of the event loop, when the caller has gone on to answer); a failure is left to the
 * sweep. The job was written before the order (expectInvoice), so a process that stops before it
 * starts leaves it to the sweep too.
 */
export function startInvoiceJob(deps: AppDeps, orderId: Types.ObjectId, answered?: Promise<unknown>): void {
  const start = answered ?? new Promise((resolve) => setImmediate(resolve));
  const job = start
    .then(() => runInvoiceJob(deps, orderId))
    .catch((err: unknown) =>
      deps.logger.warn({ err, orderId: String(orderId) }, 'invoice job not run yet; the next sweep runs it'),
    )
    .finally(() => started.delete(job));
  started.add(job);
}

/** Resolves once every job this process started has finished (before its database closes). */
export async function settleStartedInvoiceJobs(): Promise<void> {
  while (started.size > 0) await Promise.allSettled([...started]);
}

/**
 * Sweeps for due invoice jobs now and every 15 s, so an order placed just before a crash gets its
 * invoice and its mails within a minute or so of the restart. Returns the function that stops it.
 */
export const startInvoiceQueue = (deps: AppDeps) =>
  startSweeping(() => runDueInvoiceJobs(deps), SWEEP_MS, deps.logger, 'invoice queue');
