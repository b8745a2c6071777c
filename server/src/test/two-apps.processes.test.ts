/**
 * Several app processes, one database: `npm run db` (the embedded engine as its own process)
 * and two real app processes on its mongodb:// address. The rules that keep the shop correct
 * live in the database (unique indexes, atomic updates), so they hold across processes:
 * requests fired at both processes at once still give 3 sliders, one order per payment,
 * one summed cart line and one account per e-mail address whatever its case.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Page, type Product } from '@kesh/shared';
import { connectMongoose, databaseUri } from '../db/index.js';
import { SHARED_DATABASE_RECHECK_MS } from '../lib/storefront-version.js';
import { issueToken } from '../lib/tokens.js';
import { Admin } from '../modules/admin/admin.model.js';
import { Cart } from '../modules/cart/cart.model.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { Order } from '../modules/orders/order.model.js';
import { Slider } from '../modules/sliders/slider.model.js';
import { User } from '../modules/users/user.model.js';
import { pngImage } from './images.js';
import { freePort, startScript, startServer, type Run } from './server-process.js';

const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
/** Both processes' JWT_SECRET, so that the test can sign an admin token they accept. */
const APPS_SECRET = 'two-apps-shared-secret-for-this-test';

describe('two app processes on one `npm run db`', () => {
  let dataDir: string;
  let db: Run;
  const runs: Run[] = [];
  let apps: string[] = [];
  let adminToken: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-processes-'));
    // `npm run db` (server/src/scripts/db-server.ts) on a port the system picks.
    db = startScript('src/scripts/db-server.ts', dataDir, { DB_PORT: '0' });
    await db.waitFor('start each app process with');
    const dbUri = /embedded database on (mongodb:\/\/\S+)/.exec(db.output())?.[1] ?? '';
    const mongoUri = databaseUri(dbUri, `shop_${randomBytes(4).toString('hex')}`);
    apps = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const run = startServer(dataDir, {
          MONGODB_URI: mongoUri,
          PORT: String(port),
          RATE_LIMIT: 'false',
          JWT_SECRET: APPS_SECRET,
        });
        runs.push(run);
        await run.waitFor('store listening');
        return `http://127.0.0.1:${port}`;
      }),
    );
    await connectMongoose(mongoUri);
    const admin = await Admin.create({ username: 'owner', passwordHash: await bcrypt.hash('owner-pass-123', 4) });
    adminToken = issueToken(APPS_SECRET, String(admin._id), 'admin').token;
  }, 120_000);

  afterAll(async () => {
    await mongoose.disconnect();
    for (const run of runs) run.child.kill('SIGTERM');
    await Promise.all(runs.map((r) => r.exited));
    db?.child.kill('SIGTERM');
    await db?.exited;
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Request `i` goes to app process `i % 2`. */
  const appFor = (i: number): string => apps[i % 2] as string;

  const json = (url: string, body: unknown, token?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  async function signUp(app: string, email: string) {
    return json(`${app}/api/auth/signup`, {
      username: 'Asha',
      email,
      contact: '9876543210',
      password: 'correct-horse',
    });
  }

  async function shopper(): Promise<{ token: string; userId: string }> {
    const res = await signUp(appFor(0), `shopper-${randomBytes(4).toString('hex')}@example.com`);
    expect(res.status).toBe(201);
    return (await res.json()) as { token: string; userId: string };
  }

  it('keeps the 3-slider limit when 10 adds arrive at both processes at once', async () => {
    const png = await pngImage();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const form = new FormData();
        form.set('title', `Parallel ${i}`);
        form.set('description', 'Cold-pressed with herbs');
        form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slide.png');
        return fetch(`${appFor(i)}/sliders/addSlider`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${adminToken}` },
          body: form,
        });
      }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    const refused = answers.find((a) => a.status === 400)!;
    expect(((await refused.json()) as { error: string }).error).toBe(MESSAGES.sliderLimitReached);
    expect(await Slider.countDocuments()).toBe(3);
    for (const app of apps) {
      const listed = (await (await fetch(`${app}/sliders/getSliders`)).json()) as unknown[];
      expect(listed).toHaveLength(3);
    }
  }, 60_000);

  it("shows an owner's product edit at one process in the other's kept pages of products", async () => {
    const form = (title: string) => {
      const body = new FormData();
      body.set('title', title);
      body.set('mainPrice', '299');
      return body;
    };
    const auth = { Authorization: `Bearer ${adminToken}` };
    const created = await fetch(`${appFor(0)}/api/main-category`, {
      method: 'POST',
      headers: auth,
      body: form('Neem Comb'),
    });
    expect(created.status).toBe(201);
    const { _id: id } = (await created.json()) as { _id: string };
    const titlesAt = async (app: string) =>
      ((await (await fetch(`${app}/api/main-category?page=1&limit=100`)).json()) as Page<Product>).items.map(
        (p) => p.title,
      );
    // Process 1 keeps its page from now on; the edit reaches it only through the database.
    await expect(titlesAt(appFor(1))).resolves.toContain('Neem Comb');
    const edited = await fetch(`${appFor(0)}/api/main-category/${id}`, {
      method: 'PUT',
      headers: auth,
      body: form('Neem Wood Comb'),
    });
    expect(edited.status).toBe(200);
    await expect(titlesAt(appFor(0))).resolves.toContain('Neem Wood Comb');
    // Past the stated bound (SHARED_DATABASE_RECHECK_MS, plus a read) with room for a loaded machine.
    await new Promise((resolve) => setTimeout(resolve, SHARED_DATABASE_RECHECK_MS * 10));
    const other = await titlesAt(appFor(1));
    expect(other).toContain('Neem Wood Comb');
    expect(other).not.toContain('Neem Comb');
  }, 60_000);

  it("shows an owner's price edit at one process in a cart read at the other, whose products are kept", async () => {
    const buyer = await shopper();
    const oil = await MainCategory.create({ title: 'Brahmi Oil', mainPricePaise: 39900 });
    const signedIn = { Authorization: `Bearer ${buyer.token}` };
    const cartAt = async (app: string) =>
      ((await (await fetch(`${app}/api/cart/cart`, { headers: signedIn })).json()) as { totalAmount: number })
        .totalAmount;
    expect(
      (await json(`${appFor(1)}/api/cart/add-to-cart`, { productId: String(oil._id), quantity: 1 }, buyer.token))
        .status,
    ).toBe(200);
    // Process 1 keeps the product from now on; the edit reaches it only through the storefront's version.
    await expect(cartAt(appFor(1))).resolves.toBe(399);
    const body = new FormData();
    body.set('title', 'Brahmi Oil');
    body.set('mainPrice', '449');
    const edited = await fetch(`${appFor(0)}/api/main-category/${oil._id}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${adminToken}` },
      body,
    });
    expect(edited.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, SHARED_DATABASE_RECHECK_MS * 10));
    await expect(cartAt(appFor(1))).resolves.toBe(449);
  }, 60_000);

  it('sums parallel cart adds from both processes into one line', async () => {
    const buyer = await shopper();
    const oil = await MainCategory.create({ title: 'Bhringraj Oil', mainPricePaise: 59900 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        json(`${appFor(i)}/api/cart/add-to-cart`, { productId: String(oil._id), quantity: i + 1 }, buyer.token),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const carts = await Cart.find({ userId: buyer.userId }).lean();
    expect(carts).toHaveLength(1);
    expect(carts[0]!.items).toHaveLength(1);
    expect(carts[0]!.items[0]!.quantity).toBe(55);
  }, 60_000);

  it('places exactly one order when one payment is verified at both processes at once', async () => {
    const buyer = await shopper();
    const oil = await MainCategory.create({ title: 'Amla Oil', mainPricePaise: 45000 });
    const add = await json(
      `${appFor(0)}/api/cart/add-to-cart`,
      { productId: String(oil._id), quantity: 2 },
      buyer.token,
    );
    expect(add.status).toBe(200);
    const created = await json(`${appFor(1)}/api/payment/create-order`, { address: ADDRESS }, buyer.token);
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const paid = await (await json(`${appFor(0)}/api/payment/simulator/pay`, { order_id: id })).json();

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => json(`${appFor(i)}/api/payment/verify-payment`, paid, buyer.token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as { order: { _id: string } }[];
    expect(new Set(bodies.map((b) => b.order._id)).size).toBe(1);
    expect(await Order.countDocuments({ razorpayOrderId: id })).toBe(1);
  }, 60_000);

  it('lets one of A@x.in and a@x.in sign up when both arrive at different processes at once', async () => {
    const local = `case-${randomBytes(4).toString('hex')}`;
    const answers = await Promise.all([
      signUp(appFor(0), `${local.toUpperCase()}@X.IN`),
      signUp(appFor(1), `${local}@x.in`),
      signUp(appFor(0), `${local}@x.in`),
      signUp(appFor(1), `${local.toUpperCase()}@x.in`),
    ]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    const taken = answers.find((a) => a.status === 409)!;
    expect(((await taken.json()) as { error: string }).error).toBe(MESSAGES.emailTaken);
    expect(await User.countDocuments({ email: `${local}@x.in` })).toBe(1);
  }, 60_000);

  it('refuses a revoked session at the other process from the moment the revocation is answered', async () => {
    const cart = (app: string, token: string) =>
      fetch(`${app}/api/cart/cart`, { headers: { Authorization: `Bearer ${token}` } });
    const expectRefused = async (res: Response, message: string) => {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    };
    const [loggedOut, everywhere, deleted] = await Promise.all([shopper(), shopper(), shopper()]);
    // Each token is believed at both processes first, so what follows is their kept state being dropped.
    for (const { token } of [loggedOut, everywhere, deleted]) {
      for (const app of apps) expect((await cart(app, token)).status).toBe(200);
    }

    expect((await json(`${appFor(0)}/api/auth/logout`, {}, loggedOut.token)).status).toBe(200);
    await expectRefused(await cart(appFor(1), loggedOut.token), MESSAGES.sessionExpired);

    expect((await json(`${appFor(1)}/api/auth/logout-all`, {}, everywhere.token)).status).toBe(200);
    await expectRefused(await cart(appFor(0), everywhere.token), MESSAGES.sessionExpired);

    // A third process (this test's own connection) deletes the account.
    await User.deleteOne({ _id: deleted.userId });
    for (const app of apps) await expectRefused(await cart(app, deleted.token), MESSAGES.unauthorized);
  }, 60_000);
});
