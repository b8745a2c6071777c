import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, InvoiceLine } from '../modules/orders/invoice.js';
import { renderInvoicePdf } from '../modules/orders/invoice-pdf.js';
import { RESOURCE_LIMITS } from '../modules/orders/invoice-renderer.js';
import { bundleInvoiceWorker } from './invoice-worker-bundle.js';

const server = fileURLToPath(new URL('../../', import.meta.url));

const line = (n: number, localTitle?: string, title = `Bhringraj Hair Oil ${n}`): InvoiceLine => ({
  title,
  ...(localTitle ? { localTitle } : {}),
  hsnCode: '33059011',
  gstRatePercent: 18,
  quantity: 1,
  unitPricePaise: 49900,
  discountPaise: 0,
  totalPaise: 49900,
  taxablePaise: 42288,
  cgstPaise: 3806,
  sgstPaise: 3806,
  igstPaise: 0,
});

const invoiceOf = (buyerName: string, lines: InvoiceLine[]): Invoice => ({
  number: 'INV/2026-27/000042',
  date: new Date('2026-11-20T06:00:00.000Z'),
  orderRef: 'A1B2C3D4',
  paymentId: 'pay_Long',
  seller: {
    prefix: 'INV',
    sellerName: 'Kesh Ayurveda LLP',
    sellerAddress: '7 Race Course Road, Rajkot, Gujarat 360001',
    sellerGstin: '24AAKCK1234F1Z5',
    sellerState: 'Gujarat',
  },
  buyer: { name: buyerName, email: 'asha@example.com', contact: '9876543210', address: 'Rajkot', state: 'Gujarat' },
  intraState: true,
  coupon: null,
  subtotalPaise: 49900 * lines.length,
  lines,
  totals: {
    discountPaise: 0,
    totalPaise: 49900 * lines.length,
    taxablePaise: 42288 * lines.length,
    cgstPaise: 3806 * lines.length,
    sgstPaise: 3806 * lines.length,
    igstPaise: 0,
  },
  totalInWords: 'Rupees One Thousand Four Hundred Ninety Seven Only',
});

const latin = invoiceOf('Asha Patel', [line(1), line(2), line(3)]);
const gujarati = invoiceOf('આશા પટેલ', [line(1, 'ભૃંગરાજ વાળનું તેલ 1'), line(2, 'ભૃંગરાજ વાળનું તેલ 2')]);
const devanagari = invoiceOf('आशा पटेल', [line(1, 'भृंगराज बालों का तेल 1'), line(2)]);
/** The largest order: 101 lines, each named at the 200-letter limit in Gujarati and in English. */
const largest = invoiceOf(
  'Asha Patel',
  Array.from({ length: 101 }, (_, i) =>
    line(
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
