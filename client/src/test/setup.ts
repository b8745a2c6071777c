import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import i18n, { NAMESPACES, SUPPORTED } from '../i18n';

// The app fetches a page's words with its route; components rendered on their own need them ready.
await i18n.loadNamespaces(NAMESPACES, SUPPORTED);
await i18n.loadLanguages(SUPPORTED);

afterEach(() => {
  cleanup();
  // The server-render tests run without a browser, so without storage.
  globalThis.localStorage?.clear();
});
