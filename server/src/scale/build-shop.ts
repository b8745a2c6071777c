import { readFile } from 'node:fs/promises';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import mongoose from 'mongoose';
import { orderSearchKeys, type SearchableOrder } from '@kesh/shared';
import { loadConfig } from '../config.js';
import { connectMongoose, databaseUri, syncIndexes } from '../db/index.js';
import { startEmbeddedEngine } from '@kesh/embedded-mongo';
import { buildDeps } from '../build-deps.js';
import { imageFields, saveImage } from '../lib/image-variants.js';
import { createLogger } from '../lib/logger.js';
import { Cart } from '../modules/cart/index.js';
import { MainCategory } from '../modules/catalog/index.js';
import { ContactMessage } from '../modules/contact/index.js';
import { Coupon, CouponRedemption } from '../modules/coupons/index.js';
import { CodSlot } from '../modules/orders/index.js';
import { InvoiceCounter } from '../modules/orders/index.js';
import { Order } from '../modules/orders/index.js';
import { OrdersMigration, SEARCH_KEYS_MIGRATION } from '../modules/orders/index.js';
import { userSearchKeysOf } from '../modules/users/index.js';
import { PendingCheckout } from '../modules/payments/index.js';
import { DeliverySettingsRecord } from '../modules/shipping/index.js';
import { User } from '../modules/users/index.js';
import { SEED_ASSETS_DIR, SEED_PRODUCTS, seed } from '../seed/index.js';
import { couponsOf, productOf, type CatalogueEntry } from './catalogue.js';
import { ShopHistory, type HistoryOptions } from './history.js';
import { COD_PIN_PREFIXES } from './people.js';
import { Random, objectIdAt } from './random.js';

/** Raised whenever what the generator writes changes, so cached shops of an older version are rebuilt. */
export const GENERATOR_VERSION = 2;

/** Every generated account's password (one hash shared by all). */
export const SHOPPER_PASSWORD = 'shopper-12345';
/** Not the development password, so the shop can also be opened with NODE_ENV=production. */
export const SCALE_ADMIN = { username: 'admin', password: 'scale-admin-12345' };
export const SCALE_DB_NAME = 'kesh';
/** A fixed salt, so the shared hash (and with it the whole data) is the same on every run. */
const PASSWORD_SALT = '$2b$10$kesh.scale.benchmark.s';
const COD_FEE_PAISE = 4_900;
const BATCH = 2_000;
const BUILD_CHECKPOINT_BYTES = 4 * 1024 ** 3;
const DAY = 86_400_000;

export interface ShopSize {
  orders: number;
  users: number;
  products: number;
  /** Default orders / 5 (at most users). */
  customers?: number;
  /** Default orders / 25, at least 100. */
  messages?: number;
  days?: number;
  /** The last moment of the history (default: now). */
  end?: Date;
  seed?: number;
}

/** Records a benchmark asks for by id, found once here so that it need not list everything to find them. */
export interface ShopSamples {
  productIds: string[];
  /** Delivered orders with an invoice number, newest first. */
  invoiceOrderIds: string[];
  /** A customer with orders, for the order list's search. */
  customer: { email: string; contact: string };
}

export interface BuiltShop {
  dataDir: string;
  end: Date;
  counts: Record<string, number>;
  samples: ShopSamples;
  seconds: number;
}

const SAMPLE_COUNT = 20;
/** Where the CLI and the benchmark keep a shop's samples, beside its data. */
export const SAMPLES_FILE = 'samples.json';

async function samplesOf(): Promise<ShopSamples> {
  const products = await MainCategory.find({}, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).limit(SAMPLE_COUNT).lean();
  const delivered = await Order.find({ status: 'Delivered', invoiceNumber: { $exists: true } }, { userDetails: 1 })
    .sort({ status: 1, createdAt: -1 })
    .limit(SAMPLE_COUNT)
    .lean();
  return {
    productIds: products.map((p) => String(p._id)),
    invoiceOrderIds: delivered.map((o) => String(o._id)),
    customer: { email: delivered[0]?.userDetails?.email ?? '', contact: delivered[0]?.userDetails?.contact ?? '' },
  };
}

/** The parameters with their defaults filled in: what identifies a generated shop. */
export function shopParameters(size: ShopSize) {
  return {
    orders: size.orders,
    users: size.users,
    products: size.products,
    customers: Math.min(size.users, size.customers ?? Math.max(1, Math.round(size.orders / 5))),
    messages: size.messages ?? Math.max(100, Math.round(size.orders / 25)),
    days: size.days ?? 730,
    seed: size.seed ?? 26,
  };
}

