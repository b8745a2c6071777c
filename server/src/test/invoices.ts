import type { Invoice, InvoiceLine } from '../modules/orders/invoice.js';

/** One line of an invoice: a ₹499 bottle at 18 % GST, named in English and, if given, the shopper's script. */
export const invoiceLine = (n: number, localTitle?: string, title = `Bhringraj Hair Oil ${n}`): InvoiceLine => ({
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

/** An intra-state (Gujarat) invoice of `lines` (each as invoiceLine makes it) to `buyerName`. */
export const invoiceWith = (buyerName: string, lines: InvoiceLine[], totalInWords: string): Invoice => ({
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
  totalInWords,
});
