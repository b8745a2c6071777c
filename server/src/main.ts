import dotenv from 'dotenv';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type RequestListener, type Server } from 'node:http';
import net from 'node:net';
import type { Config } from './config.js';
import type { SecretsOutcome } from './secrets.js';
import type { AppDeps } from './deps.js';
import { prestartEngineThread, startEngine } from './db/engine.js';

dotenv.config({ quiet: true });
// First, before this thread loads even the settings' schema and the logger (imported below as they
// are needed): the engine's thread loads the engine meanwhile, on the other core. A shop on MongoDB
// (MONGODB_URI) has no use for it.
if (!process.env.MONGODB_URI) prestartEngineThread();

const here = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_DIR = path.resolve(here, '../../client/dist');
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * After SIGTERM the listener stays open this long, answering with `Connection: close`, so that
 * keep-alive clients finish on their own instead of having an idle connection closed under a
 * request they are just sending.
 */
const SHUTDOWN_DRAIN_MS = 1_000;
/**
 * The background start-up work (sweeps, backfills, warm-ups, queues) waits for the first /readyz
 * 200, or this long after listen when nothing probes: its queries go to the engine's one thread,
 * and started at listen they stood in front of the first readiness ping.
 */
const BACKGROUND_START_GRACE_MS = 1_000;

