// What the benchmark does as people would: shoppers loading pages at the same time, the owner
// opening the orders page in a browser, and a shopper paying for a cart online.
import autocannon from 'autocannon';
import { chromium, type Browser } from 'playwright-core';
import { STORAGE_KEYS } from '@kesh/shared';
import { CHROME_FLAGS, CHROMIUM } from '../lib/chromium.mjs';
import { cpuSeconds, median, percentile, send, type Answer } from './measure.js';
import { formatMs, rowOf, type Row } from './rows.js';
import type { Store } from './store.js';

const ADDRESS = '5 Yagnik Road, Rajkot, Gujarat, India, 360001';
/** The orders page shows its orders as table rows (today's panel and the paged one alike). */
const ORDER_ROW = 'main table tbody tr';

/** `connections` shoppers loading `path` over and over for `seconds`: latency and throughput. */
export async function concurrentLoad(
  url: string,
  path: string,
  load: { seconds: number; connections: number },
): Promise<string> {
  const result = await autocannon({
    url: `${url}${path}`,
    connections: load.connections,
    duration: load.seconds,
    timeout: 30,
    headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  return (
    `\`${path.replace(/id=\w+/, 'id=…')}\` under ${load.connections} concurrent connections for ${load.seconds} s: ` +
    `median ${formatMs(result.latency.p50)}, p99 ${formatMs(result.latency.p99)}, ` +
    `${result.requests.average.toFixed(1)} req/s${failures > 0 ? `, ${failures} failed or timed out` : ''}`
  );
}

/** The owner's browser, started before the orders page is measured: its start is not the page's. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
}

/** What the page prints once its first order rows have been painted (the observer below). */
const ROWS_SHOWN = 'bench:orders-rows-shown';

/**
 * Run in the page before its own scripts: once an order row is in the document, it waits for the
 * frame that shows it (the next animation frame, then a task after that frame's paint) and prints
 * ROWS_SHOWN. The page's console reaches the benchmark over the DevTools protocol, so nothing of
 * Playwright's runs in the page: its locator injects a script of its own (≈ 100 ms to compile on the
 * page's main thread here) and polls from it, which the owner's browser does not do.
 */
function rowsShownObserver([selector, mark]: [string, string]) {
  new MutationObserver((_, observer) => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => console.debug(mark)));
  }).observe(document, { childList: true, subtree: true });
}

/** How the benchmark sees the rows: the page's own observer, or Playwright's locator (until 2026-12). */
type RowsWatch = 'observer' | 'locator';

/** One first visit to the orders page in a fresh context: ms from navigation until rows show, and the rows. */
async function openOnce(browser: Browser, url: string, token: string, watch: RowsWatch, timeoutMs: number) {
  const context = await browser.newContext();
  try {
    await context.addInitScript(
      ([key, value]) => window.localStorage.setItem(key as string, value as string),
      [STORAGE_KEYS.adminToken, token],
    );
    if (watch === 'observer') await context.addInitScript(rowsShownObserver, [ORDER_ROW, ROWS_SHOWN]);
    const page = await context.newPage();
    const shown =
      watch === 'observer'
        ? page.waitForEvent('console', { predicate: (m) => m.text() === ROWS_SHOWN, timeout: timeoutMs })
        : undefined;
    // Awaited after the navigation: a navigation that fails first must not leave it rejected unheard.
    shown?.catch(() => undefined);
    const started = performance.now();
    if (shown) {
      await page.goto(`${url}/admin/orders`, { timeout: timeoutMs, waitUntil: 'commit' });
      await shown;
    } else {
      await page.goto(`${url}/admin/orders`, { timeout: timeoutMs });
      await page.locator(ORDER_ROW).first().waitFor({ timeout: timeoutMs });
    }
    const ms = performance.now() - started;
    // The rows below the first screen render just after the first ones (FirstRowsFirst): count them
    // once the count holds still.
    let rows = await page.locator(ORDER_ROW).count();
    for (let before = -1; rows !== before;) {
      before = rows;
      await page.waitForTimeout(250);
      rows = await page.locator(ORDER_ROW).count();
    }
    return { ms, rows };
  } finally {
    await context.close();
  }
}

