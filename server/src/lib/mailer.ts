import type { Transporter } from 'nodemailer';
import type { Logger } from './logger.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: a failure is logged and tried again after each of the retry delays,
   * then given up with an error in the log. Never throws, so a mail never fails the caller's work.
   */
  sendInBackground(message: MailMessage, context?: Record<string, unknown>): void;
  /**
   * As sendInBackground, but resolves once the mail is kept in a queue that outlives this process
   * (modules/mail), so the caller may then forget its own promise to send it.
   */
  queue?(message: MailMessage, context?: Record<string, unknown>): Promise<void>;
  /** Mails sent by the in-memory dev transport (newest last); empty with SMTP. */
  readonly outbox: readonly MailMessage[];
  /**
   * A mailer whose background mails wait in a queue (modules/mail) starts sending what is due,
   * now and periodically, including mails a stopped process left; returns the function that stops it.
   */
  startQueue?(): () => void;
}

const OUTBOX_LIMIT = 50;

export interface MailerOptions {
  from: string;
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string };
  logger: Logger;
  /** Waits before each new try of a background mail; default 5 s, 1 min, 10 min. */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [5_000, 60_000, 600_000];

/**
 * SMTP when configured. Without SMTP (dev, offline) mails are logged and kept in a small outbox so
 * that a developer can read an OTP in the console and tests can read it back.
 */
export function createMailer({ from, smtp, logger, retryDelaysMs = DEFAULT_RETRY_DELAYS_MS }: MailerOptions): Mailer {
  const outbox: MailMessage[] = [];
  // nodemailer loads with the first mail, not with the server (about 0.1 s of every start).
  let transport: Promise<Transporter> | undefined;
  const smtpTransport = (settings: NonNullable<MailerOptions['smtp']>) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.secure,
        auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
        // A local catcher (docker-compose's mail service, tests) speaks plain SMTP.
        ignoreTLS: !settings.secure && !settings.user,
        connectionTimeout: 10_000,
      }),
    ));
  async function send(message: MailMessage): Promise<void> {
    if (smtp) {
      await (await smtpTransport(smtp)).sendMail({ from, ...message });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    outbox.push(message);
    if (outbox.length > OUTBOX_LIMIT) outbox.shift();
    logger.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (dev outbox, not sent)');
  }

  function sendInBackground(message: MailMessage, context: Record<string, unknown> = {}, attempt = 0): void {
    send(message).catch((err: unknown) => {
      const delay = retryDelaysMs[attempt];
      const where = { err, to: message.to, subject: message.subject, attempt: attempt + 1, ...context };
      if (delay === undefined) {
        logger.error(where, 'mail failed; giving up');
        return;
      }
      logger.warn({ ...where, retryInMs: delay }, 'mail failed; will try again');
      // unref: a pending retry never keeps a stopping process alive.
      setTimeout(() => sendInBackground(message, context, attempt + 1), delay).unref();
    });
  }

  return { outbox, send, sendInBackground };
}
