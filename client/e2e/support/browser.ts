import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterEach, expect, inject } from 'vitest';
import { STORAGE_KEYS } from '@kesh/shared';

export const baseUrl = inject('baseUrl');
export const ADMIN = { username: inject('adminUsername'), password: inject('adminPassword') };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

export interface BrowserPage {
  browser: Browser;
  page: Page;
  /** Uncaught page errors seen so far: a journey should end with none. */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * Waits until the page answers clicks: a server-rendered page shows before its script has run, and a
 * click on it before hydration would do nothing. The storefront marks <html data-hydrated> once the
 * page's content has hydrated (or rendered); the admin area renders in the browser from the start.
 */
export async function untilInteractive(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true' || location.pathname.startsWith('/admin'),
  );
}

/** A fresh browser (own storage) with one page at the given width, pointed at the app. */
export async function newPage(width = 1280, height = 900): Promise<BrowserPage> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const context = await browser.newContext({ viewport: { width, height }, baseURL: baseUrl, locale: 'en-IN' });
  // Third-party hosts are unreachable here; fail them fast instead of waiting.
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  if (process.env.E2E_CPU_THROTTLE) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.E2E_CPU_THROTTLE) });
  }
  // Journeys act right after loading a page, so loading means: loaded and hydrated.
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await untilInteractive(page);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await untilInteractive(page);
    return response;
  };
  const pageErrors: string[] = [];
  // React reports an error it recovered from (its #520, #418 …) with the real one as `cause`, which
  // Playwright's pageerror does not carry: the page logs it, and the journey reports both.
  await page.addInitScript(() => {
    addEventListener('error', (event) => {
      const cause = (event.error as { cause?: unknown } | undefined)?.cause;
      if (cause) console.error(`[cause] ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith('[cause] ')) pageErrors.push(message.text());
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { browser, page, pageErrors, close: () => browser.close() };
}

/**
 * Saves client/e2e/screenshots/<name>.png (look at it with an image viewer). A whole-page shot first
 * scrolls through the page as a reader would, so pictures that load lazily near the viewport are in
 * it (a full-page capture alone never brings them near), then returns to where the page was.
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  if (fullPage) await loadLazyImages(page);
  await page.screenshot({ path: file, fullPage });
  return file;
}

async function loadLazyImages(page: Page): Promise<void> {
  const start = await page.evaluate(() => window.scrollY);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 800;
  for (let y = 0; y < height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page
    .waitForFunction(() => [...document.images].every((img) => img.loading !== 'lazy' || img.complete), undefined, {
      timeout: 5000,
    })
    .catch(() => undefined);
  await page.evaluate((top) => window.scrollTo(0, top), start);
}

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mail the app sent to `email` through SMTP, waiting for it up to `timeoutMs`. */
export async function latestMailTo(email: string, timeoutMs = 10_000, after = 0): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = JSON.parse(await readFile(inject('mailFile'), 'utf8')) as CapturedMail[];
    const mine = mails.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
    if (mine.length > after) return mine[mine.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
}

/**
 * The mail to `email` with this subject, waiting for it up to `timeoutMs`: mails leave from a queue
 * after the answer, so the newest one in the catcher may still be the one before it.
 */
export async function mailWithSubject(email: string, subject: string, timeoutMs = 10_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = JSON.parse(await readFile(inject('mailFile'), 'utf8')) as CapturedMail[];
    const found = mails.findLast((m) => m.to.toLowerCase().includes(email.toLowerCase()) && m.subject === subject);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${email} within ${timeoutMs} ms`);
}

/** Calls the API directly (for setting up state a journey does not test). */
export async function api<T>(
  pathname: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const data = (await res.json().catch(() => undefined)) as T;
  if (!res.ok) throw new Error(`${pathname} -> ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** Logs the owner in through the admin login form and opens an admin page from its navigation. */
export async function openAdminPage(page: Page, link: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/admin/dashboard`);
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: link }).click();
}

let seq = 0;
/**
 * Signs a shopper up through the API and confirms the address with the code mailed at sign-up (the
 * shop mails an unconfirmed address nothing else and refuses it cash on delivery); returns
 * credentials and token. `{ confirm: false }` leaves the address unconfirmed.
 */
export async function signUpViaApi(prefix = 'e2e', { confirm = true } = {}) {
  seq += 1;
  const email = `${prefix}-${Date.now()}-${seq}@example.com`;
  const body = { username: `Asha ${prefix}`, email, contact: '9876543210', password: 'secret-pass-1' };
  const auth = await api<{ token: string; userId: string; username: string; expiresAt: number }>('/api/auth/signup', {
    body,
  });
  if (confirm) {
    const mail = await latestMailTo(email);
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
    await api('/api/auth/verify-email', { token: auth.token, body: { otp } });
  }
  return { ...body, ...auth };
}

/** A sonner toast with this text. */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/**
 * The journey's browser of the current test (set `journey.bp = await newPage()`), closed after each
 * test, which must end with no uncaught page error.
 */
export function browserPerTest(): { bp?: BrowserPage } {
  const journey: { bp?: BrowserPage } = {};
  afterEach(async () => {
    expect(journey.bp?.pageErrors ?? []).toEqual([]);
    await journey.bp?.close();
    journey.bp = undefined;
  });
  return journey;
}

/** Every page this browser opens from now on starts signed in as `shopper` (the stored session). */
export async function signInShopper(
  page: Page,
  shopper: { username: string; token: string; userId: string; expiresAt: number },
): Promise<void> {
  const session = JSON.stringify({
    username: shopper.username,
    token: shopper.token,
    userId: shopper.userId,
    expiry: shopper.expiresAt,
  });
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.user, session] as const);
}

/** An admin token, for journeys that set the store up or tidy it through the API. */
export async function adminToken(): Promise<string> {
  return (await api<{ token: string }>('/logAdmin', { body: ADMIN })).token;
}

/** Signs the owner in at /admin and opens one screen whose heading is its navigation link's name. */
export async function openAdminScreen(page: Page, link: string): Promise<void> {
  await openAdminPage(page, link);
  await page.getByRole('heading', { level: 1, name: link }).waitFor();
}

/** A browser with JavaScript disabled (close it when done) and one page at a phone's width. */
export async function pageWithoutJavaScript(locale = 'en-IN'): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: baseUrl,
    locale,
    viewport: { width: 390, height: 844 },
  });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort());
  return { browser, page: await context.newPage() };
}
