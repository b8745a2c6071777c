import type { IncomingMessage, ServerResponse } from 'node:http';
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

type Summary = ReturnType<typeof requestSummary>;

/**
 * The access log: the middleware, and `answered` for a request answered ahead of Express (the fast
 * lane) — the same line, numbered in the same sequence.
 */
export interface RequestLog extends RequestHandler {
  /** For an answer that is never a 5xx: nothing at all is done for it while info lines are off. */
  answered(req: IncomingMessage, res: ServerResponse, summary: () => Summary): void;
}

/**
 * One access-log line per answered request (info; error for 5xx) with method, path,
 * status and time taken. The line is built only when its level is on: pino-http serialized every
 * request's headers into a child logger up front, a third of a catalogue read's cost, even with
 * LOG_LEVEL=warn where nothing of it was written.
 */
export function requestLog(logger: Logger): RequestLog {
  let nextId = 0;
  const follow = (res: ServerResponse, summary: () => Summary) => {
    const started = performance.now();
    const line = () => ({
      req: summary(),
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
  };
  const middleware: RequestHandler = (req, res, next) => {
    req.log = logger;
    req.id = ++nextId;
    if (!QUIET_PATHS.has(req.path)) follow(res, () => requestSummary(req));
    next();
  };
  return Object.assign(middleware, {
    answered(req: IncomingMessage, res: ServerResponse, summary: () => Summary) {
      req.log = logger;
      req.id = ++nextId;
      if (logger.isLevelEnabled('info')) follow(res, summary);
    },
  });
}