/**
 * Writes every record in batches straight into the model's collection (the engine's own insert, as
 * the app's writes end up), checking one document in a hundred against the model's schema first.
 */
/** What insertAll needs of a mongoose model, whatever its schema. */
interface GeneratedModel {
  modelName: string;
  collection: {
    collectionName: string;
    insertMany(docs: Record<string, unknown>[], options: { ordered: boolean }): Promise<unknown>;
  };
  new (doc: Record<string, unknown>): { validate(): Promise<unknown> };
}

function* withSearchKeys<T extends Record<string, unknown>>(docs: Iterable<T>, keysOf: (doc: T) => string[]) {
  for (const doc of docs) yield { ...doc, searchKeys: keysOf(doc) };
}

async function insertAll(
  model: GeneratedModel,
  docs: Iterable<Record<string, unknown>>,
  counts: Record<string, number>,
) {
  let batch: Record<string, unknown>[] = [];
  let n = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await model.collection.insertMany(batch, { ordered: false });
    batch = [];
  };
  for (const doc of docs) {
    if (n % 100 === 0) await assertValid(model, doc);
    batch.push(doc);
    n += 1;
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  counts[model.collection.collectionName] = (counts[model.collection.collectionName] ?? 0) + n;
}

export async function assertValid(model: GeneratedModel, doc: Record<string, unknown>): Promise<void> {
  try {
    await new model(doc).validate();
  } catch (err) {
    throw new Error(`generated ${model.modelName} does not validate: ${(err as Error).message}`);
  }
}

/** The 300 products: the demo catalogue's, with their pictures, and more made from them. */
async function writeCatalogue(
  deps: Awaited<ReturnType<typeof buildDeps>>,
  history: { start: Date },
  size: number,
  seedNumber: number,
): Promise<CatalogueEntry[]> {
  const demoImages: { imageKey: string; imageVariants: number[] }[] = [];
  for (const product of SEED_PRODUCTS) {
    const data = await readFile(path.join(SEED_ASSETS_DIR, product.image));
    const stored = await saveImage(
      deps.storage,
      { buffer: data, ext: 'jpg', contentType: 'image/jpeg' },
      'product',
      deps.logger,
    );
    demoImages.push(imageFields(stored));
  }
  const extra = Math.max(0, size - SEED_PRODUCTS.length);
  const products: Record<string, unknown>[] = [];
  for (let i = 0; i < extra; i += 1) {
    // Older than the first order: the catalogue was there when the shop opened.
    const createdAt = new Date(history.start.getTime() - 120 * DAY + Math.floor((i * 100 * DAY) / extra));
    products.push(productOf(new Random(seedNumber, 100, i), i, createdAt, demoImages[i % demoImages.length]!));
  }
  // The demo products are the newest (the home page features the last three); seed() adopts them by title.
  SEED_PRODUCTS.slice(0, Math.min(size, SEED_PRODUCTS.length)).forEach((p, k) => {
    const rng = new Random(seedNumber, 101, k);
    const createdAt = new Date(history.start.getTime() - 10 * DAY + k * 3_600_000);
    products.push({
      _id: objectIdAt(createdAt, 'product', extra + k),
      title: p.title,
      subtitle: p.subtitle,
      mainPricePaise: p.mainPricePaise,
      offerPricePaise: p.offerPricePaise,
      ratingCount: p.ratingCount,
      description: p.description,
      ...demoImages[k]!,
      hsnCode: '3305',
      gstRatePercent: 18,
      stock: rng.int(30, 300),
      createdAt,
      updatedAt: createdAt,
    });
  });
  // Through the model: its pre-validate hook writes the search keys the products page looks up.
  await MainCategory.insertMany(products, { timestamps: false });
  return MainCategory.find({}, { title: 1, offerPricePaise: 1, mainPricePaise: 1, hsnCode: 1, gstRatePercent: 1 })
    .sort({ title: 1 })
    .lean<CatalogueEntry[]>();
}

/**
 * Builds, in an empty `dataDir`, the embedded engine's data of a shop with a history of `size`:
 * the demo store (admin, sliders, gallery) as the server seeds it, the catalogue, accounts, orders
 * with what placing, paying, shipping, cancelling and refunding them left in every collection,
 * carts and contact messages. The server opens the folder as its DATA_DIR.
 */
