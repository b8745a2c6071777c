import { z } from 'zod';
import { OTP_LENGTH } from './constants.js';

/**
 * E-mail verification and the limits on what one account and one address can cost the shop
 * (issue 27 item 7, docs/verification.md).
 */

/** How long a mailed confirmation code works: a day, since the shopper may read the mail later. */
export const EMAIL_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Codes one account may have mailed in a day, the one sent at sign-up included. */
export const EMAIL_CODES_PER_DAY = 5;
/** Cash-on-delivery orders one account may cancel in a day (IST) before cash on delivery waits until tomorrow. */
export const COD_CANCELS_PER_DAY = 3;
/** Highest value of the owner's "online payment only after N refused deliveries" setting; 0 turns it off. */
export const MAX_COD_REFUSALS_SETTING = 100;

export const VERIFY_TEXTS = {
  emailVerified: 'Thank you, your e-mail address is confirmed.',
  alreadyVerified: 'Your e-mail address is already confirmed.',
  codeSent: 'We have sent a new code to your e-mail address.',
  tooManyCodes: `You have asked for ${EMAIL_CODES_PER_DAY} codes today. Please use the last code we sent, or ask again tomorrow.`,
  addressMailLimit: 'We have sent this e-mail address as many mails as we send in one day. Please try again tomorrow.',
  invalidCodeFormat: `Please enter the ${OTP_LENGTH}-digit code from the e-mail.`,
  codNeedsVerifiedEmail:
    'Please confirm your e-mail address to pay cash on delivery: enter the code we mailed you on your dashboard. Online payment is open now.',
  codTooManyCancels: `You have cancelled ${COD_CANCELS_PER_DAY} cash-on-delivery orders today. Please pay online, or use cash on delivery again tomorrow.`,
  codRefusedTooOften:
    'Cash on delivery is not available for your account because earlier cash-on-delivery parcels were refused. Please pay online.',
  invalidCodRefusals: `Refused deliveries before online payment is required must be a whole number from 0 (off) to ${MAX_COD_REFUSALS_SETTING}.`,
  notRefusable: 'Only a dispatched cash-on-delivery order can be marked refused at the door.',
} as const;

/** POST /api/auth/verify-email. */
export const verifyEmailSchema = z.object({
  otp: z
    .string({ error: VERIFY_TEXTS.invalidCodeFormat })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: VERIFY_TEXTS.invalidCodeFormat }),
});

/** Answer of POST /api/auth/verify-email and /verify-email/resend. */
export interface VerifyEmailResponse {
  message: string;
  emailVerified: boolean;
}

/** What happened to a shopper's cash-on-delivery orders, counted as each happens (never by reading the orders). */
export interface CodHistory {
  delivered: number;
  /** Dispatched, then refused at the door and marked so by the owner. */
  refused: number;
  /** Cancelled before dispatch, by the shopper or the owner. */
  cancelled: number;
}

export const EMPTY_COD_HISTORY: CodHistory = { delivered: 0, refused: 0, cancelled: 0 };
