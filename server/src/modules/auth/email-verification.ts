import { Types } from 'mongoose';
import {
  EMAIL_CODES_PER_DAY,
  EMAIL_CODE_LIFETIME_MS,
  MESSAGES,
  OTP_MAX_ATTEMPTS,
  VERIFY_TEXTS,
  type LanguageCode,
  type VerifyEmailResponse,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { HttpError, badRequest, conflict, isDuplicateKey, unauthorized } from '../../lib/errors.js';
import { countToday } from '../users/index.js';
import { takeAddressMail } from '../users/index.js';
import { User } from '../users/index.js';
import { EmailCode } from './email-code.model.js';
import { accountMailWords } from './mail-words.js';
import { newOtp, otpHash, sameHash } from './otp.js';

const tooMany = (message: string) => new HttpError(429, message);
const CODE_HOURS = EMAIL_CODE_LIFETIME_MS / 3_600_000;

interface Account {
  _id: unknown;
  username: string;
  email: string;
  language?: string | null;
}

/**
 * Confirming the address a shopper signed up with, by a code mailed to it: the forgot-password
 * machinery (codes of OTP_LENGTH digits, stored as an HMAC, OTP_MAX_ATTEMPTS tries claimed
 * atomically) with one live code per account. docs/verification.md has the rules.
 */
export function createEmailVerification({ config, mailer }: Pick<AppDeps, 'config' | 'mailer'>) {
  const codeHash = (userId: string, otp: string) => otpHash(config.jwtSecret, `verify:${userId}`, otp);

  async function storeCode(userId: string, otp: string): Promise<void> {
    const code = {
      codeHash: codeHash(userId, otp),
      expiresAt: new Date(Date.now() + EMAIL_CODE_LIFETIME_MS),
      attempts: 0,
    };
    for (;;) {
      try {
        await EmailCode.updateOne({ userId: new Types.ObjectId(userId) }, { $set: code }, { upsert: true });
        return;
      } catch (err) {
        // Two resends raced to insert the account's first code; the retry replaces the winner's.
        if (!isDuplicateKey(err)) throw err;
      }
    }
  }

  /**
   * Mails a new code (replacing any earlier one), within the account's and the address's limits for
   * today, in the account's language.
   */
  async function mailCode(account: Account): Promise<void> {
    const userId = String(account._id);
    if ((await countToday(`email-code|${userId}`)) > EMAIL_CODES_PER_DAY) throw tooMany(VERIFY_TEXTS.tooManyCodes);
    if (!(await takeAddressMail({ config }, account.email))) throw tooMany(VERIFY_TEXTS.addressMailLimit);
    const otp = newOtp();
    await storeCode(userId, otp);
    const words = accountMailWords(account.language);
    const shop = config.shop.name;
    mailer.sendInBackground(
      {
        to: account.email,
        subject: words('confirmSubject', { shop }),
        text: words('confirmText', { name: account.username, shop, otp, hours: CODE_HOURS }),
      },
      { userId, event: 'email-code' },
    );
  }

  async function unconfirmedAccount(userId: string): Promise<Account | undefined> {
    const user = Types.ObjectId.isValid(userId)
      ? await User.findById(userId, { username: 1, email: 1, emailVerified: 1, language: 1 }).lean()
      : null;
    if (!user) throw unauthorized(MESSAGES.unauthorized);
    return user.emailVerified === false ? user : undefined;
  }

  return {
    mailCode,

    /** POST /api/auth/verify-email/resend; the code comes in the language the shopper asks in now. */
    async resend(userId: string, language?: LanguageCode): Promise<VerifyEmailResponse> {
      const account = await unconfirmedAccount(userId);
      if (!account) throw conflict(VERIFY_TEXTS.alreadyVerified);
      if (language && language !== account.language) {
        await User.updateOne({ _id: account._id }, { $set: { language } });
        account.language = language;
      }
      await mailCode(account);
      return { message: VERIFY_TEXTS.codeSent, emailVerified: false };
    },

    /**
     * POST /api/auth/verify-email. Each check first claims one of the code's tries with an atomic
     * $inc, so parallel guesses never compare more than OTP_MAX_ATTEMPTS codes.
     */
    async verify(userId: string, otp: string): Promise<VerifyEmailResponse> {
      if (!(await unconfirmedAccount(userId))) return { message: VERIFY_TEXTS.alreadyVerified, emailVerified: true };
      const claimed = await EmailCode.findOneAndUpdate(
        { userId: new Types.ObjectId(userId), expiresAt: { $gt: new Date() }, attempts: { $lt: OTP_MAX_ATTEMPTS } },
        { $inc: { attempts: 1 } },
      ).lean();
      if (!claimed || !sameHash(claimed.codeHash, codeHash(userId, otp))) throw badRequest(MESSAGES.otpInvalid);
      await User.updateOne({ _id: userId }, { $set: { emailVerified: true } });
      await EmailCode.deleteOne({ _id: claimed._id });
      return { message: VERIFY_TEXTS.emailVerified, emailVerified: true };
    },
  };
}
