import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler, Response } from 'express';
import { Counter } from 'prom-client';
import {
  encodingFor,
  etagOf,
  heldAlready,
  type CompressedBody,
  type Encoding,
  type SendOptions,
} from '../lib/compressed-body.js';
import { countAnswer, metricsRegistry } from '../lib/metrics.js';
import type { WatchedStorefrontVersion } from '../lib/storefront-version.js';
import { requestSummary, type RequestLog } from './request-log.js';

/**
 * How a kept answer goes out: the headers its Express route sets ahead of the body's own, in the
 * order it sets them, and the route label its metrics are counted under.
 */
export interface KeptShape {
  /** Flat name/value pairs, up to and including Content-Type. */
  head: readonly string[];
  route: string;
}

/** An answer kept in memory, ready to send as its route would. */
export interface KeptAnswer {
  body: CompressedBody;
  status: number;
  shape: KeptShape;
}

/**
 * The kept answer for a request at `pathname` (its URL up to any '?'), a promise of it when the
 * storefront's version must be read first, or undefined: not kept, or not an address it answers.
 */
export type KeptLookup = (
  req: IncomingMessage,
  pathname: string,
) => KeptAnswer | undefined | Promise<KeptAnswer | undefined>;

/**
 * The headers of a body sent by `sendCompressed` (lib/compressed-body.ts) with `options`, after the
 * route's own middleware set `before` (flat pairs): Vary merged as res.vary merges it, Cache-Control
 * replaced where it stands, then Content-Type.
 */
export function keptShape(before: readonly string[], options: SendOptions, route: string): KeptShape {
  const head = [...before];
  const at = (name: string) => head.findIndex((value, i) => i % 2 === 0 && value.toLowerCase() === name.toLowerCase());
  const set = (name: string, value: string) => {
    const i = at(name);
    if (i === -1) head.push(name, value);
    else head[i + 1] = value;
  };
  const vary = at('Vary');
  if (vary === -1) set('Vary', options.vary.join(', '));
  else {
    const fields = head[vary + 1]!.split(',').map((field) => field.trim());
    const missing = options.vary.filter((field) => !fields.some((f) => f.toLowerCase() === field.toLowerCase()));
    head[vary + 1] = [...fields, ...missing].join(', ');
  }
  if (options.cacheControl) set('Cache-Control', options.cacheControl);
  set('Content-Type', options.type);
  return { head, route };
}

/** The headers a header-only middleware (helmet) sets, read once by running it against a recorder. */
export function headersSetBy(middleware: RequestHandler): string[] {
  const pairs: string[] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => pairs.push(name, String(value)),
    removeHeader: () => undefined,
  };
  let done = false;
  middleware({} as Request, recorder as unknown as Response, () => {
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish at once');
  return pairs;
}

const keptAnswers = new Counter({
  name: 'http_kept_answers_total',
  help: 'Requests answered from memory ahead of the app (kept pages and lists), also counted in http_requests_total',
  registers: [metricsRegistry],
});

/** One header list per encoding (none, br, gzip), for 200 and for 304. */
type HeaderLists = Map<string, string[]>;
const listKey = (encoding: Encoding | undefined, notModified: boolean) => `${encoding ?? ''} ${notModified}`;

/**
 * The app's request listener with the kept answers (rendered pages, the public lists) taken ahead
 * of it: a GET or HEAD at an address a lookup answers from memory, with no Origin header (CORS is
 * the app's), goes out with one writeHead of a header list made once per kept body and one end —
 * no Express request set-up, router walk or middleware. The answer is the one the app gives for
 * the same request, byte for byte but the Date (security headers, Vary, ETag/304, encodings, HEAD),
 * with the same access-log line and metrics; anything else, and anything not kept at the
 * storefront's current version, goes to the app, which makes and keeps it.
 */
export function fastLane(
  app: Express,
  { security, log, lookups }: { security: readonly string[]; log: RequestLog; lookups: readonly KeptLookup[] },
): RequestListener {
  const lists = new WeakMap<CompressedBody, { shape: KeptShape; lists: HeaderLists }>();
  const headersOf = ({ body, shape }: KeptAnswer, encoding: Encoding | undefined, notModified: boolean) => {
    let made = lists.get(body);
    if (made?.shape !== shape) {
      made = { shape, lists: new Map() };
      lists.set(body, made);
    }
    const key = listKey(encoding, notModified);
    let headers = made.lists.get(key);
    if (!headers) {
      headers = [...security, ...shape.head, 'ETag', etagOf(body, encoding)];
      if (!notModified) {
        if (encoding) headers.push('Content-Encoding', encoding);
        headers.push('Content-Length', String((encoding ? body[encoding] : body.identity).length));
      }
      made.lists.set(key, headers);
    }
    return headers;
  };

  /** What the access log says of the request, as Express would see it; only made when a line is written. */
  const summary = (req: IncomingMessage) => () => {
    const seen = Object.setPrototypeOf(req, app.request) as Request;
    seen.originalUrl = req.url ?? '/';
    return requestSummary(seen);
  };

  const send = (req: IncomingMessage, res: ServerResponse, answer: KeptAnswer) => {
    const encoding = encodingFor(req.headers['accept-encoding']);
    const notModified = answer.status === 200 && heldAlready(answer.body, req.headers['if-none-match']);
    log.answered(req, res, summary(req));
    countAnswer(req, res, answer.shape.route);
    keptAnswers.inc();
    res.writeHead(notModified ? 304 : answer.status, headersOf(answer, encoding, notModified));
    if (notModified || req.method === 'HEAD') res.end();
    else res.end(encoding ? answer.body[encoding] : answer.body.identity);
  };

  return (req, res) => {
    const url = req.url ?? '';
    const mayBeKept = (req.method === 'GET' || req.method === 'HEAD') && req.headers.origin === undefined;
    // An absolute-form or fragment-bearing URL is left to Express's own parsing.
    if (!mayBeKept || url[0] !== '/' || url.includes('#')) {
      app(req, res);
      return;
    }
    const query = url.indexOf('?');
    const pathname = query === -1 ? url : url.slice(0, query);
    for (const lookup of lookups) {
      const found = lookup(req, pathname);
      if (found === undefined) continue;
      if (found instanceof Promise) {
        found.then(
          (answer) => (answer ? send(req, res, answer) : app(req, res)),
          () => app(req, res),
        );
      } else send(req, res, found);
      return;
    }
    app(req, res);
  };
}

/**
 * A public list's kept JSON (lib/response-cache.ts) at `paths`, exactly (no query string, which its
 * route may read), when `wanted` says the request is for it and the list is kept at the storefront's
 * current version.
 */
export function keptList(
  paths: readonly string[],
  list: { peek(version: number): CompressedBody | undefined },
  storefront: WatchedStorefrontVersion,
  shape: KeptShape,
  wanted: (req: IncomingMessage) => boolean = () => true,
): KeptLookup {
  const at = (version: number): KeptAnswer | undefined => {
    const body = list.peek(version);
    return body && { body, status: 200, shape };
  };
  return (req, pathname) => {
    if (!paths.includes(pathname) || req.url !== pathname || !wanted(req)) return undefined;
    const version = storefront.known();
    return version === undefined ? storefront.current().then(at) : at(version);
  };
}
