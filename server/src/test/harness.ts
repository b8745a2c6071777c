import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import request from 'supertest';
import type { Express } from 'express';
import type { Order } from '@kesh/shared';
import { pino } from 'pino';
import { createApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { connectMongoose, databaseUri, startEngine, syncIndexes, type DatabaseEngine } from '../db/index.js';
import type { AppDeps } from '../deps.js';
import { createMailer } from '../lib/mailer.js';
import { DeliverySettingsRecord } from '../modules/shipping/delivery-settings.model.js';
import { createDiskStorage } from '../lib/storage.js';
import { issueToken } from '../lib/tokens.js';
import { createSimulatorGateway } from '../modules/payments/gateway.js';
import { Admin } from '../modules/admin/admin.model.js';
import { InvoiceJob } from '../modules/orders/invoice-job.model.js';
import { settleStartedInvoiceJobs } from '../modules/orders/invoice-jobs.js';
import { Order as OrderModel } from '../modules/orders/order.model.js';
import { User } from '../modules/users/user.model.js';

/**
 * One test file = one worker process = one database. Tests run against MONGODB_URI when it is
 * set (a real mongod), else TEST_ENGINE (auto | mongod | wire; default wire, the engine CI has).
 */
export interface TestContext {
  app: Express;
  deps: AppDeps;
  config: Config;
  uploadDir: string;
  http: ReturnType<typeof request>;
  /** Deletes every stored upload, so a test starts with an empty folder. */
  clearUploads(): Promise<void>;
  close(): Promise<void>;
}

let engine: DatabaseEngine | undefined;

export async function startTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppDeps> = {},
): Promise<TestContext> {
  engine ??= await startEngine({
    uri: process.env.MONGODB_URI,
    preference: (process.env.TEST_ENGINE as 'auto' | 'mongod' | 'wire' | undefined) ?? 'wire',
  });
  const dbName = `test_${randomBytes(6).toString('hex')}`;
  await connectMongoose(databaseUri(engine.uri, dbName));
  await syncIndexes();

  const uploadDir = await mkdtemp(path.join(tmpdir(), 'kesh-uploads-'));
  const invoiceDir = await mkdtemp(path.join(tmpdir(), 'kesh-invoices-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT: 'false',
    SEED_ON_EMPTY: 'false',
    UPLOAD_DIR: uploadDir,
    INVOICE_DIR: invoiceDir,
    // One test shopper may receive far more mails than a day's allowance; email-verification.test sets it.
    MAILS_PER_ADDRESS_PER_DAY: '10000',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const deps: AppDeps = {
    config,
    logger,
    mailer: createMailer({ from: config.mailFrom, smtp: config.smtp, logger }),
    storage: createDiskStorage(uploadDir),
    payments: createSimulatorGateway(),
    ...overrides,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    config,
    uploadDir,
    http: request(app),
    async clearUploads() {
      for (const file of await readdir(uploadDir)) await rm(path.join(uploadDir, file), { force: true });
    },
    async close() {
      // An order placed by the test may still be rendering its invoice into invoiceDir.
      await settleStartedInvoiceJobs();
      await mongoose.connection.dropDatabase().catch(() => undefined);
      await mongoose.disconnect();
      await rm(uploadDir, { recursive: true, force: true });
      await rm(invoiceDir, { recursive: true, force: true });
      if (engine) {
        await engine.stop();
        engine = undefined;
      }
    },
  };
}

let counter = 0;

/**
 * Signs a new shopper up through the API and returns their token. The account's e-mail counts as
 * confirmed (as if the mailed code had been entered) unless `verified: false` is passed.
 */
export async function signUpCustomer(
  ctx: TestContext,
  {
    verified = true,
    ...overrides
  }: Partial<{ username: string; email: string; contact: string; password: string; verified: boolean }> = {},
) {
  counter += 1;
  const body = {
    username: `Shopper ${counter}`,
    email: `shopper${counter}-${randomBytes(3).toString('hex')}@example.com`,
    contact: '9876543210',
    password: 'correct-horse',
    ...overrides,
  };
  const res = await ctx.http.post('/api/auth/signup').send(body);
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const deviceCookie = ((res.headers['set-cookie'] ?? []) as unknown as string[])
    .find((c) => c.startsWith('kesh_device='))
    ?.split(';')[0];
  if (verified) await User.updateOne({ _id: res.body.userId }, { $set: { emailVerified: true } });
  return { ...body, token: res.body.token as string, userId: res.body.userId as string, deviceCookie };
}

/** The password-reset mails to `email` in the dev outbox (not the sign-up's confirmation code). */
export const resetMailsTo = (ctx: TestContext, email: string) =>
  ctx.deps.mailer.outbox.filter((m) => m.to === email && m.subject.endsWith('your password reset code'));

/**
 * The code of the newest password-reset mail to `email` in the dev outbox. Mails leave from a queue
 * after the answer, so the newest one may still be on its way: `after` is how many reset mails to
 * this address existed before the request.
 */
export async function codeMailedTo(ctx: TestContext, email: string, after = 0): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const mails = resetMailsTo(ctx, email);
    const code = mails.length > after ? /code is (\d{6})/.exec(mails.at(-1)!.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Waits until every placed order's invoice job is done: its invoice stored, its mails sent. */
export async function orderMailsSent(): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    const jobs = await InvoiceJob.find({}, { _id: 1 }).lean();
    // A job whose order was never inserted (a lost race to place it) waits for its grace period.
    if ((await OrderModel.countDocuments({ _id: { $in: jobs.map((j) => j._id) } })) === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('invoice jobs still running');
}

/** Creates an admin directly in the database and returns a valid admin token for it. */
export async function createAdminToken(ctx: TestContext, username = 'owner', password = 'owner-pass-123') {
  const admin = await Admin.findOneAndUpdate(
    { username },
    { $setOnInsert: { username, passwordHash: await bcrypt.hash(password, 4) } },
    { upsert: true, returnDocument: 'after' },
  );
  return { username, password, token: issueToken(ctx.config.jwtSecret, String(admin._id), 'admin').token };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Buys `quantity` of a product through the payment simulator, the way the shipping page does. */
export async function buyWithSimulator(
  ctx: TestContext,
  shopper: { token: string },
  productId: string,
  quantity: number,
  address: string,
  language?: string,
) {
  const add = await ctx.http.post('/api/cart/add-to-cart').set(bearer(shopper.token)).send({ productId, quantity });
  if (add.status !== 200) throw new Error(`add to cart failed: ${add.status} ${JSON.stringify(add.body)}`);
  const created = await ctx.http
    .post('/api/payment/create-order')
    .set({ ...bearer(shopper.token), ...(language ? { 'Accept-Language': language } : {}) })
    .send({ address });
  if (created.status !== 200) throw new Error(`create-order failed: ${created.status} ${JSON.stringify(created.body)}`);
  const paid = await ctx.http.post('/api/payment/simulator/pay').send({ order_id: created.body.id });
  const verified = await ctx.http.post('/api/payment/verify-payment').set(bearer(shopper.token)).send(paid.body);
  if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.order as Order;
}

/** Delivery everywhere in India, with cash on delivery in PINs starting 360 (Rajkot) in 1-3 days. */
export async function allowCashOnDeliveryIn360(): Promise<void> {
  await DeliverySettingsRecord.create({
    key: 'delivery',
    servesAllIndia: true,
    etaDays: [3, 7],
    areas: [{ pins: '360', cod: true, etaDays: [1, 3] }],
  });
}
