import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@kesh/shared';

/** A one-time code of OTP_LENGTH digits, for a password reset or an e-mail confirmation. */
export const newOtp = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** Keyed by the server secret, so a leaked database does not give away live codes. */
export function otpHash(secret: string, subject: string, otp: string): string {
  return createHmac('sha256', secret).update(`${subject}:${otp}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
