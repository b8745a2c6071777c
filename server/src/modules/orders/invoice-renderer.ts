import { Worker } from 'node:worker_threads';
import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics.js';
import type { Invoice } from './invoice.js';

/** Every invoice PDF laid out by this process: after the first, an order's invoice is read from storage. */
export const invoiceRenders = new Counter({
  name: 'kesh_invoice_renders_total',
  help: 'Invoice PDFs rendered (each order once; again only when its stored file is missing)',
  registers: [metricsRegistry],
});

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

/**
 * The built server runs the compiled invoice-worker.js as is. Under tsx and vitest this module is
 * TypeScript source, and so is the worker: a worker thread does not inherit their loaders, so it
 * loads its source through tsx's own import.
 */
function startWorker(): Worker {
  const started = import.meta.url.endsWith('.ts')
    ? new Worker(
        "import('tsx/esm/api')" +
          `.then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./invoice-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`,
        { eval: true },
      )
    : new Worker(new URL('./invoice-worker.js', import.meta.url));
  started.on('message', ({ id, pdf, error }: { id: number; pdf?: Uint8Array; error?: string }) => {
    const job = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (!job) return;
    if (pdf) job.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    else job.reject(new Error(`invoice rendering failed: ${error}`));
  });
  const fail = (err: Error) => {
    if (worker === started) worker = undefined;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`the invoice worker stopped (exit code ${code})`)));
  return started;
}

/**
 * Lays an invoice out as a PDF on a worker thread. pdfkit's layout and font subsetting are one
 * synchronous run of 120-640 ms of CPU per invoice (measured on this 2-core machine): on the event
 * loop that would hold every other request as long. One worker (a pool of one) renders them in
 * turn: invoices are rendered once per order, so one thread keeps up with any shop's orders, and it
 * leaves the other core to the event loop. The worker starts with the first invoice and holds the
 * process open only while it has work.
 */
export function renderInvoiceOffLoop(invoice: Invoice): Promise<Buffer> {
  worker ??= startWorker();
  const id = ++nextId;
  const current = worker;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    current.ref();
    current.postMessage({ id, invoice });
    invoiceRenders.inc();
  });
}
