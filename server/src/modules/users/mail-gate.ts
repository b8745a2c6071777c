import type { AppDeps } from '../../deps.js';
import type { MailMessage } from '../../lib/mailer.js';
import { countToday } from './daily-count.js';
import { User } from './user.model.js';

/** Takes one of today's mails to `email`; false once the day's allowance (config.mailsPerAddressPerDay) is taken. */
export async function takeAddressMail(deps: Pick<AppDeps, 'config'>, email: string): Promise<boolean> {
  return (await countToday(`mail|${email.toLowerCase()}`)) <= deps.config.mailsPerAddressPerDay;
}

/**
 * Whether the shop may mail a shopper's address anything but a verification code: never while the
 * account that gave it has not confirmed it (a stranger's address must not receive order mails and
 * invoices), and at most config.mailsPerAddressPerDay mails a day. Skipped mails are not held: the
 * dashboard shows every order and its invoice.
 */
export async function mayMailShopper(deps: Pick<AppDeps, 'config' | 'logger'>, message: MailMessage): Promise<boolean> {
  const account = await User.findOne({ email: message.to.toLowerCase() }, { emailVerified: 1 }).lean();
  if (account?.emailVerified === false) {
    deps.logger.info({ subject: message.subject }, 'mail skipped: the address is not confirmed');
    return false;
  }
  if (!(await takeAddressMail(deps, message.to))) {
    deps.logger.warn({ subject: message.subject }, 'mail skipped: the address had its mails for today');
    return false;
  }
  return true;
}

/** Sends a shopper's mail in the background once mayMailShopper allows it; never rejects. */
export function mailShopperInBackground(
  deps: Pick<AppDeps, 'config' | 'logger' | 'mailer'>,
  message: MailMessage,
  context: Record<string, unknown>,
): Promise<void> {
  return mayMailShopper(deps, message).then(
    (allowed) => {
      if (allowed) deps.mailer.sendInBackground(message, context);
    },
    (err: unknown) => deps.logger.error({ err, ...context }, 'shopper mail not sent: its gate failed'),
  );
}
