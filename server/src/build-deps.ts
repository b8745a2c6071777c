import path from 'node:path';
import mongoose from 'mongoose';
import type { Config } from './config.js';
import type { AppDeps } from './deps.js';
import type { Logger } from './lib/logger.js';
import { createMailer } from './lib/mailer.js';
import { createDiskStorage, type ImageStorage } from './lib/storage.js';
import { createDurableMailer } from './modules/mail/index.js';
import { createPaymentGateway } from './modules/payments/index.js';

export async function createStorage(config: Config): Promise<ImageStorage> {
  if (config.storage.driver === 'gridfs') {
    const { createGridFsStorage } = await import('./lib/gridfs-storage.js');
    const db = mongoose.connection.db;
    if (!db) throw new Error('GridFS storage needs a connected database');
    return createGridFsStorage(db);
  }
  return createDiskStorage(config.storage.uploadDir);
}

/** The production wiring of every dependency a route module may use. */
export async function buildDeps(config: Config, logger: Logger, clientDir?: string): Promise<AppDeps> {
  return {
    config,
    logger,
    mailer: createDurableMailer(createMailer({ from: config.mailFrom, smtp: config.smtp, logger }), logger),
    storage: await createStorage(config),
    payments: createPaymentGateway(config),
    clientDir: clientDir ? path.resolve(clientDir) : undefined,
  };
}
