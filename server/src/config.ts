import { z } from 'zod';
import { DEFAULT_SHOP, type ShopSettings } from '@kesh/shared';

/** The signing keys the server makes for itself on first start (docs/operations.md#secrets). */
export interface StoredSecrets {
  /** Signs sessions, device cookies and one-time-code hashes; JWT_SECRET wins over it. */
  jwtSecret: string;
  /** Signs the payment simulator's payments and webhooks (only used without Razorpay keys). */
  paymentSimulatorSecret: string;
}

/**
 * Published signing secrets, used only where no stored secrets are given (tests, command-line tools
 * that sign nothing); the server itself always uses the ones of its data directory (secrets.ts).
 */
export const DEV_JWT_SECRET = 'dev-only-jwt-secret-change-me';
export const DEV_RAZORPAY_SIM_SECRET = 'dev-only-payment-simulator-secret';
/** The README's admin password: an admin who logs in with it must choose another before anything else. */
export const DEV_ADMIN_PASSWORD = 'admin12345';
/** A made-up GSTIN of the right shape (24 = Gujarat) for development invoices. */
export const DEMO_GSTIN = '24AAKCK1234F1Z5';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  // `npm start` and the Docker image run the shop: production unless told otherwise (`npm run dev`).
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('loopback'),

  MONGODB_URI: optionalString.refine((v) => v === undefined || /^mongodb(\+srv)?:\/\//.test(v), {
    message: 'must start with mongodb:// or mongodb+srv://',
  }),
  DB_NAME: z.string().min(1).default('kesh'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** `npm run db`: the port the embedded engine listens on as a process of its own (0 = any free port). */
  DB_PORT: z.coerce.number().int().min(0).max(65535).default(27018),
  EMBEDDED_ENGINE: z.enum(['auto', 'mongod', 'wire']).default('auto'),

  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  ADMIN_USERNAME: z.string().min(1).default('admin'),
  ADMIN_PASSWORD: z.string().min(8).default(DEV_ADMIN_PASSWORD),

  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  MAIL_FROM: optionalString,

  SHOP_NAME: z.string().default(DEFAULT_SHOP.name),
  SHOP_PHONE: z
    .string()
    .regex(/^\d{10}$/, { message: 'must be ten digits' })
    .default(DEFAULT_SHOP.phone),
  SHOP_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, { message: 'must be digits with the country code, e.g. 919876543210' })
    .optional(),
  SHOP_EMAIL: z.string().email().default(DEFAULT_SHOP.email),
  SHOP_ADDRESS: z.string().default(DEFAULT_SHOP.address),
  SHOP_NOTIFY_EMAIL: optionalString,
  PUBLIC_URL: z.string().url().default(DEFAULT_SHOP.publicUrl),
  MAP_EMBED_URL: z.string().url().default(DEFAULT_SHOP.mapEmbedUrl),

  INVOICE_PREFIX: z
    .string()
    .regex(/^[A-Z0-9-]{1,8}$/, { message: 'must be 1-8 capital letters, digits or dashes, e.g. INV' })
    .default('INV'),
  SELLER_NAME: optionalString,
  SELLER_ADDRESS: optionalString,
  SELLER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, {
      message: 'must be a 15-character GSTIN, e.g. 24AAKCK1234F1Z5',
    })
    .default(DEMO_GSTIN),
  SELLER_STATE: z.string().min(2).default('Gujarat'),

  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,

  STORAGE_DRIVER: z.enum(['disk', 'gridfs']).default('disk'),
  UPLOAD_DIR: optionalString,
  /** Where issued invoice PDFs are kept with the disk driver; empty: <DATA_DIR>/invoices. */
  INVOICE_DIR: optionalString,

  CORS_ORIGINS: optionalString,
  RATE_LIMIT: bool.default(true),
  SEED_ON_EMPTY: bool.default(true),
  /** How old a claim on stock must be before it counts as its process's, dead since (ms). */
  STOCK_CLAIM_STALE_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  /** Mails of any kind the shop sends one address in an IST day (docs/verification.md). */
  MAILS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(20),
});

