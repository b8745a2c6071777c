import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n, { NAMESPACES, SUPPORTED } from '../i18n';

// The app fetches a page's words with its route; components rendered on their own need them ready.
await i18n.loadNamespaces(NAMESPACES, SUPPORTED);
await i18n.loadLanguages(SUPPORTED);

// findBy/waitFor give up after 1 s by default: a page's first render (lazy chunks, i18n) can take
// longer than that on a loaded 2-core CI machine. A ceiling on waiting, not a timing assertion.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  // The server-render tests run without a browser, so without storage.
  globalThis.localStorage?.clear();
});
