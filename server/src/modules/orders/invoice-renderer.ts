import { Counter } from 'prom-client';
import { metricsRegistry } from '../../lib/metrics.js';
import { bundledEntry, workerThread } from '../../lib/worker-thread.js';
import type { Invoice } from './invoice.js';

/** Every invoice PDF laid out by this process: after the first, an order's invoice is read from storage. */
export const invoiceRenders = new Counter({
  name: 'kesh_invoice_renders_total',
  help: 'Invoice PDFs rendered (each order once; again only when its stored file is missing)',
  registers: [metricsRegistry],
});

/**
 * The thread ends after this long without an invoice, and its memory goes back to the system: 20
 * invoices at 100,000 orders left the process at 481-483 MB 30 s later with it, 492-525 without.
 * Invoices come one per order, minutes apart, and each then pays the thread's start (~0.5 s of its
 * CPU, off the event loop); a burst (the owner downloading several, a sweep's retries) keeps one.
 */
const IDLE_MS = 15_000;
/**
 * The thread's heap, capped. Uncapped, V8 let it grow with every invoice's garbage: 20 small
 * invoices took a process 174 MB above where it started, capped 71 MB. The largest invoice an order
 * can make (100 lines with 200-letter Gujarati and English names, 26 pages) renders within a 32 MB
 * old generation and dies at 24: 64 is twice the first. A thread that reaches it dies, failing that
 * render only, which the invoice job tries again later (invoice-jobs.ts). A 2 MB young generation
 * (32 MB by default, 6 before decision 0045) cost no CPU that could be measured and leaves the
 * process ~8 MB lower after five small invoices than 6 MB did. docs/performance.md, "Invoice
 * rendering's memory".
 */
export const RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 64 };
/**
 * Invoices render after the answer that made them (a queue), so their thread runs at nice 10: a
 * core the event loop or the engine thread needs is theirs first; an idle one renders at full speed.
 */
export const NICENESS = 10;

/**
 * The thread's code: in the built server, one file (build/invoice-worker-bundle.ts), which the
 * thread loads in less memory than the modules it is made from.
 */
const INVOICE_WORKER = bundledEntry(new URL('./invoice-worker', import.meta.url), [
  new URL('./invoice-pdf.js', import.meta.url),
  new URL('../../lib/worker-thread.js', import.meta.url),
]);

/** Renders invoices one after another on a thread of their own that ends after `idleMs` without one. */
export const invoiceRenderer = (idleMs = IDLE_MS) =>
  workerThread<Invoice, Uint8Array>(INVOICE_WORKER, 'invoice rendering', {
    idleMs,
    resourceLimits: RESOURCE_LIMITS,
    niceness: NICENESS,
  });

const render = invoiceRenderer();

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
