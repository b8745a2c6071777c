/**
 * A consistent copy of the embedded database while the shop runs:
 *   npm run db:backup [-- <folder>]      (default: ./backups/<date-time>)
 * Restore it with `npm run db:restore -- <folder>`. For a MongoDB server (MONGODB_URI set),
 * use mongodump/mongorestore instead.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backupDataDirectory } from '@kesh/embedded-mongo/backup';
import { copyInvoices } from './invoice-copies.js';
import { copySecretsFile } from '../secrets.js';

async function run(): Promise<void> {
  const config = loadConfig();
  if (config.db.uri) {
    throw new Error('MONGODB_URI is set: back up that server with mongodump (see the README), not with this command.');
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const destination = path.resolve(process.argv[2] ?? path.join('backups', stamp));
  const manifest = await backupDataDirectory(path.resolve(config.db.dataDir), destination);
  const invoices = await copyInvoices(path.resolve(config.storage.invoiceDir), path.join(destination, 'invoices'));
  // Without them a restored shop signs everyone out and refuses the reset codes already mailed.
  const secrets = await copySecretsFile(path.resolve(config.db.dataDir), destination);
  console.log(
    `Backed up ${manifest.documents} documents in ${manifest.collections.length} collections ` +
      `(${(manifest.bytes / 1024).toFixed(1)} KiB, journal record ${manifest.lsn}), ${invoices} invoice PDFs` +
      `${secrets ? ' and the server secrets (secrets.json: keep this backup private)' : ''} to ${destination}`,
  );
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
