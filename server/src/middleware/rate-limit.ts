import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { MESSAGES } from '@kesh/shared';
import { MongoRateLimitStore } from '../lib/rate-limit-store.js';

export interface LimitOptions {
  enabled: boolean;
  windowMs: number;
  limit: number;
  name: string;
  /** Defaults to the client IP; per-account limits return a key from the body, undefined skips. */
  keyOf?: (req: Request) => string | undefined;
  /** Counts only answers of 400 and above (failed logins, wrong codes). */
  failuresOnly?: boolean;
  /** Requests the limit does not apply to (a browser the account already trusts). */
  exempt?: (req: Request) => boolean;
}

const passThrough: RequestHandler = (_req, _res, next) => next();

/** A limit whose counters live in the database, shared by every server process (lib/rate-limit-store). */
export function limiter({ enabled, windowMs, limit, keyOf, name, failuresOnly, exempt }: LimitOptions): RequestHandler {
  if (!enabled) return passThrough;
  const keyFor = keyOf ?? ((req: Request) => req.ip ?? 'unknown');
  return rateLimit({
    windowMs,
    limit,
    store: new MongoRateLimitStore(),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: failuresOnly ?? false,
    keyGenerator: (req) => `${name}:${keyFor(req) ?? 'unknown'}`,
    skip: (req) => keyFor(req) === undefined || (exempt?.(req) ?? false),
    validate: { keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      res.status(429).json({ error: MESSAGES.tooManyRequests, message: MESSAGES.tooManyRequests });
    },
  });
}

/** Lower-cased `email` of a JSON body, when it is a string. */
export function emailKey(req: Request): string | undefined {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : undefined;
}

/** The client IP together with the body's email: one machine trying one account. */
export function ipEmailKey(req: Request): string | undefined {
  const email = emailKey(req);
  return email === undefined ? undefined : `${req.ip ?? 'unknown'}|${email}`;
}
