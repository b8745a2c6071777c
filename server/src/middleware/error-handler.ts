import type { ErrorRequestHandler, RequestHandler } from 'express';
import { MESSAGES } from '@kesh/shared';
import { isStorageFailure } from '../db/index.js';
import { HttpError } from '../lib/errors.js';
import { requestSummary } from './request-log.js';

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json({ error: MESSAGES.notFound, message: MESSAGES.notFound });
};

/** The one place errors become responses. Clients never see stack traces. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (err instanceof HttpError) {
    res.status(err.status).json({
      error: err.message,
      message: err.message,
      ...(err.details ? { details: err.details } : {}),
      ...err.extra,
    });
    return;
  }
  const e = err as { type?: string; status?: number; message?: string };
  if (e.type === 'entity.too.large') {
    res.status(413).json({ error: MESSAGES.bodyTooLarge, message: MESSAGES.bodyTooLarge });
    return;
  }
  if (e.type === 'entity.parse.failed') {
    res
      .status(400)
      .json({ error: MESSAGES.invalidRequest, message: MESSAGES.invalidRequest, details: 'Malformed JSON' });
    return;
  }
  // Express and body-parser mark the caller's mistakes (a broken %-escape in the path, an unknown
  // charset or content encoding) with a 4xx status; their own texts are not for clients.
  if (typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    res.status(e.status).json({ error: MESSAGES.invalidRequest, message: MESSAGES.invalidRequest });
    return;
  }
  if (isStorageFailure(err)) {
    // The database refused to keep a change (disk full, read-only): nothing was saved, so say so.
    req.log?.error({ err, req: requestSummary(req) }, 'database cannot keep changes');
    res
      .status(503)
      .set('Retry-After', '60')
      .json({ error: MESSAGES.storageUnavailable, message: MESSAGES.storageUnavailable });
    return;
  }
  req.log?.error({ err, req: requestSummary(req) }, 'unhandled error');
  res.status(500).json({ error: MESSAGES.internalError, message: MESSAGES.internalError });
};
