import { PassThrough } from 'node:stream';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import type { PageRenderRequest, RenderedPageBody } from '@kesh/shared';
import i18n, { NAMESPACES, LanguageContext, SUPPORTED } from './i18n';
import { App } from './app/App';
import { QUERY_DEFAULTS, seedInitialData } from './app/queries';
import { ShopContext } from './state/shop';
import { PageMetaContext, type PageMeta } from './components/ui/usePageMeta';

/**
 * The server's renderer (built by `vite build --ssr` into client/dist-ssr and loaded by
 * server/src/modules/pages): the same App the browser hydrates, rendered from the same data the page
 * carries, in the shopper's language.
 */

// Every catalogue in every language, loaded once when the server starts.
await i18n.loadNamespaces(NAMESPACES, SUPPORTED);
await i18n.loadLanguages(SUPPORTED);

function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const { pipe } = renderToPipeableStream(element, {
      // Everything inline, in order: React would otherwise move a large finished boundary to the end
      // of the document and swap it in with an inline script, which the Content-Security-Policy
      // (script-src 'self') rightly refuses, and which a script-less browser never runs.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // The page's lists are already in memory, so waiting for the whole page costs nothing and gives
      // crawlers and script-less browsers one complete document.
      onAllReady() {
        if (failed) return reject(failed instanceof Error ? failed : new Error(String(failed)));
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed = error;
      },
    });
  });
}

export async function render({ url, language, data }: PageRenderRequest): Promise<RenderedPageBody> {
  const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  seedInitialData(client, data);
  const meta: PageMeta = { title: '', description: '', status: 200 };
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const html = await renderToString(
    <PageMetaContext value={meta}>
      <LanguageContext value={language}>
        <ShopContext value={data.shop}>
          <QueryClientProvider client={client}>
            <App Router={Router} />
          </QueryClientProvider>
        </ShopContext>
      </LanguageContext>
    </PageMetaContext>,
  );
  return { html, ...meta };
}
