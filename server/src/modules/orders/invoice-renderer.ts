import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics.js';
import { workerThread } from '../../lib/worker-thread.js';
import type { Invoice } from './invoice.js';

/** Every invoice PDF laid out by this process: after the first, an order's invoice is read from storage. */
export const invoiceRenders = new Counter({
  name: 'kesh_invoice_renders_total',
  help: 'Invoice PDFs rendered (each order once; again only when its stored file is missing)',
  registers: [metricsRegistry],
});

const render = workerThread<Invoice, Uint8Array>(new URL('./invoice-worker', import.meta.url), 'invoice rendering');

/**
 * Lays an invoice out as a PDF on a worker thread. pdfkit's layout and font subsetting are one
 * synchronous run of 120-640 ms of CPU per invoice (measured on this 2-core machine): on the event
 * loop that would hold every other request as long. One thread renders them in turn: invoices are
 * rendered once per order, so one keeps up with any shop's orders and leaves the other core to the
 * event loop.
 */
export async function renderInvoiceOffLoop(invoice: Invoice): Promise<Buffer> {
  invoiceRenders.inc();
  const pdf = await render(invoice);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
