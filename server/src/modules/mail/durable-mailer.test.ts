import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage, Mailer } from '../../lib/mailer.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { createDurableMailer } from './durable-mailer.js';
import { QueuedMail } from './mail-queue.model.js';

const logger = pino({ level: 'silent' });

/** An SMTP server stand-in: accepts mails into `delivered`, or refuses the next `refusing` of them. */
function smtpServer() {
  const server = {
    delivered: [] as MailMessage[],
    refusing: 0,
    fallback: [] as MailMessage[],
    mailer: {
      outbox: [],
      async send(message: MailMessage) {
        if (server.refusing > 0) {
          server.refusing -= 1;
          throw new Error('421 service not available');
        }
        server.delivered.push(message);
      },
      sendInBackground(message: MailMessage) {
        server.fallback.push(message);
      },
    } satisfies Mailer,
  };
  return server;
}

const invoiceMail = (n = 1): MailMessage => ({
  to: `asha${n}@example.com`,
  subject: `Your Kesh Ayurveda order #0000000${n} is confirmed`,
  text: 'Thank you for choosing our Ayurvedic products.',
  attachments: [
    { filename: 'INV-2026-27-000001.pdf', content: Buffer.from('%PDF-1.7 invoice'), contentType: 'application/pdf' },
  ],
});

async function until(check: () => boolean | Promise<boolean>) {
  for (let waited = 0; waited < 5000; waited += 20) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('timed out');
}

describe('the mail queue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    vi.restoreAllMocks();
    await QueuedMail.deleteMany({});
  });

  it('writes the mail down before sending it, and removes it once SMTP took it, attachment intact', async () => {
    const smtp = smtpServer();
    const mailer = createDurableMailer(smtp.mailer, logger);
    mailer.sendInBackground(invoiceMail(), { orderId: 'o1', event: 'placed' });
    await until(() => smtp.delivered.length === 1);
    expect(smtp.delivered[0]).toMatchObject({ to: 'asha1@example.com', subject: invoiceMail().subject });
    expect(smtp.delivered[0]!.attachments![0]!.content.toString()).toBe('%PDF-1.7 invoice');
    await until(async () => (await QueuedMail.countDocuments()) === 0);
  });

  it('keeps a mail SMTP refused across a restart, and the next process sends it when it is due', async () => {
    const down = smtpServer();
    down.refusing = 1;
    // The first process tries once, then stops before its retry (a minute later) comes.
    createDurableMailer(down.mailer, logger, { retryDelaysMs: [60_000] }).sendInBackground(invoiceMail());
    await until(async () => (await QueuedMail.findOne().lean())?.attempts === 1);
    const queued = (await QueuedMail.findOne().lean())!;
    expect(queued).toMatchObject({ status: 'queued', lastError: '421 service not available', claimedUntil: null });

    const up = smtpServer();
    const restarted = createDurableMailer(up.mailer, logger);
    expect(await restarted.sendDue()).toBe(0); // not due yet
    expect(await restarted.sendDue(new Date(queued.nextAttemptAt.getTime() + 1))).toBe(1);
    expect(up.delivered.map((m) => m.to)).toEqual(['asha1@example.com']);
    expect(up.delivered[0]!.attachments![0]!.content.toString()).toBe('%PDF-1.7 invoice');
    expect(await QueuedMail.countDocuments()).toBe(0);
  });

  it('marks a mail failed once every retry is used, and keeps it', async () => {
    const smtp = smtpServer();
    smtp.refusing = 3;
    const mailer = createDurableMailer(smtp.mailer, logger, { retryDelaysMs: [10, 10] });
    mailer.sendInBackground(invoiceMail());
    await until(async () => (await QueuedMail.findOne().lean())?.status === 'failed');
    expect(await QueuedMail.findOne().lean()).toMatchObject({ attempts: 3, status: 'failed' });
    expect(await mailer.sendDue(new Date(Date.now() + 86_400_000))).toBe(0);
    expect(smtp.delivered).toEqual([]);
  });

  it('sends each queued mail once when two processes sweep at the same moment', async () => {
    const now = new Date();
    await QueuedMail.insertMany(
      [1, 2, 3, 4, 5].map((n) => ({ ...invoiceMail(n), nextAttemptAt: now, context: { n } })),
    );
    const [a, b] = [smtpServer(), smtpServer()];
    const sent = await Promise.all([
      createDurableMailer(a.mailer, logger).sendDue(),
      createDurableMailer(b.mailer, logger).sendDue(),
    ]);
    expect(sent[0] + sent[1]).toBe(5);
    const delivered = [...a.delivered, ...b.delivered].map((m) => m.to).sort();
    expect(delivered).toEqual([1, 2, 3, 4, 5].map((n) => `asha${n}@example.com`));
    expect(await QueuedMail.countDocuments()).toBe(0);
  });

  it('takes over a mail whose sender stopped while holding it, once the hold has passed', async () => {
    await QueuedMail.create({
      ...invoiceMail(),
      nextAttemptAt: new Date(),
      claimedUntil: new Date(Date.now() + 60_000),
    });
    const smtp = smtpServer();
    const mailer = createDurableMailer(smtp.mailer, logger);
    expect(await mailer.sendDue()).toBe(0);
    expect(await mailer.sendDue(new Date(Date.now() + 61_000))).toBe(1);
    expect(smtp.delivered).toHaveLength(1);
  });

  it('still sends from memory when the database refuses to queue the mail (a full disk)', async () => {
    vi.spyOn(QueuedMail, 'create').mockRejectedValueOnce(new Error('OutOfDiskSpace'));
    const smtp = smtpServer();
    createDurableMailer(smtp.mailer, logger).sendInBackground(invoiceMail());
    await until(() => smtp.fallback.length === 1);
    expect(smtp.fallback[0]!.to).toBe('asha1@example.com');
  });
});
