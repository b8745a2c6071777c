import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceLine } from '../modules/orders/invoice.js';
import { renderInvoicePdf } from '../modules/orders/invoice-pdf.js';
import { RESOURCE_LIMITS } from '../modules/orders/invoice-renderer.js';
import { invoiceLine, invoiceWith } from '../test/invoices.js';
import { bundleInvoiceWorker } from './invoice-worker-bundle.js';

const server = fileURLToPath(new URL('../../', import.meta.url));

const invoiceOf = (buyerName: string, lines: InvoiceLine[]): Invoice =>
  invoiceWith(buyerName, lines, 'Rupees One Thousand Four Hundred Ninety Seven Only');

const latin = invoiceOf('Asha Patel', [invoiceLine(1), invoiceLine(2), invoiceLine(3)]);
const gujarati = invoiceOf('આશા પટેલ', [invoiceLine(1, 'ભૃંગરાજ વાળનું તેલ 1'), invoiceLine(2, 'ભૃંગરાજ વાળનું તેલ 2')]);
const devanagari = invoiceOf('आशा पटेल', [invoiceLine(1, 'भृंगराज बालों का तेल 1'), invoiceLine(2)]);
/** The largest order: 101 lines, each named at the 200-letter limit in Gujarati and in English. */
const largest = invoiceOf(
  'Asha Patel',
  Array.from({ length: 101 }, (_, i) =>
    invoiceLine(
      i + 1,
      `${'ભૃંગરાજ '.repeat(25)}`.slice(0, 196) + ` ${i + 1}`,
      `${'Bhringraj '.repeat(20)}`.slice(0, 196) + ` ${i + 1}`,
    ),
  ),
);

describe('the bundled invoice thread', () => {
  let dir: string;
  let thread: Worker;
  let nextId = 0;
  const render = (invoice: Invoice) =>
    new Promise<Buffer>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (message: { id: number; output?: Uint8Array; error?: string }) => {
        if (message.id !== id) return;
        thread.off('message', onMessage);
        if (message.output) resolve(Buffer.from(message.output));
        else reject(new Error(message.error));
      };
      thread.on('message', onMessage);
      thread.postMessage({ id, input: invoice });
    });

  beforeAll(async () => {
    // Under the server's folder, where pdfkit and the fonts resolve from, as in dist/.
    dir = await mkdtemp(path.join(server, 'node_modules', '.invoice-bundle-'));
    const file = path.join(dir, 'invoice-worker.bundle.js');
    await bundleInvoiceWorker(path.join(server, 'src/modules/orders/invoice-worker.ts'), file);
    thread = new Worker(file, { resourceLimits: RESOURCE_LIMITS });
  });
  afterAll(async () => {
    await thread?.terminate();
    await rm(dir, { recursive: true, force: true });
  });

  it('renders Latin, Gujarati and Devanagari invoices, one after another, to the bytes the modules make', async () => {
    for (const invoice of [latin, gujarati, devanagari, latin, gujarati]) {
      const bundled = await render(invoice);
      expect(bundled.equals(await renderInvoicePdf(invoice))).toBe(true);
    }
  }, 120_000);

  it("renders the largest possible order's invoice within the thread's heap limits", async () => {
    const bundled = await render(largest);
    expect(bundled.equals(await renderInvoicePdf(largest))).toBe(true);
  }, 120_000);
});
