import { createContext, useContext, useEffect } from 'react';
import type { PageStatus } from '@kesh/shared';

const SITE_NAME = 'Kesh Ayurveda';

/** What a server render learns from the page it rendered: <head>'s title and description, the status. */
export interface PageMeta {
  title: string;
  description: string;
  status: PageStatus;
}

/** Given by the server render only (client/src/entry-server.tsx); absent in the browser. */
export const PageMetaContext = createContext<PageMeta | null>(null);

const fullTitle = (title: string) => (title ? `${title} | ${SITE_NAME}` : SITE_NAME);

/**
 * Sets the tab title and the meta description that search engines and link previews read; on the
 * server it reports them (and a "not found" page's 404) to the render, which writes them into <head>.
 */
export function usePageMeta(title: string, description: string, { status = 200 }: { status?: PageStatus } = {}): void {
  const serverMeta = useContext(PageMetaContext);
  if (serverMeta) {
    // The server renders once and reads the object afterwards; nothing here re-renders.
    Object.assign(serverMeta, { title: fullTitle(title), description, status });
  }
  useEffect(() => {
    document.title = fullTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
