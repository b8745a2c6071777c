import type { Application, Request, RequestHandler } from 'express';
import { ADMIN_PASSWORD_MESSAGES, MESSAGES, PASSWORD_CHANGE_REQUIRED } from '@kesh/shared';
import { HttpError, forbidden, unauthorized } from '../lib/errors.js';
import { tokenFromHeader, verifyToken, type TokenClaims } from '../lib/tokens.js';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: TokenClaims;
  }
}

/**
 * A valid signature is not enough: the account must still exist (a deleted shopper's token must not
 * keep creating carts, 'gone'), its password must not have changed since the token was issued (the
 * session version, lib/tokens) and the token must not have been logged out ('ended').
 */
export type SessionCheck = (claims: TokenClaims) => Promise<'live' | 'gone' | 'ended'>;

const SESSION_CHECK = 'sessionCheck';

/** The app's account check (the auth module's, given by createApp), read by every guard below. */
export function useSessionCheck(app: Application, check: SessionCheck): void {
  app.locals[SESSION_CHECK] = check;
}

function sessionCheckOf(req: Request): SessionCheck {
  const check = req.app.locals[SESSION_CHECK] as SessionCheck | undefined;
  // Failing closed: a router mounted without it must not let every valid signature through.
  if (!check) throw new Error('no session check: the app must be built by createApp');
  return check;
}

/** The caller's claims; only valid behind requireCustomer/requireAdmin. */
export function authOf(req: Request): TokenClaims {
  if (!req.auth) throw unauthorized(MESSAGES.unauthorized);
  return req.auth;
}

function authenticate(secret: string, req: Request): TokenClaims {
  const token = tokenFromHeader(req.headers.authorization);
  if (!token) throw unauthorized(MESSAGES.unauthorized);
  const result = verifyToken(secret, token);
  if (!result.ok) throw unauthorized(result.expired ? MESSAGES.sessionExpired : MESSAGES.unauthorized);
  return result.claims;
}

function guard(
  secret: string,
  allowed: (role: TokenClaims['role']) => boolean,
  { beforePasswordChange = false } = {},
): RequestHandler {
  return async (req, _res, next) => {
    try {
      const claims = authenticate(secret, req);
      if (!allowed(claims.role)) throw forbidden(MESSAGES.forbidden);
      const state = await sessionCheckOf(req)(claims);
      if (state === 'gone') throw unauthorized(MESSAGES.unauthorized);
      if (state === 'ended') throw unauthorized(MESSAGES.sessionExpired);
      if (claims.mustChangePassword && !beforePasswordChange) {
        throw new HttpError(403, ADMIN_PASSWORD_MESSAGES.changeRequired, undefined, { code: PASSWORD_CHANGE_REQUIRED });
      }
      req.auth = claims;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Any signed-in shopper (an admin token is not a shopper). */
export const requireCustomer = (secret: string): RequestHandler => guard(secret, (role) => role === 'customer');

/** A signed-in admin (one still on the published password gets only the 403 asking to change it). */
export const requireAdmin = (secret: string): RequestHandler => guard(secret, (role) => role === 'admin');

/** A signed-in admin, also one who must still change the published password: the change itself, logout. */
export const requireAdminSession = (secret: string): RequestHandler =>
  guard(secret, (role) => role === 'admin', { beforePasswordChange: true });

/** Either a shopper or an admin; the handler decides what each may see. */
export const requireAnyRole = (secret: string): RequestHandler => guard(secret, () => true);
