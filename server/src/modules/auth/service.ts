import { isDuplicateKey } from '../../lib/errors.js';
import { createHash, randomBytes } from 'node:crypto';
import type { Response } from 'express';
import {
  MESSAGES,
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  type AuthResponse,
  type LanguageCode,
  type MessageResponse,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { createAfterResponseQueue } from '../../lib/after-response.js';
import { revokeToken } from '../../lib/revoked-tokens.js';
import { issueToken, type TokenClaims } from '../../lib/tokens.js';
import { User } from '../users/index.js';
import { PasswordReset } from './password-reset.model.js';
import { createEmailVerification } from './email-verification.js';
import { accountMailWords } from './mail-words.js';
import { newOtp, otpHash, sameHash } from './otp.js';
import { createPasswordHasher } from './passwords.js';

export interface SignupInput {
  username: string;
  email: string;
  contact: string;
  password: string;
}

export function createAuthService({ config, logger, mailer }: Pick<AppDeps, 'config' | 'logger' | 'mailer'>) {
  const passwords = createPasswordHasher(config);
  const verification = createEmailVerification({ config, mailer });
  const OTP_LIFETIME_MINUTES = OTP_LIFETIME_MS / 60_000;
  const mailQueue = createAfterResponseQueue(logger);
  const requesterHash = (requester: string) => createHash('sha256').update(requester).digest('hex');

  function session(user: { _id: unknown; username: string; sessionVersion?: number | null }): AuthResponse {
    const userId = String(user._id);
    const { token, expiresAt } = issueToken(config.jwtSecret, userId, 'customer', {
      version: user.sessionVersion ?? 0,
    });
    return { username: user.username, token, userId, expiresAt };
  }

  const resetHash = (email: string, otp: string) => otpHash(config.jwtSecret, email, otp);

  return {
    /** `language`: the store language the shopper signs up in; the account's mails use it. */
    async signup(input: SignupInput, language?: LanguageCode): Promise<AuthResponse> {
      const passwordHash = await passwords.hash(input.password);
      try {
        // The unique index decides: a pre-check alone would let two parallel sign-ups both pass.
        const user = await User.create({
          username: input.username,
          email: input.email,
          contact: input.contact,
          passwordHash,
          emailVerified: false,
          ...(language ? { language } : {}),
        });
        // The answer stays the spec's; a code that could not be mailed can be asked for again from the dashboard.
        await verification
          .mailCode(user)
          .catch((err: unknown) => logger.warn({ err, userId: String(user._id) }, 'sign-up code not mailed'));
        return session(user);
      } catch (err) {
        if (isDuplicateKey(err)) throw conflict(MESSAGES.emailTaken);
        throw err;
      }
    },

    async login(email: string, password: string): Promise<AuthResponse> {
      const user = await User.findOne({ email }).select('+passwordHash').lean();
      if (!(await passwords.matches(password, user?.passwordHash))) {
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      return session(user!);
    },

    /**
     * The same work for every e-mail: one new code document (never replacing an earlier code, so a
     * stranger's requests cannot cancel the owner's), and the mail, which only an account gets,
     * is looked up and sent from a queue after the answer has gone out. Returns the reset cookie's
     * value, which lets the asking browser check its own code with its own tries.
     */
    async requestOtp(
      email: string,
      res: Response,
      language?: LanguageCode,
    ): Promise<{ answer: MessageResponse; requester: string }> {
      const otp = newOtp();
      const requester = randomBytes(18).toString('base64url');
      await PasswordReset.create({
        email,
        codeHash: resetHash(email, otp),
        requester: requesterHash(requester),
        expiresAt: new Date(Date.now() + OTP_LIFETIME_MS),
      });
      mailQueue.afterAnswer(res, async () => {
        const user = await User.findOne({ email }, { email: 1, username: 1, language: 1 }).lean();
        if (!user) return;
        // The account's language first: the request may come from anyone who knows the address.
        const words = accountMailWords(user.language, language);
        const shop = config.shop.name;
        await mailer.send({
          to: user.email,
          subject: words('resetSubject', { shop }),
          text: words('resetText', { name: user.username, shop, otp, minutes: OTP_LIFETIME_MINUTES }),
        });
      });
      return { answer: { message: MESSAGES.otpSentIfExists }, requester };
    },

    /** Whether `requester` (the reset cookie) belongs to a live code of `email`. */
    async ownsLiveCode(email: string, requester: string | undefined): Promise<boolean> {
      if (!requester) return false;
      const live = { email, requester: requesterHash(requester), expiresAt: { $gt: new Date() } };
      return (await PasswordReset.exists(live)) !== null;
    },

    /**
     * Every check first claims one try of the code with an atomic $inc, so parallel guesses can
     * never compare more than OTP_MAX_ATTEMPTS codes. The reset cookie's own code is checked with
     * its own tries; without it, the newest code with the shared `openAttempts`. A right code
     * gives its try back; with a new password it is consumed, with every other code of the e-mail.
     */
    async verifyOtp(
      email: string,
      otp: string,
      newPassword: string | undefined,
      requester: string | undefined,
    ): Promise<MessageResponse> {
      const live = { email, expiresAt: { $gt: new Date() } };
      const own = requester
        ? await PasswordReset.findOne({ ...live, requester: requesterHash(requester) }, { _id: 1 }).lean()
        : null;
      const target = own ?? (await PasswordReset.findOne(live, { _id: 1 }).sort({ createdAt: -1 }).lean());
      const counter = own ? 'attempts' : 'openAttempts';
      const claimed = target
        ? await PasswordReset.findOneAndUpdate(
            { _id: target._id, ...live, [counter]: { $lt: OTP_MAX_ATTEMPTS } },
            { $inc: { [counter]: 1 } },
          ).lean()
        : null;
      if (!claimed || !sameHash(claimed.codeHash, resetHash(email, otp))) throw badRequest(MESSAGES.otpInvalid);

      if (newPassword === undefined) {
        await PasswordReset.updateOne({ _id: claimed._id, [counter]: { $gt: 0 } }, { $inc: { [counter]: -1 } });
        return { message: MESSAGES.otpVerified, success: true };
      }

      const passwordHash = await passwords.hash(newPassword);
      // Deleting the code is the claim: of two parallel resets with one code, only one deletes it.
      const used = await PasswordReset.deleteOne({ _id: claimed._id });
      if (used.deletedCount !== 1) throw badRequest(MESSAGES.otpInvalid);
      // A new session version ends every session of the old password (whoever may hold one).
      const reset = await User.updateOne({ email }, { $set: { passwordHash }, $inc: { sessionVersion: 1 } });
      if (reset.modifiedCount === 0) throw badRequest(MESSAGES.otpInvalid);
      await PasswordReset.deleteMany({ email });
      return { message: MESSAGES.passwordReset, success: true };
    },

    /** Ends this one session (POST /api/auth/logout). */
    logout: (claims: TokenClaims) => revokeToken(claims),

    /** Ends every session of the account, this one included ("Log out everywhere"). */
    async logoutEverywhere(userId: string): Promise<void> {
      await User.updateOne({ _id: userId }, { $inc: { sessionVersion: 1 } });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
