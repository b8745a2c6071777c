import type { Request, RequestHandler } from 'express';
import { MESSAGES } from '@kesh/shared';
import { forbidden, unauthorized } from '../lib/errors.js';
import { tokenFromHeader, verifyToken, type TokenClaims } from '../lib/tokens.js';
import { RevokedToken } from '../modules/admin/admin.model.js';

declare module 'express-serve-static-core' {
  interface Request {
    auth?: TokenClaims;
  }
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

/** Any signed-in shopper (an admin token is not a shopper). */
export function requireCustomer(secret: string): RequestHandler {
  return (req, _res, next) => {
    try {
      const claims = authenticate(secret, req);
      if (claims.role !== 'customer') throw forbidden(MESSAGES.forbidden);
      req.auth = claims;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** A signed-in admin whose token was not revoked by /logout. */
export function requireAdmin(secret: string): RequestHandler {
  return async (req, _res, next) => {
    try {
      const claims = authenticate(secret, req);
      if (claims.role !== 'admin') throw forbidden(MESSAGES.forbidden);
      if (await RevokedToken.exists({ jti: claims.jti })) throw unauthorized(MESSAGES.sessionExpired);
      req.auth = claims;
      next();
    } catch (err) {
      next(err);
    }
  };
}

/** Either a shopper or an admin; the handler decides what each may see. */
export function requireAnyRole(secret: string): RequestHandler {
  return async (req, _res, next) => {
    try {
      const claims = authenticate(secret, req);
      if (claims.role === 'admin' && (await RevokedToken.exists({ jti: claims.jti }))) {
        throw unauthorized(MESSAGES.sessionExpired);
      }
      req.auth = claims;
      next();
    } catch (err) {
      next(err);
    }
  };
}
