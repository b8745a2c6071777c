import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { loopDelayWatch } from './loop-delay.js';

/**
 * The process's metrics, in Prometheus' text format at GET /metrics. One registry per process:
 * the event loop and the CPU are the process's, whatever number of apps a test builds in it.
 * prom-client's defaults add CPU, RSS, heap, GC and the event loop's delay percentiles
 * (nodejs_eventloop_lag_p50/p90/p99_seconds over the time since the previous scrape).
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** The longest delay since the previous scrape (lib/loop-delay.ts: a 10 ms timer that notes how late it fires). */
const loopDelay = loopDelayWatch(10);

new Gauge({
  name: 'kesh_event_loop_delay_max_seconds',
  help: 'Longest event-loop delay since the previous scrape (reset by each scrape)',
  registers: [metricsRegistry],
  collect() {
    this.set(loopDelay.takeLongestMs() / 1000);
  },
});

const labelNames = ['method', 'route', 'status_class'] as const;
const requests = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status class',
  labelNames,
  registers: [metricsRegistry],
});
const durations = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route pattern and status class',
  labelNames,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.3, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** The label of a request no route answered (static files, the 404 handler): never its URL. */
export const NO_ROUTE = '(no route)';

/** Counts and times the answer, once sent, under the route label `routeLabel()` gives then. */
function countWhenSent(method: string | undefined, res: ServerResponse, routeLabel: () => string) {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const labels = { method, route: routeLabel(), status_class: `${Math.floor(res.statusCode / 100)}xx` };
    requests.inc(labels);
    durations.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  });
}

/** Counts and times an answer made ahead of Express (the fast lane) under the label its route has there. */
export function countAnswer(req: IncomingMessage, res: ServerResponse, route: string): void {
  countWhenSent(req.method, res, () => route);
}

/**
 * Counts and times every answered request under its route's pattern ("/api/orders/:id/invoice"),
 * never the raw URL, whose ids would make one series per order. The pattern is taken when Express
 * dispatches to the route, when req.baseUrl still holds the router's mount path: by the time the
 * answer is sent, an error passed on to the app's error handler has already reset it.
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    let routeLabel = NO_ROUTE;
    let route: unknown;
    Object.defineProperty(req, 'route', {
      configurable: true,
      enumerable: true,
      get: () => route,
      set(value: Request['route']) {
        route = value;
        routeLabel = `${req.baseUrl}${String(value?.path ?? '')}`;
      },
    });
    countWhenSent(req.method, res, () => routeLabel);
    next();
  };
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A request made on this machine: judged by the socket's own peer address, never by
 * X-Forwarded-For, which any client can write (and which Express's req.ip believes under
 * TRUST_PROXY). A request that a reverse proxy on this machine passes on also comes from loopback,
 * so one that carries a proxy's forwarding header is not counted as local.
 */
export function fromLoopback(req: IncomingMessage): boolean {
  const peer = req.socket.remoteAddress ?? '';
  const local = peer === '::1' || /^(::ffff:)?127\./.test(peer);
  return local && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}
