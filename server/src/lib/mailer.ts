import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Mails sent by the in-memory dev transport (newest last); empty with SMTP. */
  readonly outbox: readonly MailMessage[];
}

const OUTBOX_LIMIT = 50;

export interface MailerOptions {
  from: string;
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string };
  logger: Logger;
}

/**
 * SMTP when configured. Without SMTP (dev, offline) mails are logged and kept in a small outbox so
 * that a developer can read an OTP in the console and tests can read it back.
 */
export function createMailer({ from, smtp, logger }: MailerOptions): Mailer {
  const outbox: MailMessage[] = [];
  let transport: Transporter | undefined;
  if (smtp) {
    transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.pass ?? '' } : undefined,
      // A local catcher (docker-compose's mail service, tests) speaks plain SMTP.
      ignoreTLS: !smtp.secure && !smtp.user,
      connectionTimeout: 10_000,
    });
  }
  return {
    outbox,
    async send(message) {
      if (transport) {
        await transport.sendMail({ from, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
        return;
      }
      outbox.push(message);
      if (outbox.length > OUTBOX_LIMIT) outbox.shift();
      logger.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (dev outbox, not sent)');
    },
  };
}
