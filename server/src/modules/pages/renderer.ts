import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '@kesh/shared';
import type { Logger } from '../../lib/logger.js';

/**
 * The client's server-render bundle (`vite build --ssr`, client/dist-ssr/entry-server.js) beside the
 * client build it belongs to.
 */
export const rendererFile = (clientDir: string) => path.join(clientDir, '..', 'dist-ssr', 'entry-server.js');

/**
 * Starts loading the bundle ahead of loadRenderer, which then finds it loaded: its compile is
 * ~0.1 s of the event loop, and at start-up it came just as the first requests did. A failure is
 * left for loadRenderer to report.
 */
export function preloadRenderer(clientDir: string): void {
  const file = rendererFile(clientDir);
  if (existsSync(file)) import(pathToFileURL(file).href).catch(() => undefined);
}

/**
 * Loads the renderer once. Without one (a build made before server rendering, or one that fails to
 * load) the pages are served as before, for the client to render; the log says so.
 */
export async function loadRenderer(clientDir: string, logger: Logger): Promise<RenderPage | undefined> {
  const file = rendererFile(clientDir);
  if (!existsSync(file)) {
    logger.warn({ file }, 'no server-render bundle: pages are rendered in the browser');
    return undefined;
  }
  try {
    const mod = (await import(pathToFileURL(file).href)) as { render?: RenderPage };
    if (typeof mod.render !== 'function') throw new Error('the bundle exports no render function');
    return mod.render;
  } catch (err) {
    logger.error({ err, file }, 'server-render bundle failed to load: pages are rendered in the browser');
    return undefined;
  }
}
