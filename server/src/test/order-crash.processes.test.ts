/**
 * kill -9 of the app while shoppers pay online, place cash-on-delivery orders and cancel, at a random
 * moment among their answers, ORDER_CRASH_ROUNDS times (default 3). The database is `npm run db` in a process of its
 * own, so it outlives every kill, as MongoDB would; what a kill can break is the app's sequence of
 * writes (claim, stock, order). After each restart the shoppers' retries are sent (a browser
 * verifying again, Razorpay repeating its webhook) and then, whatever moment the kill hit:
 * every acknowledged order exists; every paid checkout has exactly one order or was refunded as
 * sold out; every counted product's shelf plus what its orders hold equals what there was (no unit
 * lost, none sold twice); no claim is left holding units; no cash-on-delivery slot is left without
 * its open order.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMongoose, databaseUri } from '../db/index.js';
import { MainCategory } from '../modules/catalog/category.model.js';
import { CodSlot } from '../modules/orders/cod-slot.model.js';
import { Order } from '../modules/orders/order.model.js';
import { PendingCheckout } from '../modules/payments/checkout.model.js';
import { User } from '../modules/users/user.model.js';
import { allowCashOnDeliveryIn360 } from './harness.js';
import { freePort, startScript, startServer, type Run } from './server-process.js';

const ROUNDS = Number(process.env.ORDER_CRASH_ROUNDS ?? 3);
const ONLINE = 6;
const COD = 4;
const CANCELS = 3;
const ADDRESS = '7 Race Course Road, Rajkot, Gujarat, India, 360001';
/**
 * Recovery takes back a claim this old. A live request takes stock, then writes its order (and its
 * invoice job) a few round trips later; on a loaded 2-core machine that has taken over 300 ms, and
 * recovery then gave back units its order kept (the one assumption in docs/durability.md). 2 s stays far
 * below the 30 s default while leaving such a request room.
 */
const STALE_MS = 2000;

interface Shopper {
  token: string;
  userId: string;
}

