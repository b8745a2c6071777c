import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@kesh/shared';

/**
 * The data the server wrote into the page (shared/page-data.ts): the lists its first screen shows
 * and the language it was rendered in. Read once and the element dropped; a page without it (the dev
 * server, or a page whose lists the server could not read) gives an empty object.
 */
export function readInitialData(doc: Document = document): InitialData {
  const element = doc.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return {};
  element.remove();
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return {};
  }
}

let cached: InitialData | undefined;

/** readInitialData of this page, read on first use (the language and the query cache both need it). */
export function pageData(): InitialData {
  cached ??= typeof document === 'undefined' ? {} : readInitialData();
  return cached;
}