export type Env = z.output<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: string;
  db: { uri?: string; name: string; dataDir: string; embeddedEngine: Env['EMBEDDED_ENGINE']; port: number };
  /** JWT_SECRET, else the data directory's (secrets.ts). */
  jwtSecret: string;
  /** Signs the payment simulator's payments and webhooks. */
  paymentSimulatorSecret: string;
  admin: { username: string; password: string };
  smtp?: { host: string; port: number; secure: boolean; user?: string; pass?: string };
  mailFrom: string;
  shopNotifyEmail: string;
  shop: Omit<ShopSettings, 'paymentMode' | 'razorpayKeyId'>;
  razorpay?: { keyId: string; keySecret: string; webhookSecret?: string };
  /** The seller on GST tax invoices, and the invoice series' prefix. */
  invoice: { prefix: string; sellerName: string; sellerAddress: string; sellerGstin: string; sellerState: string };
  /** Uploaded images, and issued invoice PDFs (never served under /uploads), on disk or in GridFS. */
  storage: { driver: Env['STORAGE_DRIVER']; uploadDir: string; invoiceDir: string };
  corsOrigins: string[];
  rateLimit: boolean;
  seedOnEmpty: boolean;
  /** A stock claim older than this (ms) was made by a process that has died: recovery gives it back. */
  stockClaimStaleMs: number;
  /** Past this many mails to one address in a day, the shop skips the rest (logged). */
  mailsPerAddressPerDay: number;
}

export class ConfigError extends Error {}

/**
 * Parses the environment; throws one ConfigError line naming every bad variable. `stored` are the
 * data directory's secrets (main passes them); a secret set in the environment wins over them.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, stored?: StoredSecrets): Config {
  // An empty variable (as .env.example leaves optional ones) means "use the default".
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new ConfigError(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const razorpay =
    e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
      ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET }
      : undefined;

  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    // Half a key pair would quietly leave the simulator taking payments in a shop that meant to sell.
    throw new ConfigError(
      'Invalid environment: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET together (Razorpay) or neither (the payment simulator)',
    );
  }
  if (isProduction && e.JWT_SECRET === DEV_JWT_SECRET) {
    throw new ConfigError(
      'Invalid environment: JWT_SECRET is the published development value; remove it (the server makes its own) or set a private one',
    );
  }

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    db: {
      uri: e.MONGODB_URI,
      name: e.DB_NAME,
      dataDir: e.DATA_DIR,
      embeddedEngine: e.EMBEDDED_ENGINE,
      port: e.DB_PORT,
    },
    jwtSecret: e.JWT_SECRET ?? stored?.jwtSecret ?? DEV_JWT_SECRET,
    paymentSimulatorSecret: stored?.paymentSimulatorSecret ?? DEV_RAZORPAY_SIM_SECRET,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD },
    smtp: e.SMTP_HOST
      ? { host: e.SMTP_HOST, port: e.SMTP_PORT, secure: e.SMTP_SECURE, user: e.SMTP_USER, pass: e.SMTP_PASS }
      : undefined,
    mailFrom: e.MAIL_FROM ?? `${e.SHOP_NAME} <${e.SHOP_EMAIL}>`,
    shopNotifyEmail: e.SHOP_NOTIFY_EMAIL ?? e.SHOP_EMAIL,
    shop: {
      name: e.SHOP_NAME,
      phone: e.SHOP_PHONE,
      whatsappPhone: e.SHOP_WHATSAPP ?? `91${e.SHOP_PHONE}`,
      email: e.SHOP_EMAIL,
      address: e.SHOP_ADDRESS,
      publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
      workingHours: DEFAULT_SHOP.workingHours,
      mapEmbedUrl: e.MAP_EMBED_URL,
    },
    razorpay,
    invoice: {
      prefix: e.INVOICE_PREFIX,
      sellerName: e.SELLER_NAME ?? e.SHOP_NAME,
      sellerAddress: e.SELLER_ADDRESS ?? e.SHOP_ADDRESS,
      sellerGstin: e.SELLER_GSTIN,
      sellerState: e.SELLER_STATE,
    },
    storage: {
      driver: e.STORAGE_DRIVER,
      uploadDir: e.UPLOAD_DIR ?? `${e.DATA_DIR}/uploads`,
      invoiceDir: e.INVOICE_DIR ?? `${e.DATA_DIR}/invoices`,
    },
    corsOrigins: (e.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    rateLimit: e.RATE_LIMIT,
    seedOnEmpty: e.SEED_ON_EMPTY,
    stockClaimStaleMs: e.STOCK_CLAIM_STALE_MS,
    mailsPerAddressPerDay: e.MAILS_PER_ADDRESS_PER_DAY,
  };
}
