import { parentPort } from 'node:worker_threads';
import { serveJobs } from '../../lib/worker-thread.js';
import type { Invoice } from './invoice.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The worker thread of invoice-renderer.ts: lays out one invoice per message, in order. */
serveJobs(parentPort!, async (invoice: Invoice) => {
  // A copy owns its memory, so it can be handed over without copying it again.
  const pdf = new Uint8Array(await renderInvoicePdf(invoice));
  return { output: pdf, transfer: [pdf.buffer] };
});