/**
 * The owner opens the orders page already signed in, `runs` times, each in a fresh browser context
 * (no cache, no compiled code kept: a first visit): time from navigation until order rows show, seen
 * by an observer in the page; then as many loads seen by Playwright's locator, as earlier runs were
 * measured (the two alternate, so both see the same machine).
 */
export async function openOrdersPage(
  browser: Browser,
  url: string,
  token: string,
  opts: { runs: number; timeoutMs: number },
): Promise<string> {
  const times: Record<RowsWatch, number[]> = { observer: [], locator: [] };
  let rows = 0;
  for (let run = 0; run < opts.runs; run += 1) {
    for (const watch of run % 2 === 0 ? (['observer', 'locator'] as const) : (['locator', 'observer'] as const)) {
      try {
        const load = await openOnce(browser, url, token, watch, opts.timeoutMs);
        times[watch].push(load.ms);
        rows = load.rows;
      } catch {
        return `admin orders page in Chromium: no order rows within ${opts.timeoutMs / 1000} s`;
      }
    }
  }
  const { observer, locator } = times;
  return (
    `admin orders page in Chromium (a fresh browser context each time), navigation until order rows show: ` +
    `median ${formatMs(median(observer))}, p95 ${formatMs(percentile(observer, 0.95))} (${observer.length} runs, ${rows} rows); ` +
    `seen by Playwright's locator instead (earlier runs' method): median ${formatMs(median(locator))}, ` +
    `p95 ${formatMs(percentile(locator, 0.95))}`
  );
}

async function expectOk(answer: Promise<Answer>, what: string): Promise<Answer> {
  const a = await answer;
  if (a.status < 200 || a.status >= 300)
    throw new Error(`${what} answered ${a.status}: ${a.body.toString().slice(0, 300)}`);
  return a;
}

/**
 * A new shopper pays for one product `runs` times through the payment simulator; only
 * verify-payment, the request that turns the payment into an order, is measured.
 */
export async function placeOrders(
  store: Store,
  productIds: string[],
  opts: { runs: number; timeoutMs: number },
): Promise<Row> {
  const call = (path: string, body: unknown, token?: string) =>
    send(store.url, path, {
      method: 'POST',
      body,
      timeoutMs: opts.timeoutMs,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const signup = await expectOk(
    call('/api/auth/signup', {
      username: 'Bench Shopper',
      email: `bench-${Date.now()}@example.com`,
      contact: '9876543210',
      password: 'bench-shopper-123',
    }),
    'signup',
  );
  const { token } = JSON.parse(signup.body.toString()) as { token: string };
  const answers: Answer[] = [];
  let cpu = 0;
  for (let run = 0; run < opts.runs; run += 1) {
    // A product can be sold out: the first one the cart takes is bought.
    let added = false;
    for (const productId of productIds) {
      const add = await call('/api/cart/add-to-cart', { productId, quantity: 1 }, token);
      if (add.status === 200) {
        added = true;
        break;
      }
    }
    if (!added) throw new Error('no product could be put in the cart');
    const created = await expectOk(call('/api/payment/create-order', { address: ADDRESS }, token), 'create-order');
    const { id } = JSON.parse(created.body.toString()) as { id: string };
    const paid = await expectOk(call('/api/payment/simulator/pay', { order_id: id }), 'simulator/pay');
    const before = cpuSeconds(store.pid);
    answers.push(
      await expectOk(call('/api/payment/verify-payment', JSON.parse(paid.body.toString()), token), 'verify'),
    );
    cpu += cpuSeconds(store.pid) - before;
  }
  return rowOf('`verify-payment` (payment simulator, development mode)', answers, cpu);
}
