#!/usr/bin/env node
// npm run budget: the JavaScript a shopper's browser downloads before any page can hydrate or render
// (index.html's entry script, its modulepreloads, boot.tsx that the entry imports once the page has
// painted, the app shell boot imports once React is in, and all their static imports) must stay within 100 kB gzipped, and none of it may be
// admin code. Reads client/dist: run `npm run build` first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'client/dist');
const BUDGET_BYTES = 100 * 1000;
/**
 * The server-rendered pages a shopper lands on (spec: the public pages). What they load to hydrate
 * must not hold the form validator: zod is 85 kB and building its schemas is a long task on a phone.
 */
const LANDING_PAGES = [
  'src/features/home/HomePage.tsx',
  'src/features/catalog/ProductsPage.tsx',
  'src/features/gallery/GalleryPage.tsx',
];
/**
 * The owner's busiest screen, opened many times a day (a 100,000-order shop's list, issue 26): it
 * validates no form on load, so its code holds no zod either (shared/src/order-queries.ts).
 */
const ADMIN_ORDERS_SCREEN = ['src/features/admin/AdminApp.tsx', 'src/features/admin/pages/OrdersPage.tsx'];
const FORM_VALIDATOR = /node_modules\/zod\//;
/**
 * The shop's illustrations: files of their own (lazy below the fold), never data: URLs that the
 * browser decodes while it parses the page's HTML (client/vite.config.ts, assetsInlineLimit).
 */
