#!/usr/bin/env node
// Hydration check with React's development build in the browser, which reports what the production
// build keeps quiet about (an attribute of the server's HTML that differs from the client's render is
// neither reported nor patched there). Loads home, /products and a product page in headless
// Chromium, scrolling through each while the app loads and hydrates (so scroll-in animations start on
// markup React has yet to adopt), with and without reduced motion; exits 1 on any console warning or
// error. Build the browser bundle in development mode first and the production one again after:
//   (cd client && NODE_ENV=development npx vite build --mode development) && node scripts/hydration-check.mjs; npm run build
// HYDRATION_SHOTS=<dir> saves a screenshot of each page's first screen there.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CHROMIUM, CHROME_FLAGS } from './lib/chromium.mjs';
import { ROOT, startProductionStore } from './lib/production-store.mjs';

const { chromium } = createRequire(path.join(ROOT, 'client/package.json'))('playwright-core');
const SHOTS = process.env.HYDRATION_SHOTS;

const assets = path.join(ROOT, 'client/dist/assets');
const developmentBuild = readdirSync(assets).some(
  (file) =>
    file.endsWith('.js') &&
    readFileSync(path.join(assets, file), 'utf8').includes('A tree hydrated but some attributes'),
);
if (!developmentBuild) {
  console.error(
    'client/dist holds a production build, which reports no hydration mismatch: build it in development mode first (see the top of this file).',
  );
  process.exit(1);
}

const store = await startProductionStore();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
const problems = [];
try {
  const [product] = await (await fetch(`${store.url}/api/main-category`)).json();
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion });
    const page = await context.newPage();
    let current = '';
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${current}: ${m.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`${current}: ${err.message}`));
    for (const [name, url] of [
      ['home', '/'],
      ['products', '/products'],
      ['product', `/products?id=${product._id}`],
    ]) {
      current = `${url} (reduced motion: ${reducedMotion})`;
      await page.goto(`${store.url}${url}`, { waitUntil: 'load' });
      for (let scrolled = 0; scrolled < 6000; scrolled += 400) {
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(60);
      }
      await page.waitForTimeout(1500);
      console.log(`${current}: checked`);
      if (SHOTS) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(1200);
        const suffix = reducedMotion === 'reduce' ? '-reduced-motion' : '';
        await page.screenshot({ path: path.join(SHOTS, `${name}${suffix}-1280.jpg`), type: 'jpeg', quality: 70 });
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await store.stop();
}
if (problems.length > 0) {
  console.error(problems.join('\n\n'));
  process.exitCode = 1;
} else console.log('No console warning or error: every page hydrated cleanly.');
