import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@kesh/shared';

/** The query each list of the page's HTML answers (the keys the pages and router.tsx use). */
const QUERY_KEYS: Record<keyof InitialData, QueryKey> = {
  shop: ['shop'],
  sliders: ['sliders'],
  products: ['products'],
  gallery: ['gallery'],
};

/**
 * Puts the lists the server wrote into the page (shared/page-data.ts) into the query cache, so the
 * first render shows them instead of asking the API for what the page already holds. A page without
 * them (the dev server, an API that was down) leaves the cache empty and the queries fetch as usual.
 */
export function seedInitialData(client: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return;
  element.remove();
  let data: InitialData;
  try {
    data = JSON.parse(element.textContent) as InitialData;
  } catch {
    return;
  }
  for (const [name, key] of Object.entries(QUERY_KEYS)) {
    const value = data[name as keyof InitialData];
    if (value !== undefined) client.setQueryData(key, value);
  }
}
