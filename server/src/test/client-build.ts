import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Product } from '@kesh/shared';
import { cachedJson } from '../lib/response-cache.js';
import { watchStorefrontVersion } from '../lib/storefront-version.js';

/** The client build's index.html as the pages' tests need it: its defaults, one entry script. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="Default description"
    />
    <meta property="og:title" content="Default title" />
    <meta property="og:description" content="Default description" />
    <title>Default title</title>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * A client build in a new temporary folder (the caller removes it): `dist/index.html`, an empty
 * `dist/assets`, and `bundle`, when given, as the server-render bundle `dist-ssr/entry-server.js`.
 */
export async function clientBuildWith(bundle?: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kesh-client-build-'));
  await mkdir(path.join(dir, 'dist', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'dist', 'index.html'), INDEX_HTML);
  if (bundle !== undefined) {
    await mkdir(path.join(dir, 'dist-ssr'));
    await writeFile(path.join(dir, 'dist-ssr', 'entry-server.js'), bundle);
  }
  return dir;
}

/** The storefront's lists for clientRoutes, fixed: no sliders or gallery, these products. */
export function storefrontLists(products: Product[] = []) {
  const storefront = watchStorefrontVersion({ recheckMs: Infinity });
  return {
    sliders: cachedJson(() => Promise.resolve([]), storefront),
    products: cachedJson(() => Promise.resolve(products), storefront),
    gallery: cachedJson(() => Promise.resolve([]), storefront),
    storefront,
  };
}
