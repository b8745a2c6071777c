import { setTimeout as sleep } from 'node:timers/promises';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { invoiceLine, invoiceWith } from '../../test/invoices.js';
import { pdfText } from '../../test/pdf.js';
import type { Invoice, InvoiceLine } from './invoice.js';
import { fontForDocument, renderInvoicePdf } from './invoice-pdf.js';
import { invoiceRenderer } from './invoice-renderer.js';

const line = (n: number): InvoiceLine => invoiceLine(n, `ભૃંગરાજ વાળનું તેલ ${n}`);

/** An order of `count` lines, each named in Gujarati above its English name (two text lines a row). */
const invoiceOf = (count: number): Invoice =>
  invoiceWith(
    'Asha Patel',
    Array.from({ length: count }, (_, i) => line(i + 1)),
    'Rupees Nineteen Thousand Nine Hundred Sixty Only',
  );

describe('the invoice PDF', () => {
  it('carries a long order over whole pages, its rows whole and the headings repeated on each page', async () => {
    const pdf = await renderInvoicePdf(invoiceOf(40));
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    expect(doc.numPages).toBe(2);
    const pages = await Promise.all(
      Array.from({ length: doc.numPages }, async (_, i) =>
        (await (await doc.getPage(i + 1)).getTextContent()).items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' '),
      ),
    );
    for (const page of pages) expect(page).toContain('Taxable (₹)');
    const text = await pdfText(pdf);
    for (let n = 1; n <= 40; n += 1) expect(text).toContain(`Bhringraj Hair Oil ${n}`);
    expect(text).toContain('Invoice total: ₹19,960.00');
  });

  it("prints a hair oil's eight-digit HSN code on one line, within and across states", async () => {
    for (const intraState of [true, false]) {
      const doc = await getDocumentProxy(new Uint8Array(await renderInvoicePdf({ ...invoiceOf(1), intraState })));
      const cells = (await (await doc.getPage(1)).getTextContent()).items.map((item) =>
        'str' in item ? item.str : '',
      );
      expect(cells).toContain('33059011');
    }
  });

  it('gives each document glyphs of its own over fonts parsed once', () => {
    const first = fontForDocument('Body');
    const [reached] = first.layout('A').glyphs;
    expect(reached!.codePoints).toEqual([0x41]);
    // pdfkit's subset writer reaches a composite glyph's parts by id alone: a glyph shared with the
    // next document would carry the characters of whichever document reached it first.
    const next = fontForDocument('Body').getGlyph(reached!.id);
    expect(next).not.toBe(reached);
    expect(next.codePoints).toEqual([]);
  });

  it('renders an invoice to the same bytes whatever this thread rendered before it', async () => {
    const latin = { ...invoiceOf(2), lines: [{ ...line(1), localTitle: undefined, title: 'Café Àé oil' }] };
    const hindi = { ...invoiceOf(3), buyer: { ...invoiceOf(1).buyer, name: 'आशा पटेल', address: 'राजकोट' } };
    const invoices = [latin, invoiceOf(3), hindi];
    const first: Buffer[] = [];
    for (const invoice of invoices) first.push(await renderInvoicePdf(invoice));
    const again: Buffer[] = [];
    for (const invoice of [...invoices].reverse()) again.unshift(await renderInvoicePdf(invoice));
    expect(again.map((pdf, i) => pdf.equals(first[i]!))).toEqual([true, true, true]);
  });
});

describe('the invoice thread', () => {
  it('renders the same invoice on a new thread after the last one ended for idling', async () => {
    const render = invoiceRenderer(1);
    const first = await render(invoiceOf(3));
    // The thread's 1 ms idle timer is set before this sleep and fires first (worker-thread.test.ts).
    await sleep(20);
    const again = await render(invoiceOf(3));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(await pdfText(again)).toContain('Invoice No: INV/2026-27/000042');
  });
});
