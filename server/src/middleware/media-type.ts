import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { MESSAGES } from '@kesh/shared';
import { HttpError } from '../lib/errors.js';

/**
 * `application/json` or `application/<anything>+json`, parameters such as charset allowed. Matching
 * "contains json" would take `text/plain;x=json`, which a cross-site form or a fetch without a
 * preflight can send: the media type is what a browser's CORS rules are about.
 */
export function isJsonMediaType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const media = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
}

/** Whether the request carries a body at all (as body-parser decides it). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The 415 a JSON route answers to a body of another media type; undefined when the body is fine. */
export function unsupportedBody(req: IncomingMessage): HttpError | undefined {
  return hasBody(req) && !isJsonMediaType(req.headers['content-type'])
    ? new HttpError(415, MESSAGES.jsonOnly)
    : undefined;
}

/** A JSON route refuses any other body with 415, before anything else (a rate limit) looks at it. */
export const requireJsonBody: RequestHandler = (req, _res, next) => next(unsupportedBody(req));
