import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { classicScript } from './build/classic-script';
import { compileHints } from './build/compile-hints';
import { precompress } from './build/precompress';

const API = process.env.API_URL ?? 'http://localhost:3000';

/**
 * What every page needs to hydrate, in two files that main.tsx loads once the page has painted and
 * boot.tsx evaluates in two tasks: React (REACT), then the app shell (the router, the header and
 * footer, the translator, the API client). The query cache (app/queries) comes with the pages that
 * read through it.
 */
const REACT = /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store)[\\/]/;
const APP_SHELL =
  /node_modules[\\/](react-router|react-router-dom)[\\/]|client[\\/]src[\\/](shell\.ts|app[\\/](?!queries|.*\.test\.)|i18n[\\/](index\.ts|translate\.ts|locales[\\/]en[\\/]common\.json)|api[\\/](http|pageData|cart|catalog|shop)\.ts)/;

/**
 * The shop's illustrations (components/ui/art) stay files instead of being inlined as data: URLs, as
 * Vite does with anything under 4 kB: Chromium decodes a data: SVG while it parses the HTML (a whole
 * SVG document per picture, 5-10 ms each on the main thread, before the first paint) and cannot load
 * it lazily. As files, the ones below the fold wait for the shopper to scroll to them. The SSR build
 * names the same hashed files, so server and client markup agree.
 */
const assetsInlineLimit = (file: string) => (/[\\/]ui[\\/]art[\\/][^\\/]+\.svg$/.test(file) ? false : undefined);

/** In dev, a browser asking for HTML gets the app; scripts asking for JSON go to the API. */
const apiOnly = {
  target: API,
  changeOrigin: true,
  bypass: (req: { headers: Record<string, string | string[] | undefined> }) =>
    String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined,
};

/**
 * React Router 7 names only its development build in its package exports, so a production bundle
 * carries its development warnings (remix-run/react-router#14102, open): the browser's production
 * build takes the same version's production files instead, which differ only in that
 * ENABLE_DEV_WARNINGS is false (so the minifier drops those branches).
 */
/** The production file of a React Router entry, when this version ships one where the build expects it. */
function productionFile(specifier: string): string | undefined {
  const url = import.meta.resolve(specifier);
  if (!url.includes('/dist/development/')) return undefined;
  const file = fileURLToPath(url.replace('/dist/development/', '/dist/production/'));
  return existsSync(file) ? file : undefined;
}
// Without them the build keeps the development files, and `npm run budget` fails on it.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: productionFile('react-router') },
  { find: /^react-router\/dom$/, replacement: productionFile('react-router/dom') },
].filter((alias): alias is { find: RegExp; replacement: string } => alias.replacement !== undefined);

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    tailwindcss(),
    compileHints(['react', 'app']),
    // The orders screen's first request, asked before the app's code arrives (features/admin/orders-early.ts).
    classicScript('src/features/admin/orders-early-script.ts', 'orders-early'),
    precompress(),
  ],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: mode === 'production' && !isSsrBuild ? reactRouterProduction : [],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/uploads': { target: API, changeOrigin: true },
      '/sliders': apiOnly,
      '/gallery': apiOnly,
      '/logAdmin': apiOnly,
      '/logout': apiOnly,
    },
  },
  // `vite build --ssr src/entry-server.tsx` (npm run build) makes the server's renderer: one self-
  // contained bundle with React's server renderer inside, so the server needs no client packages.
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  // The manifest tells the server which chunks each page needs, so its HTML can preload them.
  build: isSsrBuild
    ? { outDir: 'dist-ssr', sourcemap: true, target: 'node20', copyPublicDir: false, assetsInlineLimit }
    : {
        outDir: 'dist',
        assetsInlineLimit,
        sourcemap: true,
        // The app shell holds React and the router; npm run budget guards its gzipped size.
        chunkSizeWarningLimit: 500,
        // Every browser the build targets (baseline widely available) supports <link rel=modulepreload>;
        // the polyfill would only add bytes to the entry.
        modulePreload: { polyfill: false },
        manifest: true,
        rolldownOptions: {
          output: {
            // Fewer, larger files: on a phone every extra request costs a round trip. Everything the first
            // render needs is one file; icons are one; helpers shared by several lazy pages are one.
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'], priority: 4 },
                { name: 'react', test: REACT, priority: 3 },
                { name: 'app', test: APP_SHELL, priority: 3 },
                {
                  name: 'queries',
                  test: /node_modules[\\/]@tanstack[\\/]|client[\\/]src[\\/]app[\\/]queries/,
                  priority: 3,
                },
                { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 2 },
                { name: 'shared', test: /client[\\/]src[\\/](components|app|api)[\\/]/, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A hang detector, not a speed gate: typing into five fields takes over 5 s on a loaded 2-core machine.
    testTimeout: 20_000,
  },
}));
