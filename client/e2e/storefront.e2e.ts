import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES, STORAGE_KEYS, type Product } from '@kesh/shared';
import { api, latestMailTo, newPage, shot, signUpViaApi, type BrowserPage } from './support/browser';
import { axeViolations } from './support/axe';

/** The visitor's storefront (issue 6): browsing, signing in, the gallery, languages, accessibility. */

const dialog = (page: Page) => page.getByRole('dialog');
const banner = (page: Page) => page.getByRole('banner');

let bp: BrowserPage | undefined;
afterEach(async () => {
  expect(bp?.pageErrors ?? []).toEqual([]);
  await bp?.close();
  bp = undefined;
});

async function open(width: number) {
  bp = await newPage(width);
  // Scroll-in animations start hidden; reduced motion shows everything for screenshots and axe.
  await bp.page.emulateMedia({ reducedMotion: 'reduce' });
  return bp.page;
}

describe('storefront journeys', () => {
  it('home -> products -> detail -> add as guest -> sign up -> add -> badge shows 1', async () => {
    const page = await open(1280);
    await page.goto('/');
    await page.getByRole('link', { name: 'View All Products' }).click();
    await page.waitForURL('**/products');
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();

    const firstTitle = page.getByRole('article').first().getByRole('heading');
    const title = ((await firstTitle.textContent()) ?? '').trim();
    await firstTitle.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.title()).toBe(`${title} | Kesh Ayurveda`);

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await dialog(page).getByRole('heading', { name: 'Welcome Back!' }).waitFor();
    await dialog(page).getByRole('button', { name: 'Sign Up' }).click();
    await dialog(page).getByRole('heading', { name: 'Create Account' }).waitFor();
    await dialog(page).getByLabel('Username').fill('Meera Shah');
    await dialog(page).getByLabel('Email address').fill(`storefront-${Date.now()}@example.com`);
    await dialog(page).getByLabel('Phone number').fill('9876543210');
    await dialog(page).getByLabel('Password').fill('secret-pass-1');
    await dialog(page).getByRole('button', { name: 'Sign Up' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await banner(page).getByRole('link', { name: 'My account (Meera Shah)' }).waitFor();
    expect(page.url()).toContain('/products?id=');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.addedToCart }).first().waitFor();
    await banner(page).getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    expect(await banner(page).getByTestId('cart-badge').textContent()).toBe('1');
  });

  it('shows the catalogue from the page itself: no API round trip, code and hero preloaded', async () => {
    const page = await open(390);
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (/^\/(api|sliders|gallery\/$)/.test(pathname)) apiCalls.push(pathname);
    });
    for (const [path, chunk, heading] of [
      ['/', 'HomePage', 'Our Products'],
      ['/products', 'ProductsPage', 'Products'],
      ['/gallery', 'GalleryPage', 'Gallery'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await page.locator('main img').first().waitFor();
      // The server named this page's own chunk from the build manifest, and its first picture.
      expect(await page.locator(`link[rel=modulepreload][href*="/${chunk}-"]`).count()).toBe(1);
      const preloaded = await page.locator('link[rel=preload][as=image]').first().getAttribute('href');
      expect(preloaded).toMatch(/^\/uploads\//);
    }
    expect(apiCalls).toEqual([]);
  });

  it('resets a forgotten password with the OTP from the mail, then logs in with it', async () => {
    const shopper = await signUpViaApi('forgot');
    const page = await open(390);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Log in or sign up' }).click();
    await dialog(page).getByRole('button', { name: 'Forgot Password?' }).click();
    await dialog(page).getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await dialog(page).getByLabel('Email address').fill(shopper.email);
    await dialog(page).getByRole('button', { name: 'Send OTP' }).click();
    await dialog(page).getByRole('heading', { name: 'Verify OTP' }).waitFor();

    // The second mail to the address: the first was the sign-up's confirmation code.
    const mail = await latestMailTo(shopper.email, 10_000, 1);
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(otp).toMatch(/^\d{6}$/);
    await dialog(page).getByLabel('One-time code (OTP)').fill(otp!);
    await dialog(page).getByRole('button', { name: 'Verify OTP' }).click();
    await dialog(page).getByRole('heading', { name: 'Reset Password' }).waitFor();
    await dialog(page).getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await dialog(page).getByLabel('Confirm new password').fill('brand-new-pass');
    await dialog(page).getByRole('button', { name: 'Reset Password' }).click();
    await dialog(page).waitFor({ state: 'detached' });

    await banner(page).getByRole('button', { name: 'Log in or sign up' }).click();
    await dialog(page).getByLabel('Email address').fill(shopper.email);
    await dialog(page).getByLabel('Password').fill('brand-new-pass');
    await dialog(page).getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/userdashbord');
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ username: shopper.username });
  });

  it('stops the quantity at 100, and Logout ends the session on the server too', async () => {
    const shopper = await signUpViaApi('logout');
    const page = await open(1280);
    await page.goto('/products');
    await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
    const plus = page.getByRole('button', { name: 'Increase quantity' });
    for (let i = 1; i < 100; i += 1) await plus.click();
    await page.getByText('You can add at most 100 of one product.').waitFor();
    expect(await plus.isDisabled()).toBe(true);
    await shot(page, 'product-quantity-cap-1280', false);

    await banner(page).getByRole('button', { name: 'Log in or sign up' }).click();
    await dialog(page).getByLabel('Email address').fill(shopper.email);
    await dialog(page).getByLabel('Password').fill(shopper.password);
    await dialog(page).getByRole('button', { name: 'Log In' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.goto('/userdashbord');
    await page.getByRole('button', { name: 'Log out everywhere' }).waitFor();
    await shot(page, 'dashboard-logout-1280', false);
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.user);
    const { token } = JSON.parse(stored ?? '{}') as { token: string };

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const status = await page.evaluate(
      async (bearer) => (await fetch('/api/auth/user', { headers: { Authorization: `Bearer ${bearer}` } })).status,
      token,
    );
    expect(status).toBe(401);
  });

  it('browses the gallery lightbox with the keyboard', async () => {
    const page = await open(1280);
    await page.goto('/gallery');
    const thumbs = page.getByRole('button', { name: /^Open image/ });
    await thumbs.first().waitFor();
    const total = await thumbs.count();
    expect(total).toBeGreaterThan(1);
    await thumbs.first().focus();
    await page.keyboard.press('Enter');
    await dialog(page).getByText(`1 of ${total}`).waitFor();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    await page.keyboard.press('ArrowRight');
    await dialog(page).getByText(`2 of ${total}`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await dialog(page).getByText(`${total} of ${total}`).waitFor();
    await shot(page, 'gallery-lightbox-1280', false);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open image 1');
  });

  it('switches to Hindi and remembers it', async () => {
    const page = await open(1280);
    await page.goto('/');
    await banner(page).getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await banner(page).getByRole('link', { name: 'उत्पाद' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await page.reload();
    await page.getByRole('heading', { name: 'हमारे उत्पाद' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await shot(page, 'home-hi-1280', false);
  });
});

describe('every public page', () => {
  const pages: [string, string][] = [
    ['home', '/'],
    ['profile', '/profile'],
    ['products', '/products'],
    ['product-detail', '/products?id=FIRST'],
    ['gallery', '/gallery'],
    ['contact', '/contact'],
    ['terms', '/termsandconditions'],
    ['refunds', '/cancellation-refunds'],
    ['privacy', '/privacyandpolicy'],
    ['not-found', '/no-such-page'],
  ];

  for (const width of [390, 1280]) {
    it(`has a title, no serious axe violations and a screenshot at ${width} px`, async () => {
      const [first] = await api<Product[]>('/api/main-category');
      const page = await open(width);
      const report: string[] = [];
      for (const [name, route] of pages) {
        await page.goto(route.replace('FIRST', first!._id), { waitUntil: 'networkidle' });
        await page.locator('main h1').first().waitFor();
        expect(await page.title()).toMatch(/Kesh Ayurveda$/);
        expect(await page.getAttribute('meta[name="description"]', 'content')).toBeTruthy();
        report.push(...(await axeViolations(page, `${name}@${width}`)));
        await shot(page, `${name}-${width}`);
      }
      expect(report).toEqual([]);
    });
  }
});
