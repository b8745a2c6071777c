import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { requestLog } from './request-log.js';

function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = express()
    .use(requestLog(pino({ level }, sink)))
    .get('/healthz', (_req, res) => void res.json({ status: 'ok' }))
    .get('/api/main-category', (_req, res) => void res.json([]))
    .get('/boom', (req, res) => {
      req.log?.error({ reason: 'test' }, 'unhandled error');
      res.status(500).json({ error: 'Internal server error' });
    });
  return { http: request(app), lines };
}

describe('requestLog', () => {
  it('writes one line per request with method, path, status and time; none for health probes', async () => {
    const { http, lines } = appLoggingAt('info');
    await http.get('/api/main-category?x=1');
    await http.get('/healthz');
    await http.get('/api/main-category').set('Authorization', 'Bearer secret-token');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 1, method: 'GET', url: '/api/main-category?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('at LOG_LEVEL=warn logs only failures, and gives handlers the logger', async () => {
    const { http, lines } = appLoggingAt('warn');
    await http.get('/api/main-category');
    await http.get('/boom');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'unhandled error'],
      [50, 'request completed'],
    ]);
    expect(lines[1]).toMatchObject({ req: { method: 'GET', url: '/boom' }, res: { statusCode: 500 } });
  });

  it('notes a request the client hung up on before the answer was complete', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const app = express()
      .use(requestLog(pino({ level: 'info' }, sink)))
      .get('/slow', (_req, res) => void setTimeout(() => res.json({}), 500));
    const server = app.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const controller = new AbortController();
      const pending = fetch(`http://127.0.0.1:${port}/slow`, { signal: controller.signal }).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      await pending;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.map((l) => l.msg)).toEqual(['request aborted']);
      expect(lines[0]).toMatchObject({ req: { method: 'GET', url: '/slow' } });
    } finally {
      server.close();
    }
  });
});
