import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { RenderPage } from '@kesh/shared';
import { serveJobs } from '../../lib/worker-thread.js';
import type { RenderJob } from './renderer.js';

/** The bundle, loaded once per thread (by file: a test may start several renderers). */
const bundles = new Map<string, Promise<RenderPage>>();

function bundle(file: string): Promise<RenderPage> {
  let loaded = bundles.get(file);
  if (!loaded) {
    loaded = import(pathToFileURL(file).href).then((mod: { render?: RenderPage }) => {
      if (typeof mod.render !== 'function') throw new Error('the bundle exports no render function');
      return mod.render;
    });
    bundles.set(file, loaded);
  }
  return loaded;
}

/**
 * The worker thread of renderer.ts: loads the client's server-render bundle on its first job and
 * renders pages with it, one after another. A page's data comes as the JSON text the page carries
 * for the client to hydrate from, read here: the event loop hands over a string, not a tree to clone.
 */
serveJobs(parentPort!, async (job: RenderJob) => {
  const render = await bundle(job.file);
  if (job.op === 'load') return { output: undefined };
  const { url, language, data } = job;
  return { output: await render({ url, language, data: JSON.parse(data) }) };
});
