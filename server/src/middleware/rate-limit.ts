import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { MESSAGES } from '@kesh/shared';

export interface LimitOptions {
  enabled: boolean;
  windowMs: number;
  limit: number;
  /** Defaults to the client IP; per-email limits pass a key from the body. */
  keyOf?: (req: Request) => string | undefined;
  name: string;
}

const passThrough: RequestHandler = (_req, _res, next) => next();

export function limiter({ enabled, windowMs, limit, keyOf, name }: LimitOptions): RequestHandler {
  if (!enabled) return passThrough;
  return rateLimit({
    windowMs,
    limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    keyGenerator: keyOf
      ? (req) => `${name}:${keyOf(req) ?? req.ip ?? 'unknown'}`
      : (req) => `${name}:${req.ip ?? 'unknown'}`,
    skip: keyOf ? (req) => keyOf(req) === undefined : undefined,
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
