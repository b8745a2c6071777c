/**
 * Restores a backup made by `npm run db:backup` into an empty data directory:
 *   npm run db:restore -- <backup folder>
 * The shop must be stopped (the data directory is locked while it runs).
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { restoreDataDirectory } from '@kesh/embedded-mongo/backup';
import { copyInvoices } from './invoice-copies.js';
import { copySecretsFile } from '../secrets.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const source = process.argv[2];
  if (!source) throw new Error('Usage: npm run db:restore -- <backup folder>');
  if (config.db.uri) {
    throw new Error(
      'MONGODB_URI is set: restore that server with mongorestore (see the README), not with this command.',
    );
  }
  const dataDir = path.resolve(config.db.dataDir);
  const manifest = await restoreDataDirectory(path.resolve(source), dataDir);
  const invoices = await copyInvoices(
    path.join(path.resolve(source), 'invoices'),
    path.resolve(config.storage.invoiceDir),
  );
  const secrets = await copySecretsFile(path.resolve(source), dataDir);
  console.log(
    `Restored ${manifest.documents} documents, ${invoices} invoice PDFs` +
      `${secrets ? ' and the server secrets' : ''} (backup of ${manifest.createdAt}) into ${dataDir}`,
  );
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
