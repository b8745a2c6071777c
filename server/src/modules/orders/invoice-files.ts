import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import mongoose, { mongo } from 'mongoose';
import type { AppDeps } from '../../deps.js';
import type { OrderRecord } from './dto.js';
import { buildInvoice } from './invoice.js';
import { ensureInvoiceNumber } from './invoice-number.js';
import { renderInvoiceOffLoop } from './invoice-renderer.js';

/** Where issued invoices are kept, by order id. Never under /uploads: an invoice is private. */
interface InvoiceFiles {
  read(orderId: string): Promise<Buffer | null>;
  write(orderId: string, pdf: Buffer): Promise<void>;
}

/**
 * <INVOICE_DIR>/<order id>.pdf. Written aside, flushed and renamed, so a reader (or a crash) never
 * finds half a file; two processes rendering the same missing invoice write the same bytes.
 */
function diskInvoiceFiles(dir: string): InvoiceFiles {
  const fileOf = (orderId: string) => path.join(dir, `${orderId}.pdf`);
  return {
    async read(orderId) {
      try {
        return await readFile(fileOf(orderId));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async write(orderId, pdf) {
      await mkdir(dir, { recursive: true });
      const tmp = `${fileOf(orderId)}.${randomBytes(4).toString('hex')}.tmp`;
      const file = await open(tmp, 'w');
      try {
        await file.writeFile(pdf);
        await file.sync();
      } finally {
        await file.close();
      }
      try {
        await rename(tmp, fileOf(orderId));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
  };
}

/** The "invoices" GridFS bucket: shared by every process of a shop that runs several. */
function gridFsInvoiceFiles(db: mongo.Db): InvoiceFiles {
  const bucket = new mongo.GridFSBucket(db, { bucketName: 'invoices' });
  return {
    async read(orderId) {
      const [file] = await bucket.find({ filename: orderId }).limit(1).toArray();
      if (!file) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of bucket.openDownloadStream(file._id)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    write(orderId, pdf) {
      return new Promise<void>((resolve, reject) => {
        const upload = bucket.openUploadStream(orderId, { metadata: { contentType: 'application/pdf' } });
        upload.once('error', reject);
        upload.once('finish', () => resolve());
        upload.end(pdf);
      });
    },
  };
}

function invoiceFilesOf(config: AppDeps['config']): InvoiceFiles {
  if (config.storage.driver === 'gridfs') {
    const db = mongoose.connection.db;
    if (!db) throw new Error('invoices in GridFS need a connected database');
    return gridFsInvoiceFiles(db);
  }
  return diskInvoiceFiles(path.resolve(config.storage.invoiceDir));
}

export interface IssuedInvoice {
  number: string;
  pdf: Buffer;
}

/** Invoices being rendered by this process, by order id: concurrent askers share one render. */
const rendering = new Map<string, Promise<IssuedInvoice>>();

/**
 * The order's invoice as issued: numbered, rendered once (off the event loop) and kept; afterwards
 * read back. An invoice never changes once issued, so the stored file is always the answer.
 */
export function issuedInvoice(deps: Pick<AppDeps, 'config'>, order: OrderRecord): Promise<IssuedInvoice> {
  const orderId = String(order._id);
  const running = rendering.get(orderId);
  if (running) return running;
  const files = invoiceFilesOf(deps.config);
  const issuing = (async () => {
    const number =
      order.invoiceNumber ?? (await ensureInvoiceNumber(order._id, order.createdAt, deps.config.invoice.prefix));
    const stored = await files.read(orderId);
    if (stored) return { number, pdf: stored };
    const pdf = await renderInvoiceOffLoop(buildInvoice(order, number, deps.config.invoice));
    await files.write(orderId, pdf);
    return { number, pdf };
  })().finally(() => rendering.delete(orderId));
  rendering.set(orderId, issuing);
  return issuing;
}

/** "INV-2026-27-000123.pdf" */
export const invoiceFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;
