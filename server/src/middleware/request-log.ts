import type { Request, RequestHandler } from 'express';
import type { Logger } from '../lib/logger.js';

declare module 'http' {
  interface IncomingMessage {
    /** The app's logger, for handlers that have no deps of their own (the error handler). */
    log?: Logger;
    id?: number;
  }
}

/** What a log line says about a request: never its headers (tokens) or body (passwords). */
export function requestSummary(req: Request) {
  return { id: req.id, method: req.method, url: req.originalUrl, remoteAddress: req.ip };
}

/** Probes that load balancers call every few seconds: not worth a line each. */
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * One access-log line per answered request (info; error for 5xx) with method, path,
 * status and time taken. The line is built only when its level is on: pino-http serialized every
 * request's headers into a child logger up front, a third of a catalogue read's cost, even with
 * LOG_LEVEL=warn where nothing of it was written.
 */
export function requestLog(logger: Logger): RequestHandler {
  let nextId = 0;
  return (req, res, next) => {
    req.log = logger;
    req.id = ++nextId;
    if (QUIET_PATHS.has(req.path)) {
      next();
      return;
    }
    const started = performance.now();
    const line = () => ({
      req: requestSummary(req),
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    });
    res.once('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (logger.isLevelEnabled(level)) logger[level](line(), 'request completed');
    });
    res.once('close', () => {
      // The client hung up before the answer was complete.
      if (!res.writableFinished && logger.isLevelEnabled('info')) logger.info(line(), 'request aborted');
    });
    next();
  };
}
