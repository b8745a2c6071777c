import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { Invoice } from './invoice.js';

/** "1,234.50", Indian grouping; the rupee sign is written before it or in the column's heading. */
const rs = (paise: number) =>
  (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const dateText = (d: Date) =>
  d.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Noto Sans (Google's, OFL, from @expo-google-fonts/noto-sans): PDF's built-in Helvetica has no ₹
 * glyph. A line named in Gujarati, Hindi or Marathi, or a buyer's name or address written so, is set
 * in Noto Sans Gujarati or Noto Sans Devanagari (same family and packager; each also has Latin, digits
 * and ₹, so one cell needs one font), which pdfkit shapes (conjuncts, vowel signs) through fontkit.
 * pdfkit embeds only the glyphs an invoice uses, so a page stays small.
 */
const FONTS = {
  Body: fontFile('noto-sans/400Regular/NotoSans_400Regular.ttf'),
  Bold: fontFile('noto-sans/700Bold/NotoSans_700Bold.ttf'),
  GujaratiBody: fontFile('noto-sans-gujarati/400Regular/NotoSansGujarati_400Regular.ttf'),
  GujaratiBold: fontFile('noto-sans-gujarati/700Bold/NotoSansGujarati_700Bold.ttf'),
  DevanagariBody: fontFile('noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  DevanagariBold: fontFile('noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};
function fontFile(file: string): string {
  return createRequire(import.meta.url).resolve(`@expo-google-fonts/${file}`);
}
const RUPEE = '₹';

type FontName = keyof typeof FONTS;

/** Each font as fontkit parsed it, once per thread: its tables are decoded on first use and kept. */
const parsedFonts = new Map<FontName, fontkit.Font>();

/**
 * The font `name` for one document: its decoded tables (GSUB/GPOS lookups, cmap, metrics: three quarters of a
 * render's CPU when decoded per invoice) are shared, its glyph objects are the document's own.
 * fontkit keeps each glyph with the characters it was first reached from, which pdfkit writes into
 * the PDF's ToUnicode map: a glyph shared across documents would make an invoice's bytes depend on
 * the invoices rendered before it, so each document starts an empty glyph cache (and builds its own
 * layout engine and cmap lookup, which fontkit keeps on the object they are first asked of).
 */
export function fontForDocument(name: FontName): fontkit.Font {
  let parsed = parsedFonts.get(name);
  if (!parsed) {
    parsed = fontkit.create(readFileSync(FONTS[name]));
    parsedFonts.set(name, parsed);
  }
  return Object.assign(Object.create(parsed) as fontkit.Font, { _glyphs: {} });
}

const GUJARATI = /[\u0A80-\u0AFF]/;
const DEVANAGARI = /[\u0900-\u097F]/;

/** The font that has every letter of `text`: Noto Sans, unless it is written in Gujarati or Devanagari. */
function fontFor(text: string, bold = false): FontName {
  const script = GUJARATI.test(text) ? 'Gujarati' : DEVANAGARI.test(text) ? 'Devanagari' : '';
  return `${script}${bold ? 'Bold' : 'Body'}`;
}

/** An item's cell: its name in the buyer's language above the English one the owner's books use. */
const itemText = (line: Invoice['lines'][number]) =>
  line.localTitle ? `${line.localTitle}\n${line.title}` : line.title;

/** Lays the invoice out on one A4 page (more pages for long orders) with pdfkit. */
export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  // The invoice's own date as the PDF's: the same invoice always renders to the same bytes.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `Tax Invoice ${invoice.number}`, CreationDate: invoice.date },
  });
  // A script's fonts are read only for an invoice with a letter of it (most have none).
  const text = JSON.stringify(invoice);
  for (const name of Object.keys(FONTS) as FontName[]) {
    const script = /^(Gujarati|Devanagari)/.exec(name)?.[1];
    const used = !script || (script === 'Gujarati' ? GUJARATI : DEVANAGARI).test(text);
    // pdfkit takes a fontkit font where its types say a file or its bytes (PDFFontFactory.open).
    const source = used ? (fontForDocument(name) as unknown as PDFKit.Mixins.PDFFontSource) : FONTS[name];
    doc.registerFont(name, source);
  }
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { seller, buyer, intraState } = invoice;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Bold').fontSize(18).text('TAX INVOICE', { align: 'center' });
  doc.moveDown(0.5).fontSize(10).font('Body');
  doc.text(`Invoice No: ${invoice.number}`);
  doc.text(`Invoice Date: ${dateText(invoice.date)}`);
  doc.text(`Order: #${invoice.orderRef}    Payment: ${invoice.paymentId}`);
  doc.moveDown();

  const top = doc.y;
  const half = width / 2 - 10;
  doc.font('Bold').text('Sold by', left, top, { width: half });
  doc.font('Body').text(seller.sellerName, { width: half });
  doc.text(seller.sellerAddress, { width: half });
  doc.text(`GSTIN: ${seller.sellerGstin}`, { width: half });
  doc.text(`State: ${seller.sellerState}`, { width: half });
  const sellerBottom = doc.y;
  doc.font('Bold').text('Billed and shipped to', left + half + 20, top, { width: half });
  doc.font(fontFor(buyer.name)).text(buyer.name || buyer.email, { width: half });
  doc.font(fontFor(buyer.address)).text(buyer.address || '-', { width: half });
  doc.font('Body').text(`State: ${buyer.state || '-'}`, { width: half });
  if (buyer.contact) doc.text(`Phone: ${buyer.contact}`, { width: half });
  doc.y = Math.max(sellerBottom, doc.y) + 14;

  const taxColumns = intraState ? ['CGST', 'SGST'] : ['IGST'];
  const headings = [
    '#',
    'Item',
    'HSN',
    'Qty',
    `Rate (${RUPEE})`,
    'GST %',
    `Taxable (${RUPEE})`,
    ...taxColumns,
    `Total (${RUPEE})`,
  ];
  // HSN codes of hair oils are eight digits (3305 9011): at 8.5 pt they need ~39 pt on one line.
  const widths = intraState ? [18, 119, 46, 28, 55, 35, 62, 50, 50, 52] : [18, 144, 46, 28, 58, 38, 68, 60, 55];
  const cellOptions = (i: number) => ({
    width: widths[i]! - 4,
    align: i >= 3 ? ('right' as const) : ('left' as const),
  });
  const row = (cells: string[], bold = false) => {
    doc.fontSize(8.5);
    // A row that would cross the page's foot goes whole to the next page, under the headings again:
    // left to pdfkit, each of its cells would break onto a page of its own (a 40-line order made 200 pages).
    const height = Math.max(
      ...cells.map((cell, i) => doc.font(fontFor(cell, bold)).heightOfString(cell, cellOptions(i))),
    );
    if (doc.y + height > doc.page.maxY()) {
      doc.addPage();
      if (cells !== headings) row(headings, true);
    }
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      doc.font(fontFor(cell, bold)).text(cell, x + 2, y, cellOptions(i));
      bottom = Math.max(bottom, doc.y);
      x += w;
    });
    doc.y = bottom + 4;
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .strokeColor('#cccccc')
      .stroke();
  };
  row(headings, true);
  invoice.lines.forEach((line, index) => {
    const tax = intraState ? [rs(line.cgstPaise), rs(line.sgstPaise)] : [rs(line.igstPaise)];
    row([
      String(index + 1),
      itemText(line),
      line.hsnCode,
      String(line.quantity),
      rs(line.unitPricePaise),
      `${line.gstRatePercent}%`,
      rs(line.taxablePaise),
      ...tax,
      rs(line.totalPaise),
    ]);
  });
  const t = invoice.totals;
  const totalTax = intraState ? [rs(t.cgstPaise), rs(t.sgstPaise)] : [rs(t.igstPaise)];
  row(['', 'Total', '', '', '', '', rs(t.taxablePaise), ...totalTax, rs(t.totalPaise)], true);

  doc.moveDown().fontSize(10).font('Body');
  if (invoice.coupon && t.discountPaise > 0) {
    doc.text(`Value before discount: ${RUPEE}${rs(invoice.subtotalPaise)}`, left);
    doc.text(`Coupon ${invoice.coupon}: −${RUPEE}${rs(t.discountPaise)} (each line above is after its share)`, left);
  }
  doc.text(`Taxable value: ${RUPEE}${rs(t.taxablePaise)}`, left);
  if (intraState) {
    doc.text(`CGST: ${RUPEE}${rs(t.cgstPaise)}`);
    doc.text(`SGST: ${RUPEE}${rs(t.sgstPaise)}`);
  } else {
    doc.text(`IGST: ${RUPEE}${rs(t.igstPaise)}`);
  }
  doc.font('Bold').text(`Invoice total: ${RUPEE}${rs(t.totalPaise)}`);
  doc.font('Body').text(`Amount in words: ${invoice.totalInWords}`);
  doc.moveDown();
  doc
    .fontSize(8)
    .fillColor('#555555')
    .text(
      'Prices include GST. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.',
    );
  doc.end();
  return finished;
}
