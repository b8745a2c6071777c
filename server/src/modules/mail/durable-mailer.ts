import type { Types } from 'mongoose';
import type { Logger } from '../../lib/logger.js';
import type { MailMessage, Mailer } from '../../lib/mailer.js';
import { startSweeping } from '../../lib/sweep.js';
import { QueuedMail } from './mail-queue.model.js';

/** Waits before each new try of a queued mail: 5 s, 1 min, 10 min, 1 h, 6 h; then it is marked failed. */
const DEFAULT_RETRY_DELAYS_MS = [5_000, 60_000, 600_000, 3_600_000, 21_600_000];
/** How long one process may take to hand a mail to SMTP before another may take it over. */
const DEFAULT_CLAIM_MS = 120_000;
/** How often due mails (retries, and those a stopped process left) are looked for. */
const DEFAULT_SWEEP_MS = 15_000;
/** Mails tried per sweep, oldest due first. */
const SWEEP_BATCH = 50;

export interface DurableMailerOptions {
  retryDelaysMs?: readonly number[];
  claimMs?: number;
  sweepMs?: number;
}

/**
 * The shop's mails through a queue in the database: `sendInBackground` writes the mail first and
 * then tries it, and only the SMTP server's acceptance deletes it. A failed try is retried on the
 * delays above by whichever process's sweep finds it due, so a restart, a crash or an SMTP outage
 * delays a mail but does not lose it. At least once: a process that dies after SMTP accepted a
 * mail and before deleting it sends it again after the claim expires. If the database itself
 * refuses the write (a full disk), the mail is sent from memory as before, and the log says so.
 */
export function createDurableMailer(
  base: Mailer,
  logger: Logger,
  {
    retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
    claimMs = DEFAULT_CLAIM_MS,
    sweepMs = DEFAULT_SWEEP_MS,
  }: DurableMailerOptions = {},
): Mailer & { sendDue(now?: Date): Promise<number> } {
  /** One try of a queued mail, if nobody else holds it: true when SMTP accepted it. */
  async function attempt(id: Types.ObjectId, now = new Date()): Promise<boolean> {
    const mail = await QueuedMail.findOneAndUpdate(
      { _id: id, status: 'queued', $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }] },
      { $set: { claimedUntil: new Date(now.getTime() + claimMs) } },
      { returnDocument: 'after' },
    );
    if (!mail) return false;
    const message: MailMessage = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.attachments?.length
        ? {
            attachments: mail.attachments.map((a) => ({
              filename: a.filename,
              content: Buffer.from(a.content),
              contentType: a.contentType,
            })),
          }
        : {}),
    };
    try {
      await base.send(message);
    } catch (err) {
      const attempts = mail.attempts + 1;
      const delay = retryDelaysMs[attempts - 1];
      const where = { err, to: mail.to, subject: mail.subject, attempt: attempts, ...(mail.context ?? {}) };
      const lastError = err instanceof Error ? err.message : String(err);
      if (delay === undefined) {
        await QueuedMail.updateOne(
          { _id: id },
          { $set: { status: 'failed', attempts, claimedUntil: null, lastError } },
        );
        logger.error(where, 'mail failed; giving up (kept in the mail queue as failed)');
      } else {
        await QueuedMail.updateOne(
          { _id: id },
          { $set: { attempts, nextAttemptAt: new Date(Date.now() + delay), claimedUntil: null, lastError } },
        );
        logger.warn({ ...where, retryInMs: delay }, 'mail failed; will try again');
        // The sweep would find it too; this keeps short delays short. unref: never holds a stop.
        setTimeout(() => void attempt(id).catch(() => undefined), delay).unref();
      }
      return false;
    }
    await QueuedMail.deleteOne({ _id: id });
    return true;
  }

  /** Writes the mail to the queue, then tries it without waiting; a refused write sends it from memory. */
  async function queue(message: MailMessage, context: Record<string, unknown> = {}): Promise<void> {
    let queued;
    try {
      queued = await QueuedMail.create({ ...message, context, nextAttemptAt: new Date() });
    } catch (err) {
      logger.warn(
        { err, to: message.to, subject: message.subject, ...context },
        'mail could not be queued in the database; sending it from memory',
      );
      base.sendInBackground(message, context);
      return;
    }
    attempt(queued._id).catch((err: unknown) =>
      logger.warn({ err, to: message.to, ...context }, 'queued mail not tried yet; the next sweep sends it'),
    );
  }

  function sendInBackground(message: MailMessage, context: Record<string, unknown> = {}): void {
    void queue(message, context);
  }

  /** Tries every queued mail due by `now` that nobody holds; the number SMTP accepted. */
  async function sendDue(now = new Date()): Promise<number> {
    const due = await QueuedMail.find(
      {
        status: 'queued',
        nextAttemptAt: { $lte: now },
        $or: [{ claimedUntil: null }, { claimedUntil: { $lt: now } }],
      },
      { _id: 1 },
    )
      .sort({ nextAttemptAt: 1 })
      .limit(SWEEP_BATCH)
      .lean();
    let sent = 0;
    for (const { _id } of due) if (await attempt(_id, now)) sent += 1;
    return sent;
  }

  const startQueue = () => startSweeping(() => sendDue(), sweepMs, logger, 'mail queue');

  return { outbox: base.outbox, send: base.send, sendInBackground, queue, sendDue, startQueue };
}
