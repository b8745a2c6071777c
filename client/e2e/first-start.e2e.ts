import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_MESSAGES } from '@kesh/shared';
import { shot } from './support/browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PUBLISHED_PASSWORD = 'admin12345';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * The README's quick start on a fresh data directory: `node server/dist/main.js` (what `npm start`
 * runs after its build) with nothing set but where to listen and the in-process engine.
 */
describe('the first start of a new shop, as npm start runs it', () => {
  let work: string;
  let server: ChildProcess;
  let output = '';
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'kesh-first-start-'));
    const port = await freePort();
    base = `http://localhost:${port}`;
    server = spawn(process.execPath, [path.join(ROOT, 'server/dist/main.js')], {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', EMBEDDED_ENGINE: 'wire' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
    server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
    const deadline = Date.now() + 90_000;
    while (!output.includes('store listening')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`the store did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await rm(work, { recursive: true, force: true });
  });

  it('runs in production with its own secrets and the payment simulator', async () => {
    expect(output).toContain('(payments: simulator)');
    expect(output).toContain('No Razorpay keys: the payment simulator takes payments');
    expect((await stat(path.join(work, 'data/secrets.json'))).mode & 0o777).toBe(0o600);
  });

  it('asks the admin for a new password at the first login, and opens the panel once it is chosen', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: base });
    await page.goto('/admin');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(PUBLISHED_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${base}/admin/password`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await shot(page, 'admin-first-login-password', false);

    // Every other admin screen leads back here until the password is changed.
    await page.goto('/admin/orders');
    await page.waitForURL(`${base}/admin/password`);

    const fill = async (current: string, next: string) => {
      await page.getByLabel('Current password').fill(current);
      await page.getByLabel('New password', { exact: true }).fill(next);
      await page.getByLabel('Repeat the new password').fill(next);
      await page.getByRole('button', { name: 'Change password' }).click();
    };
    await fill(PUBLISHED_PASSWORD, PUBLISHED_PASSWORD);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(ADMIN_PASSWORD_MESSAGES.published);

    await fill(PUBLISHED_PASSWORD, 'rajkot-amla-2026');
    await page.waitForURL(`${base}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Welcome to the Admin Dashboard' }).waitFor();
    await page.goto('/admin/orders');
    await page.waitForURL(`${base}/admin/orders`);
    await page.close();
  });
});
