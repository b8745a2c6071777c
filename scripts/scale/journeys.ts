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

/**
 * The owner opens the orders page already signed in, `runs` times, each in a fresh browser context
 * (no cache, no compiled code kept: a first visit): time from navigation until order rows show.
 */
export async function openOrdersPage(
  browser: Browser,
  url: string,
  token: string,
  opts: { runs: number; timeoutMs: number },
): Promise<string> {
  const times: number[] = [];
  let rows = 0;
  for (let run = 0; run < opts.runs; run += 1) {
    const context = await browser.newContext();
    try {
      await context.addInitScript(
        ([key, value]) => window.localStorage.setItem(key as string, value as string),
        [STORAGE_KEYS.adminToken, token],
      );
      const page = await context.newPage();
      const started = performance.now();
      await page.goto(`${url}/admin/orders`, { timeout: opts.timeoutMs });
      try {
        await page.locator(ORDER_ROW).first().waitFor({ timeout: opts.timeoutMs });
      } catch {
        return `admin orders page in Chromium: no order rows within ${opts.timeoutMs / 1000} s`;
      }
      times.push(performance.now() - started);
      rows = await page.locator(ORDER_ROW).count();
    } finally {
      await context.close();
    }
  }
  return (
    `admin orders page in Chromium (a fresh browser context each time), navigation until order rows show: ` +
    `median ${formatMs(median(times))}, p95 ${formatMs(percentile(times, 0.95))} (${times.length} runs, ${rows} rows)`
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
