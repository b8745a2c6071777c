/**
 * A consistent copy of the embedded database while the shop runs:
 *   npm run db:backup [-- <folder>]      (default: ./backups/<date-time>)
 * Restore it with `npm run db:restore -- <folder>`. For a MongoDB server (MONGODB_URI set),
 * use mongodump/mongorestore instead.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupDataDirectory } from '../db/embedded/backup.js';
import { copyInvoices } from './invoice-copies.js';

async function run(): Promise<void> {
  const config = loadConfig();
  if (config.db.uri) {
    throw new Error('MONGODB_URI is set: back up that server with mongodump (see the README), not with this command.');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = path.resolve(process.argv[2] ?? path.join('backups', stamp));
  const manifest = await backupDataDirectory(path.resolve(config.db.dataDir), destination);
  const invoices = await copyInvoices(path.resolve(config.storage.invoiceDir), path.join(destination, 'invoices'));
  console.log(
    `Backed up ${manifest.documents} documents in ${manifest.collections.length} collections ` +
      `(${(manifest.bytes / 1024).toFixed(1)} KiB, journal record ${manifest.lsn}) and ${invoices} invoice PDFs to ${destination}`,
  );
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
