import { rm } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { clientBuildWith, storefrontLists } from '../../test/client-build.js';
import { startTestApp, type TestContext } from '../../test/harness.js';
import { loadRenderer } from './renderer.js';
import { clientRoutes } from './routes.js';

/**
 * A server-render bundle that says where it ran: the thread's id (0 is the main thread). '/exit'
 * ends its thread mid-render, as a crash or a heap limit would.
 */
const WHERE = `
import { isMainThread, threadId } from 'node:worker_threads';
export async function render(request) {
  if (request.url === '/exit') process.exit(3);
  return { html: '<p>thread ' + threadId + ' main ' + isMainThread + '</p>', title: 't', description: 'd', status: 200 };
}
`;

const logged = () => {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { lines, logger };
};

const rendered = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];

describe('page renders on a thread of their own', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('renders on a worker thread, not the event loop', async () => {
    const dir = await clientBuildWith(WHERE);
    dirs.push(dir);
    const render = await loadRenderer(path.join(dir, 'dist'), logged().logger);
    const body = await render!({ url: '/', language: 'en', data: '{"language":"en"}' });
    expect(threadId).toBe(0);
    expect(body.html).toMatch(/^<p>thread [1-9]\d* main false<\/p>$/);
  });

  it('fails a render whose thread dies to the browser, and renders the next page on a new thread', async () => {
    const dir = await clientBuildWith(WHERE);
    dirs.push(dir);
    const { lines, logger } = logged();
    const ctx: TestContext = await startTestApp();
    try {
      const http = request(
        express().use(
          clientRoutes({ ...ctx.deps, clientDir: path.join(dir, 'dist'), logger }, storefrontLists()).router,
        ),
      );
      const page = (url: string) => http.get(url).set('Accept', 'text/html');
      const first = rendered((await page('/contact')).text);
      expect(first).toMatch(/^<p>thread \d+ main false<\/p>$/);

      const died = await page('/exit');
      expect(died.status).toBe(200);
      expect(rendered(died.text)).toBe('');
      expect(died.text).toContain('<title>Default title</title>');
      const failure = lines.find((line) => line.msg === 'server render failed: the page is rendered in the browser');
      expect(failure?.err?.message).toMatch(/page rendering thread stopped \(exit code 3\)/);

      const next = rendered((await page('/profile')).text);
      expect(next).toMatch(/^<p>thread \d+ main false<\/p>$/);
      expect(next).not.toBe(first);
    } finally {
      await ctx.close();
    }
  });

  it('serves the pages for the browser to render when the bundle fails to load on the thread', async () => {
    const dir = await clientBuildWith(`throw new Error('no window here');\nexport async function render() {}\n`);
    dirs.push(dir);
    const { lines, logger } = logged();
    expect(await loadRenderer(path.join(dir, 'dist'), logger)).toBeUndefined();
    const error = lines.find((line) => line.msg.startsWith('server-render bundle failed to load'));
    expect(error?.err?.message).toContain('no window here');
  });

  it('does not start the thread, nor load the bundle, before a page is rendered', async () => {
    const dir = await clientBuildWith(`throw new Error('loaded');\n`);
    dirs.push(dir);
    const { lines, logger } = logged();
    const ctx: TestContext = await startTestApp();
    try {
      const { router } = clientRoutes({ ...ctx.deps, clientDir: path.join(dir, 'dist'), logger }, storefrontLists());
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines.filter((line) => line.msg.includes('bundle'))).toEqual([]);
      const res = await request(express().use(router)).get('/contact').set('Accept', 'text/html');
      expect(rendered(res.text)).toBe('');
      expect(lines.filter((line) => line.msg.includes('bundle')).map((line) => line.err?.message)).toEqual([
        expect.stringContaining('loaded'),
      ]);
    } finally {
      await ctx.close();
    }
  });
});
