import express, { type ErrorRequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cachedJson } from './response-cache.js';
import type { StorefrontVersion } from './storefront-version.js';

/**
 * A list whose loads are counted and whose contents the test changes behind the cache's back, kept
 * by a storefront version the test moves (another process's write) or a write through it moves.
 */
function fixture() {
  const state = { items: ['amla'], loads: 0, gate: undefined as Promise<void> | undefined, version: 1 };
  const storefront: StorefrontVersion = {
    current: async () => state.version,
    changed: async () => {
      state.version += 1;
    },
  };
  const cache = cachedJson(async () => {
    state.loads += 1;
    const snapshot = [...state.items];
    await state.gate;
    return snapshot;
  }, storefront);
  const app = express();
  app.use(express.json());
  app.use(cache.invalidateOnWrite);
  app.get('/items', cache.send);
  app.post('/items', (req, res) => {
    state.items.push(String(req.body.name));
    res.status(201).json({ ok: true });
  });
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    res.status(500).json({ error: err.message });
  };
  app.use(onError);
  return { state, cache, http: request(app) };
}

describe('cachedJson', () => {
  it('answers repeat reads from memory with JSON and a strong ETag', async () => {
    const { state, http } = fixture();
    const first = await http.get('/items');
    const second = await http.get('/items');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.body).toEqual(['amla']);
    expect(second.body).toEqual(['amla']);
    // supertest asks for gzip: the kept gzip copy has its own ETag.
    expect(first.headers.etag).toMatch(/^"[0-9a-f]+-[A-Za-z0-9+/]{27}-gzip"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(state.loads).toBe(1);
  });

  it('sends the copy the browser takes, brotli first, each with its own ETag, and 304 for any of them', async () => {
    const { http } = fixture();
    const plain = await http.get('/items').set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength('["amla"]')));
    const br = await http.get('/items').set('Accept-Encoding', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toEqual(['amla']);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-br"`);
    const gzip = await http.get('/items').set('Accept-Encoding', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body).toEqual(['amla']);
    const revalidated = await http.get('/items').set({ 'Accept-Encoding': 'br', 'If-None-Match': plain.headers.etag! });
    expect(revalidated.status).toBe(304);
    const head = await http.head('/items').set('Accept-Encoding', 'br');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
  });

  it('answers a matching If-None-Match with an empty 304', async () => {
    const { http } = fixture();
    const etag = String((await http.get('/items')).headers.etag);
    const again = await http.get('/items').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('shows a write made through the router on the very next read', async () => {
    const { state, http } = fixture();
    const before = await http.get('/items');
    await http.post('/items').send({ name: 'neem' }).expect(201);
    const after = await http.get('/items');
    expect(after.body).toEqual(['amla', 'neem']);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(state.loads).toBe(2);
  });

  it('keeps the list while the storefront version stands, and loads it again once it moves', async () => {
    const { state, http } = fixture();
    await http.get('/items');
    state.items.push('shikakai');
    expect((await http.get('/items')).body).toEqual(['amla']);
    state.version += 1;
    expect((await http.get('/items')).body).toEqual(['amla', 'shikakai']);
    expect(state.loads).toBe(2);
  });

  it('moves the version after a write through the router, not after a refused one', async () => {
    const { state, http } = fixture();
    await http.post('/items').send({ name: 'neem' }).expect(201);
    expect(state.version).toBe(2);
    await http.post('/refused').expect(404);
    expect(state.version).toBe(2);
  });

  it('loads once for many simultaneous misses', async () => {
    const { state, http } = fixture();
    const answers = await Promise.all(Array.from({ length: 10 }, () => http.get('/items')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(state.loads).toBe(1);
  });

  it('does not keep a list that was being read while a write landed', async () => {
    const { state, cache, http } = fixture();
    let release!: () => void;
    state.gate = new Promise((r) => (release = r));
    const slow = http.get('/items').then((r) => r);
    // Wait until the load has really started (a fixed sleep is too short on a loaded machine).
    while (state.loads === 0) await new Promise((r) => setTimeout(r, 5));
    state.items.push('bhringraj');
    cache.invalidate();
    release();
    expect((await slow).body).toEqual(['amla']);
    state.gate = undefined;
    expect((await http.get('/items')).body).toEqual(['amla', 'bhringraj']);
  });

  it('passes a failed load to the error handler and tries again next time', async () => {
    let fail = true;
    const cache = cachedJson(
      async () => {
        if (fail) throw new Error('database down');
        return [];
      },
      { current: async () => 1, changed: async () => undefined },
    );
    const app = express();
    app.get('/items', cache.send);
    const onError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
      res.status(503).json({ error: err.message });
    };
    app.use(onError);
    expect((await request(app).get('/items')).status).toBe(503);
    fail = false;
    expect((await request(app).get('/items')).body).toEqual([]);
  });
});
