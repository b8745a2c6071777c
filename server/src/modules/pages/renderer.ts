import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LanguageCode, RenderedPageBody } from '@kesh/shared';
import type { Logger } from '../../lib/logger.js';
import { workerThread } from '../../lib/worker-thread.js';

/**
 * The client's server-render bundle (`vite build --ssr`, client/dist-ssr/entry-server.js) beside the
 * client build it belongs to.
 */
export const rendererFile = (clientDir: string) => path.join(clientDir, '..', 'dist-ssr', 'entry-server.js');

/**
 * A page to render: the shared RenderPage's request, with the page's InitialData as the JSON text the
 * page carries for the client to hydrate from (the thread reads it: see render-worker.ts).
 */
export interface PageRenderJob {
  /** Path and query, e.g. "/products?id=…". */
  url: string;
  language: LanguageCode;
  /** The page's InitialData as JSON. */
  data: string;
}
/** Renders a page on the render thread: the page's body, or a rejection (the browser renders it). */
export type PageRenderer = (request: PageRenderJob) => Promise<RenderedPageBody>;

/** What the render thread is asked: to load the bundle at `file`, or to render a page with it. */
export type RenderJob = { op: 'load'; file: string } | ({ op: 'render'; file: string } & PageRenderJob);

/**
 * The thread ends after this long without a page to render, and its heap and the bundle's code go
 * back to the system; the next render starts a new one (≈ 0.3 s to a first page, off the event loop).
 * Pages are kept until the storefront's version changes (every order), so a shop with orders minutes
 * apart renders a few pages after each; a quiet one gives the memory back.
 */
const IDLE_MS = 60_000;
/**
 * A guard, not a budget: a render that grows the thread's heap past this dies, failing that page to
 * the browser render, instead of taking the process's memory. (A /products render of 24 products
 * with the bundle loaded holds ≈ 20 MB.)
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 128 };

/**
 * Loads the renderer: a React render of the page on a worker thread of its own, so a render (a cold
 * one held the event loop 40-63 ms at 100,000 orders) leaves the event loop free. The thread loads the
 * bundle once (the main thread never imports it); a render the thread fails (the bundle throws, the
 * thread dies) rejects, and the next starts a new thread. Without a bundle (a build made before server
 * rendering, or one that fails to load) the pages are served as before, for the client to render; the
 * log says so. The thread runs at the process's priority: a shopper is waiting for the page.
 */
export async function loadRenderer(
  clientDir: string,
  logger: Logger,
  { idleMs = IDLE_MS }: { idleMs?: number } = {},
): Promise<PageRenderer | undefined> {
  const file = rendererFile(clientDir);
  if (!existsSync(file)) {
    logger.warn({ file }, 'no server-render bundle: pages are rendered in the browser');
    return undefined;
  }
  const onThread = workerThread<RenderJob, RenderedPageBody | undefined>(
    new URL('./render-worker', import.meta.url),
    'page rendering',
    { idleMs, resourceLimits: RESOURCE_LIMITS },
  );
  try {
    await onThread({ op: 'load', file });
  } catch (err) {
    logger.error({ err, file }, 'server-render bundle failed to load: pages are rendered in the browser');
    return undefined;
  }
  return async (request) => (await onThread({ op: 'render', file, ...request }))!;
}
