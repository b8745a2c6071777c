import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { parse } from 'cookie';

/**
 * The device cookie of OWASP's advice on lock-outs: a browser that has signed in to an account
 * successfully carries a signed cookie for it, and the account-wide limits (which an attacker
 * could otherwise fill to lock the owner out) do not apply to that browser. Per-IP and
 * per-(IP, account) limits still do.
 */
export const DEVICE_COOKIE = 'kesh_device';
const DEVICE_COOKIE_DAYS = 180;
const COOKIE_PATH = '/api/auth';

function signature(secret: string, email: string, nonce: string): Buffer {
  return createHmac('sha256', secret).update(`device:${email}:${nonce}`).digest();
}

export function cookiesOf(req: Request): Record<string, string | undefined> {
  return parse(req.headers.cookie ?? '');
}

/** Marks this browser as one that signed in to `email`. */
export function setDeviceCookie(res: Response, secret: string, email: string, secure: boolean): void {
  const nonce = randomBytes(12).toString('base64url');
  const value = `${nonce}.${signature(secret, email, nonce).toString('base64url')}`;
  res.cookie(DEVICE_COOKIE, value, authCookieOptions(secure, DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000));
}

/** Whether the request carries a device cookie this server signed for `email`. */
export function isTrustedDevice(req: Request, secret: string, email: string): boolean {
  const [nonce, sig] = (cookiesOf(req)[DEVICE_COOKIE] ?? '').split('.');
  if (!nonce || !sig) return false;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, email, nonce);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Options of a short-lived cookie under the auth routes (the reset cookie of forgot-password). */
export function authCookieOptions(secure: boolean, maxAge: number) {
  return { httpOnly: true, sameSite: 'strict' as const, secure, path: COOKIE_PATH, maxAge };
}