/** The environment's settings with the data directory's secrets; exits with one line if either is wrong. */
async function configure(): Promise<{ config: Config; secrets: SecretsOutcome }> {
  const { ConfigError, loadConfig } = await import('./config.js');
  const { loadOrCreateSecrets } = await import('./secrets.js');
  try {
    const secrets = await loadOrCreateSecrets(loadConfig().db.dataDir);
    return { config: loadConfig(process.env, secrets.secrets), secrets };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const { config, secrets } = await configure();
  // Express and React read it themselves: production gives React's production server renderer.
  process.env.NODE_ENV = config.env;
  const { createLogger } = await import('./lib/logger.js');
  const logger = createLogger(config.logLevel);
  if (secrets.created.length > 0) {
    logger.info(
      { file: secrets.file, created: secrets.created },
      'made the server secrets: back this file up with the data directory',
    );
  }

  const engineStarting = startEngine({
    uri: config.db.uri,
    preference: config.db.embeddedEngine,
    dataDir: config.db.dataDir,
    logger,
    onThreadLost: (err) => {
      logger.fatal(`The database engine stopped: ${err.message}`);
      process.exit(1);
    },
  });
  // Its failure is reported below, once the app's modules are loaded.
  engineStarting.catch(() => undefined);
  // The app's modules load here, on this thread, while the engine loads the data on its own.
  const modules = await import('./main-modules.js');
  const engine = await engineStarting;
  const stopDatabase = async () => {
    await modules.mongoose.disconnect();
    await engine.stop();
  };
  try {
    await modules.connectMongoose(modules.databaseUri(engine.uri, config.db.name));
  } catch (err) {
    logger.fatal(`Cannot connect to the database at ${redact(engine.uri)}: ${(err as Error).message}`);
    await engine.stop();
    process.exit(1);
  }

  let deps: AppDeps;
  let listener: RequestListener;
  try {
    const replaced = await modules.dropLegacyPaymentIndexes();
    if (replaced.length > 0)
      logger.info({ indexes: replaced }, 'order payment indexes made sparse for cash on delivery');
    await modules.syncIndexes();
    await modules.backfillSearchKeys();
    await modules.ensureAdmin(config);
    logger.info({ engine: engine.name }, `database engine: ${describeEngine(engine.name)}`);
    deps = await modules.buildDeps(config, logger, CLIENT_DIR);
    if (config.seedOnEmpty) await modules.seedIfEmpty(deps);
    ({ listener } = modules.createRequestListener(deps));
  } catch (err) {
    // An embedded mongod is a child process, and the wire engine flushes its file on stop.
    await stopDatabase().catch(() => undefined);
    throw err;
  }

  let stopRecovery: (() => void) | undefined;
  let stopMailQueue: (() => void) | undefined;
  let stopInvoiceQueue: (() => void) | undefined;
  // As Express's app.listen does it: a listen error (EADDRINUSE, EACCES) goes to the callback, once.
  const server: Server = createServer(listener);
  let listenAnswered = false;
  const listening = (err?: Error) => {
    if (listenAnswered) return;
    listenAnswered = true;
    if (err) {
      // Express hands listen errors (EADDRINUSE, EACCES) to this callback instead of throwing.
      logger.fatal(`Cannot listen on ${config.host}:${config.port}: ${err.message}`);
      void stopDatabase()
        .catch(() => undefined)
        .finally(() => process.exit(1));
      return;
    }
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    logger.info(`store listening on http://localhost:${port} (payments: ${deps.payments.mode})`);
    const grace = new Promise((resolve) => setTimeout(resolve, BACKGROUND_START_GRACE_MS).unref());
    void Promise.race([modules.firstReadiness(), grace]).then(startBackgroundWork);
    if (config.isProduction && !config.razorpay) {
      logger.warn(
        'No Razorpay keys: the payment simulator takes payments, so no money moves and any shopper can ' +
          'mark an order paid. Set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET before selling.',
      );
    }
    if (config.razorpay && !config.razorpay.webhookSecret) {
      logger.warn(
        'RAZORPAY_WEBHOOK_SECRET is not set: webhooks are refused, so a payment whose browser never ' +
          'comes back to verify it will not become an order',
      );
    }
  };
  const startBackgroundWork = () => {
    if (stopping) return;
    // Orders a stopped process left half placed: their stock goes back, or stays with the order.
    stopRecovery = modules.startStockRecovery(deps);
    modules.startOrderSearchBackfill(deps);
    // Shoppers' COD histories from orders that ended before the counters existed; once, in the background.
    modules.startCodHistoryBackfill(deps);
    // An upgraded shop's sales days, computed ahead of the owner's first long stats window.
    modules.startSalesRollupWarmUp(deps);
    // Mails promised before a stop, and retries: sent by whichever process's sweep finds them due.
    stopMailQueue = deps.mailer.startQueue?.();
    // Accounts from before the users list's search; until done, a search may miss some of them.
    modules.backfillUserSearchKeys().then(
      (count) => count > 0 && logger.info({ count }, 'accounts given their search keys'),
      (err: unknown) =>
        logger.error({ err }, 'accounts could not be given their search keys; will retry at next start'),
    );
    // Invoices (and order mails) of orders placed just before a stop: made by whichever process sweeps first.
    stopInvoiceQueue = modules.startInvoiceQueue(deps);
  };
  server.once('error', listening);
  server.listen(config.port, config.host, listening);

  // Graceful stop: every response says `Connection: close`; after a short drain the listener
  // closes; every request already received is answered; then the database closes with a final
  // checkpoint. Only requests still running SHUTDOWN_GRACE_MS after that are cut off.
  let stopping = false;
  server.prependListener('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: draining connections, finishing requests in flight');
    setTimeout(() => closeListener(), SHUTDOWN_DRAIN_MS).unref();
  };
  const closeListener = () => {
    const force = setTimeout(() => {
      logger.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s; closing their connections`);
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // net.Server's close, not http.Server's: the latter also destroys every connection that has
    // no request in progress *yet*, including one just accepted whose request is on its way.
    // Those connections are answered (with `Connection: close`) or time out as idle instead.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(force);
      stopRecovery?.();
      stopMailQueue?.();
      stopInvoiceQueue?.();
      // Invoices of the last orders answered finish first, for a while (a job cut off here is left
      // to the next start's sweep, and its mails with it).
      modules
        .withTimeout(modules.settleStartedInvoiceJobs(), SHUTDOWN_GRACE_MS)
        .then(stopDatabase)
        .then(
          () => {
            logger.info('stopped');
            process.exit(0);
          },
          (err: unknown) => {
            logger.error({ err }, 'the database did not close cleanly');
            process.exit(1);
          },
        );
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function describeEngine(name: string): string {
  if (name === 'external') return 'MongoDB server from MONGODB_URI';
  if (name === 'mongod') return 'embedded mongod (mongodb-memory-server)';
  return 'in-process wire-protocol engine (no mongod binary available)';
}

function redact(uri: string): string {
  return uri.replace(/\/\/[^@/]+@/, '//***@');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
