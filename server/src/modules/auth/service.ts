import { isDuplicateKey } from '../../lib/errors.js';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  MESSAGES,
  OTP_LENGTH,
  OTP_LIFETIME_MS,
  OTP_MAX_ATTEMPTS,
  type AuthResponse,
  type MessageResponse,
} from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { issueToken } from '../../lib/tokens.js';
import { User } from '../users/user.model.js';
import { createPasswordHasher } from './passwords.js';

export interface SignupInput {
  username: string;
  email: string;
  contact: string;
  password: string;
}

export function createAuthService({ config, logger, mailer }: Pick<AppDeps, 'config' | 'logger' | 'mailer'>) {
  const passwords = createPasswordHasher(config);
  const OTP_LIFETIME_MINUTES = OTP_LIFETIME_MS / 60_000;

  function session(user: { _id: unknown; username: string; sessionVersion?: number | null }): AuthResponse {
    const userId = String(user._id);
    const { token, expiresAt } = issueToken(config.jwtSecret, userId, 'customer', {
      version: user.sessionVersion ?? 0,
    });
    return { username: user.username, token, userId, expiresAt };
  }

  /** Keyed by the server secret, so a leaked database does not give away live codes. */
  function otpHash(email: string, otp: string): string {
    return createHmac('sha256', config.jwtSecret).update(`${email}:${otp}`).digest('hex');
  }

  function sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && timingSafeEqual(left, right);
  }

  return {
    async signup(input: SignupInput): Promise<AuthResponse> {
      const passwordHash = await passwords.hash(input.password);
      try {
        // The unique index decides: a pre-check alone would let two parallel sign-ups both pass.
        const user = await User.create({
          username: input.username,
          email: input.email,
          contact: input.contact,
          passwordHash,
        });
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
     * One atomic write whether or not the account exists, and the mail leaves in the background,
     * so neither the answer nor its timing tells an outsider which emails are registered.
     */
    async requestOtp(email: string): Promise<MessageResponse> {
      const otp = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
      const user = await User.findOneAndUpdate(
        { email },
        {
          $set: { otp: { hash: otpHash(email, otp), expiresAt: new Date(Date.now() + OTP_LIFETIME_MS), attempts: 0 } },
        },
      ).lean();
      if (user) {
        mailer
          .send({
            to: user.email,
            subject: `${config.shop.name}: your password reset code`,
            text:
              `Hello ${user.username},\n\nYour one-time code is ${otp}.\n` +
              `It expires in ${OTP_LIFETIME_MINUTES} minutes. If you did not ask for it, ignore this mail.\n\n` +
              `${config.shop.name}\n`,
          })
          .catch((err: unknown) => logger.error({ err, to: user.email }, 'OTP mail could not be sent'));
      }
      return { message: MESSAGES.otpSentIfExists };
    },

    /**
     * Every check first claims one of the code's attempts with an atomic $inc, so parallel
     * guesses can never compare more than OTP_MAX_ATTEMPTS codes. A right code gives its attempt
     * back; with a new password it is consumed.
     */
    async verifyOtp(email: string, otp: string, newPassword?: string): Promise<MessageResponse> {
      const claimed = await User.findOneAndUpdate(
        { email, 'otp.expiresAt': { $gt: new Date() }, 'otp.attempts': { $lt: OTP_MAX_ATTEMPTS } },
        { $inc: { 'otp.attempts': 1 } },
      )
        .select('+otp')
        .lean();
      const stored = claimed?.otp?.hash;
      if (!claimed || !stored || !sameHash(stored, otpHash(email, otp))) throw badRequest(MESSAGES.otpInvalid);

      if (newPassword === undefined) {
        await User.updateOne(
          { _id: claimed._id, 'otp.hash': stored, 'otp.attempts': { $gt: 0 } },
          { $inc: { 'otp.attempts': -1 } },
        );
        return { message: MESSAGES.otpVerified, success: true };
      }

      const passwordHash = await passwords.hash(newPassword);
      // Matching the hash again refuses a code that a newer request replaced or a parallel reset used.
      // A new session version ends every session of the old password (whoever may hold one).
      const reset = await User.updateOne(
        { _id: claimed._id, 'otp.hash': stored },
        { $set: { passwordHash, otp: null }, $inc: { sessionVersion: 1 } },
      );
      if (reset.modifiedCount === 0) throw badRequest(MESSAGES.otpInvalid);
      return { message: MESSAGES.passwordReset, success: true };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