const ART_DIR = path.join(ROOT, 'client/src/components/ui/art');
/** Source folders whose code belongs to the owner's panel only. */
const ADMIN_SOURCE = /\/features\/admin\//;

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function assetPath(url) {
  return path.join(DIST, url.replace(/^\//, '').split(/[?#]/)[0]);
}

/** Static imports only (`import x from "./a.js"`, `import "./b.js"`); import() is loaded later. */
function staticImports(code) {
  const found = new Set();
  for (const m of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g))
    found.add(m[1]);
  for (const m of code.matchAll(/\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(m[1]);
  return found;
}

/** The entry's own dynamic imports (`import("./boot-….js")`): the app it loads after the first paint. */
function dynamicImports(code) {
  return new Set([...code.matchAll(/\bimport\(\s*[`"'](\.{1,2}\/[^`"']+\.js)[`"']\s*\)/g)].map((m) => m[1]));
}

/** A chunk is admin code when its source map says it was built from the admin feature. */
/** The source files a built file was made from, by its source map (none without one). */
function sourcesOf(file) {
  try {
    return JSON.parse(readFileSync(`${file}.map`, 'utf8')).sources ?? [];
  } catch {
    return [];
  }
}

function adminSources(file) {
  if (existsSync(`${file}.map`)) return sourcesOf(file).filter((s) => ADMIN_SOURCE.test(s));
  const name = path.basename(file);
  return /admin/i.test(name) ? [name] : [];
}

/** The build's manifest (source → file and static imports), or {} when the build wrote none. */
function readManifest() {
  const manifestFile = path.join(DIST, '.vite/manifest.json');
  return existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
}

/** A page's file and every file it imports statically, by the build's manifest. */
function pageFiles(manifest, source) {
  const seen = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...seen].map((key) => path.join(DIST, manifest[key].file));
}

function main() {
  const indexFile = path.join(DIST, 'index.html');
  if (!existsSync(indexFile)) {
    console.error('client/dist/index.html is missing: run `npm run build` first.');
    process.exit(1);
  }
  const html = readFileSync(indexFile, 'utf8');
  const referenced = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]),
  ].filter((url) => !/^https?:\/\//.test(url));

  const initial = new Set();
  const queue = referenced.map(assetPath);
  // The entry imports boot.tsx once the page has painted; boot imports the app shell once React is in.
  let loaders = [...queue];
  for (let level = 0; level < 2; level++) {
    const next = [];
    for (const file of loaders) {
      if (!existsSync(file)) continue;
      for (const spec of dynamicImports(readFileSync(file, 'utf8'))) next.push(path.resolve(path.dirname(file), spec));
    }
    queue.push(...next);
    loaders = next;
  }
  while (queue.length > 0) {
    const file = queue.pop();
    if (initial.has(file)) continue;
    if (!existsSync(file)) {
      console.error(`index.html loads ${path.relative(DIST, file)}, which is not in client/dist`);
      process.exit(1);
    }
    initial.add(file);
    for (const spec of staticImports(readFileSync(file, 'utf8'))) queue.push(path.resolve(path.dirname(file), spec));
  }

  const rows = [...initial]
    .map((file) => {
      const code = readFileSync(file);
      return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length, admin: adminSources(file) };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);

  console.log('Initial JavaScript (entry, modulepreloads, the app the entry loads, and their static imports):');
  for (const r of rows) {
    console.log(
      `  ${path.relative(DIST, r.file).padEnd(44)} ${kb(r.raw).padStart(10)} raw ${kb(r.gzip).padStart(10)} gzip`,
    );
  }
  const css = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g)].map((m) => assetPath(m[1]));
  const cssGzip = css.filter(existsSync).reduce((sum, f) => sum + gzipSync(readFileSync(f), { level: 9 }).length, 0);
  console.log(`Total: ${kb(total)} gzipped JavaScript (budget ${kb(BUDGET_BYTES)}); CSS ${kb(cssGzip)} gzipped.`);

  let failed = false;
  if (total > BUDGET_BYTES) {
    console.error(`FAIL: initial JavaScript is ${kb(total - BUDGET_BYTES)} over the budget.`);
    failed = true;
  }
  const admin = rows.filter((r) => r.admin.length > 0);
  for (const r of admin) {
    console.error(
      `FAIL: ${path.relative(DIST, r.file)} loads with the storefront but holds admin code: ${r.admin.slice(0, 3).join(', ')}`,
    );
    failed = true;
  }
  // React and the app shell run nearly all of their functions while the page hydrates: V8 compiles
  // them in the background only when their first line asks for that (client/build/compile-hints.ts).
  for (const [what, source] of [
    ['React', /react-dom-client\.production\.js$/],
    ['the app shell', /src\/app\/App\.tsx$/],
  ]) {
    const file = rows.find((r) => sourcesOf(r.file).some((s) => source.test(s)));
    if (!file) {
      console.error(`FAIL: no initial file holds ${what}.`);
      failed = true;
    } else if (!readFileSync(file.file, 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')) {
      console.error(`FAIL: ${path.relative(DIST, file.file)} (${what}) does not start with V8's eager compile hint.`);
      failed = true;
    }
  }
  const manifest = readManifest();
  for (const page of [...LANDING_PAGES, ...ADMIN_ORDERS_SCREEN]) {
    const files = pageFiles(manifest, page);
    if (files.length === 0) {
      console.error(`FAIL: the build's manifest has no ${page}.`);
      failed = true;
    }
    const zod = files.filter((file) => sourcesOf(file).some((source) => FORM_VALIDATOR.test(source)));
    for (const file of zod) {
      console.error(
        `FAIL: ${page} loads ${path.relative(DIST, file)}, which holds zod (keep schemas out of its imports).`,
      );
      failed = true;
    }
  }
  // React Router's package exports name its development build only (client/vite.config.ts aliases
  // the production one): its warnings have no place in what a shopper downloads.
  for (const r of rows.filter((row) => sourcesOf(row.file).some((s) => /react-router\/dist\/development\//.test(s)))) {
    console.error(`FAIL: ${path.relative(DIST, r.file)} holds React Router's development build.`);
    failed = true;
  }
  const emitted = existsSync(path.join(DIST, 'assets')) ? readdirSync(path.join(DIST, 'assets')) : [];
  for (const art of readdirSync(ART_DIR).filter((name) => name.endsWith('.svg'))) {
    const stem = art.replace(/\.svg$/, '');
    if (!emitted.some((name) => name.startsWith(`${stem}-`) && name.endsWith('.svg'))) {
      console.error(`FAIL: ${art} is not a file in client/dist/assets: the build inlined it as a data: URL.`);
      failed = true;
    }
  }
  if (!failed) {
    console.log(
      'OK: within budget, no admin code on the storefront, React and the app shell compile eagerly, React Router in its production build, no zod on the landing pages or the orders screen, illustrations as files.',
    );
  }
  process.exit(failed ? 1 : 0);
}

main();