describe('kill -9 of the app while orders are being placed', () => {
  let dataDir: string;
  let db: Run;
  let mongoUri: string;
  let app: Run | undefined;
  let base = '';
  const outputs: string[] = [];

  async function startApp() {
    const port = await freePort();
    app = startServer(dataDir, {
      MONGODB_URI: mongoUri,
      PORT: String(port),
      RATE_LIMIT: 'false',
      STOCK_CLAIM_STALE_MS: String(STALE_MS),
    });
    await app.waitFor('store listening');
    base = `http://127.0.0.1:${port}`;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kesh-order-crash-'));
    db = startScript('src/scripts/db-server.ts', dataDir, { DB_PORT: '0' });
    await db.waitFor('start each app process with');
    const dbUri = /embedded database on (mongodb:\/\/\S+)/.exec(db.output())?.[1] ?? '';
    mongoUri = databaseUri(dbUri, `shop_${randomBytes(4).toString('hex')}`);
    await connectMongoose(mongoUri);
    await allowCashOnDeliveryIn360();
    await startApp();
  }, 120_000);

  afterAll(async () => {
    await mongoose.disconnect();
    app?.child.kill('SIGTERM');
    await app?.exited;
    db?.child.kill('SIGTERM');
    await db?.exited;
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const post = (pathname: string, body: unknown, token?: string) =>
    fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  async function shopperWithCart(productIds: string[]): Promise<Shopper> {
    const res = await post('/api/auth/signup', {
      username: 'Asha',
      email: `crash-${randomBytes(5).toString('hex')}@example.com`,
      contact: '9876543210',
      password: 'correct-horse',
    });
    expect(res.status).toBe(201);
    const shopper = (await res.json()) as Shopper;
    // As if the mailed code had been entered: cash on delivery needs a confirmed address.
    await User.updateOne({ _id: shopper.userId }, { $set: { emailVerified: true } });
    for (const productId of productIds) {
      expect((await post('/api/cart/add-to-cart', { productId, quantity: 1 }, shopper.token)).status).toBe(200);
    }
    return shopper;
  }

  /** Units of each counted product on the shelf plus in the orders not cancelled. */
  async function unitsAccountedFor(ids: string[]) {
    const totals: Record<string, number> = {};
    for (const id of ids) {
      const product = await MainCategory.findById(id).lean();
      const ordered = await Order.aggregate<{ n: number }>([
        { $match: { status: { $ne: 'Cancelled' } } },
        { $unwind: '$products' },
        { $match: { 'products.productId': new mongoose.Types.ObjectId(id) } },
        { $group: { _id: null, n: { $sum: '$products.quantity' } } },
      ]);
      totals[id] = (product?.stock ?? 0) + (ordered[0]?.n ?? 0);
    }
    return totals;
  }

  async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000, everyMs = 100) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }

  it(
    `loses no unit and no paid order over ${ROUNDS} kills`,
    async () => {
      let acknowledged = 0;
      let recovered = 0;
      for (let round = 1; round <= ROUNDS; round += 1) {
        // A plentiful product, one that sells out this round, and one nobody counts.
        const amla = await MainCategory.create({ title: `Amla ${round}`, mainPricePaise: 30000, stock: 50 });
        const neem = await MainCategory.create({ title: `Neem ${round}`, mainPricePaise: 20000, stock: 5 });
        const comb = await MainCategory.create({ title: `Comb ${round}`, mainPricePaise: 10000 });
        const counted = [String(amla._id), String(neem._id)];
        const lines = [...counted, String(comb._id)];
        // Orders placed earlier, which their shoppers cancel in the same moment.
        const cancelling: { shopper: Shopper; orderId: string }[] = [];
        for (let i = 0; i < CANCELS; i += 1) {
          const shopper = await shopperWithCart([String(amla._id), String(comb._id)]);
          const placed = await post('/api/orders/cod', { address: ADDRESS }, shopper.token);
          expect(placed.status).toBe(201);
          cancelling.push({ shopper, orderId: ((await placed.json()) as { order: { _id: string } }).order._id });
        }
        const before = await unitsAccountedFor(counted);

        const online = await Promise.all(Array.from({ length: ONLINE }, () => shopperWithCart(lines)));
        const cod = await Promise.all(Array.from({ length: COD }, () => shopperWithCart(lines)));
        /** What Razorpay's window hands the browser: the three fields verify-payment checks. */
        const payments: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }[] = [];
        for (const shopper of online) {
          const created = await post('/api/payment/create-order', { address: ADDRESS }, shopper.token);
          expect(created.status).toBe(200);
          const { id } = (await created.json()) as { id: string };
          payments.push(
            (await (await post('/api/payment/simulator/pay', { order_id: id })).json()) as (typeof payments)[number],
          );
        }

        // Everyone at once; the app dies at a random moment among them.
        const answered: { kind: 'online' | 'cod'; status: number; orderId?: string; shopper: number }[] = [];
        let settled = 0;
        const requests = [
          ...online.map((shopper, i) =>
            post('/api/payment/verify-payment', payments[i], shopper.token).then(async (res) => {
              const body = (await res.json()) as { order?: { _id: string } };
              answered.push({ kind: 'online', status: res.status, orderId: body.order?._id, shopper: i });
            }),
          ),
          ...cod.map((shopper, i) =>
            post('/api/orders/cod', { address: ADDRESS }, shopper.token).then(async (res) => {
              const body = (await res.json()) as { order?: { _id: string } };
              answered.push({ kind: 'cod', status: res.status, orderId: body.order?._id, shopper: i });
            }),
          ),
          ...cancelling.map(({ shopper, orderId }) => post(`/api/orders/${orderId}/cancel`, {}, shopper.token)),
        ].map((p) => p.catch(() => undefined).finally(() => (settled += 1)));
        // The kill falls after a random number of answers (none to all but one), then a random few ms:
        // a fixed delay from the start hit before any answer on a loaded machine and after all on an
        // idle one, and checked no acknowledged order either way.
        const killAfter = Math.floor(Math.random() * requests.length);
        await until('the answers before the kill', async () => settled >= killAfter, 120_000, 5);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50));
        app!.child.kill('SIGKILL');
        await app!.exited;
        await Promise.all(requests);
        outputs.push(app!.output());
        await startApp();

        // Every answer given before the kill holds.
        for (const a of answered.filter((x) => x.status >= 200 && x.status < 300)) {
          acknowledged += 1;
          expect(await Order.exists({ _id: a.orderId }), `${a.kind} order ${a.orderId}`).toBeTruthy();
        }
        // The retries: each paid checkout ends with its one order, or refunded because Neem sold out.
        for (const [i, shopper] of online.entries()) {
          let status = 0;
          for (let attempt = 0; attempt < 40 && status !== 200 && status !== 409; attempt += 1) {
            if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 150));
            status = (await post('/api/payment/verify-payment', payments[i], shopper.token)).status;
          }
          expect([200, 409], `payment of online shopper ${i}`).toContain(status);
          const razorpayOrderId = payments[i]!.razorpay_order_id;
          const orders = await Order.countDocuments({ razorpayOrderId });
          const checkout = await PendingCheckout.findOne({ razorpayOrderId }).lean();
          if (status === 200) expect(orders).toBe(1);
          else {
            expect([orders, checkout?.status]).toEqual([0, 'soldOut']);
            // Refunded at once, or by the sweep when the kill fell between recording it and asking for it.
            await until(`the refund of online shopper ${i}`, async () => {
              const refund = (await PendingCheckout.findOne({ razorpayOrderId }).lean())?.refund;
              return refund?.status === 'processed';
            });
          }
          const earlier = answered.find((a) => a.kind === 'online' && a.shopper === i);
          if (earlier?.status === 200) expect(status).toBe(200);
        }

        // The cancels are sent again where the kill cut them off.
        for (const { shopper, orderId } of cancelling) {
          expect((await post(`/api/orders/${orderId}/cancel`, {}, shopper.token)).status).toBe(200);
        }

        // The sweep settles what the kill left: no holds, no claim 'taking', no cancellation half
        // undone, no slot without its open order.
        await until('no stock is held and nothing is left half done', async () => {
          const held = await MainCategory.countDocuments({
            $or: [{ 'stockHolds.0': { $exists: true } }, { 'stockReturns.0': { $exists: true } }],
          });
          const taking = await PendingCheckout.countDocuments({ stockState: 'taking' });
          const undoing = await Order.countDocuments({ undoPending: true });
          return held === 0 && taking === 0 && undoing === 0;
        });
        await until('every cash-on-delivery slot has its open order', async () => {
          for (const slot of await CodSlot.find().lean()) {
            const order = await Order.findById(slot.orderId, { status: 1 }).lean();
            if (!order || order.status === 'Delivered' || order.status === 'Cancelled') return false;
          }
          return true;
        });
        expect(await unitsAccountedFor(counted)).toEqual(before);
        for (const id of counted) expect((await MainCategory.findById(id).lean())!.stock).toBeGreaterThanOrEqual(0);
        recovered += (
          app!.output().match(/finished orders that a stopped process left half placed|interrupted stock claim/g) ?? []
        ).length;
      }
      // For the record (a random kill does not always land inside a claim).
      console.log(
        `${ROUNDS} kills: ${acknowledged} acknowledged orders kept, ${recovered} interrupted claims recovered`,
      );
      // A round took up to ~37 s on a 2-core machine at load 20: a long soak gets the time its rounds need.
    },
    Math.max(300_000, ROUNDS * 60_000),
  );
});
