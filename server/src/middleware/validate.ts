import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { MESSAGES } from '@kesh/shared';
import { badRequest } from '../lib/errors.js';
import { unsupportedBody } from './media-type.js';

/**
 * Replaces req.body with the parsed value; the first issue's message becomes `error` so that the
 * spec's exact validation texts reach the client.
 */
export function validateBody<S extends z.ZodType>(schema: S): RequestHandler {
  return (req, _res, next) => {
    const refused = unsupportedBody(req);
    if (refused) {
      next(refused);
      return;
    }
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      next(badRequest(MESSAGES.invalidRequest));
      return;
    }
    const result = schema.safeParse(body);
    if (!result.success) {
      const first = result.error.issues[0];
      next(badRequest(first?.message ?? MESSAGES.invalidRequest, first?.path.join('.') || undefined));
      return;
    }
    req.body = result.data;
    next();
  };
}

/** Parsed body typed by its schema, for handlers behind validateBody. */
export function bodyOf<S extends z.ZodType>(_schema: S, body: unknown): z.output<S> {
  return body as z.output<S>;
}

/** Parses a query string with its schema; the first issue's message becomes a 400's `error`. */
export function queryOf<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) {
    const first = result.error.issues[0];
    throw badRequest(first?.message ?? MESSAGES.invalidRequest, first?.path.join('.') || undefined);
  }
  return result.data;
}