export async function buildShop(
  dataDir: string,
  size: ShopSize,
  log: (line: string) => void = () => {},
): Promise<BuiltShop> {
  const began = Date.now();
  const params = shopParameters(size);
  const end = size.end ?? new Date();
  // One checkpoint at the end instead of one per 32 MB of journal: each writes the whole store, so
  // at a million orders the default would write it dozens of times over.
  const engine = await startEmbeddedEngine({ dataDir, checkpointBytes: BUILD_CHECKPOINT_BYTES });
  const counts: Record<string, number> = {};
  let samples: ShopSamples;
  try {
    await connectMongoose(databaseUri(engine.uri, SCALE_DB_NAME));
    await syncIndexes();
    const config = loadConfig({
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DB_NAME: SCALE_DB_NAME,
      ADMIN_USERNAME: SCALE_ADMIN.username,
      ADMIN_PASSWORD: SCALE_ADMIN.password,
    });
    const deps = await buildDeps(config, createLogger('warn'));
    const options: HistoryOptions = {
      ...params,
      end,
      legacyShare: 0.05,
      codFeePaise: COD_FEE_PAISE,
      invoicePrefix: config.invoice.prefix,
      passwordHash: bcrypt.hashSync(SHOPPER_PASSWORD, PASSWORD_SALT),
    };
    const start = new Date(end.getTime() - params.days * DAY);
    const catalogue = await writeCatalogue(deps, { start }, params.products, params.seed);
    await seed(deps);
    counts.products = catalogue.length;
    log(`catalogue: ${catalogue.length} products`);

    await DeliverySettingsRecord.create({
      key: 'delivery',
      servesAllIndia: true,
      etaDays: [3, 7],
      areas: COD_PIN_PREFIXES.map((pins) => ({ pins, cod: true, etaDays: pins.startsWith('3') ? [1, 3] : [2, 5] })),
      codCapPaise: 500_000,
      codFeePaise: COD_FEE_PAISE,
    });

    const history = new ShopHistory(
      options,
      catalogue,
      couponsOf((f) => new Date(start.getTime() + f * params.days * DAY)),
    );
    // Search keys as the app keeps them (and as the one-off backfills leave older records): the
    // benchmark measures a shop that has run this code, not its first start after an upgrade.
    await insertAll(User, withSearchKeys(history.users(), userSearchKeysOf), counts);
    log(`accounts: ${counts.users}`);

    const pending = { orders: [], pendingcheckouts: [], couponredemptions: [], codslots: [] } as Record<
      string,
      Record<string, unknown>[]
    >;
    const models = {
      orders: Order,
      pendingcheckouts: PendingCheckout,
      couponredemptions: CouponRedemption,
      codslots: CodSlot,
    };
    const flush = async () => {
      for (const [name, docs] of Object.entries(pending)) {
        await insertAll(models[name as keyof typeof models], docs, counts);
        pending[name] = [];
      }
    };
    for (let i = 0; i < params.orders; i += 1) {
      const r = history.orderRecords(i);
      pending.orders!.push({ ...r.order, searchKeys: orderSearchKeys(r.order as SearchableOrder) });
      if (r.abandonedCheckout) pending.pendingcheckouts!.push(r.abandonedCheckout);
      if (r.checkout) pending.pendingcheckouts!.push(r.checkout);
      if (r.redemption) pending.couponredemptions!.push(r.redemption);
      if (r.codSlot) pending.codslots!.push(r.codSlot);
      if (pending.orders!.length >= BATCH) await flush();
      if ((i + 1) % 50_000 === 0) log(`orders: ${i + 1} of ${params.orders}`);
    }
    await flush();
    log(`orders: ${counts.orders ?? 0}`);
    await OrdersMigration.create({ _id: SEARCH_KEYS_MIGRATION, finishedAt: new Date(), changed: 0 });

    await insertAll(Coupon, history.couponDocuments(), counts);
    await insertAll(InvoiceCounter, history.invoiceCounters(), counts);
    await insertAll(Cart, history.carts(), counts);
    await insertAll(ContactMessage, history.messages(), counts);
    log(`carts: ${counts.carts}, contact messages: ${counts.contactmessages}`);
    samples = await samplesOf();
  } finally {
    await mongoose.disconnect();
    await engine.stop();
  }
  return { dataDir, end, counts, samples, seconds: (Date.now() - began) / 1000 };
}
