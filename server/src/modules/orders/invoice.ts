import { ToWords } from 'to-words/en-IN';
import {
  COD_FEE_GST_RATE_PERCENT,
  COD_FEE_SAC,
  DEFAULT_GST_RATE_PERCENT,
  DEFAULT_HSN_CODE,
  ORDER_ID_DISPLAY_LENGTH,
  discountShares,
  splitAddress,
  type LanguageCode,
} from '@kesh/shared';
import type { Config } from '../../config.js';
import { languageOf, lineTitle, paymentTextOf, type OrderRecord } from './dto.js';

/** The cash-on-delivery fee's line on the invoice. */
export const COD_FEE_LINE_TITLE = 'Cash on delivery fee';

export interface InvoiceLine {
  /** English, as the owner and the CSV name it. */
  title: string;
  /** The same in the order's language, when the line kept a title in it (orders from before have none). */
  localTitle?: string;
  hsnCode: string;
  gstRatePercent: number;
  quantity: number;
  unitPricePaise: number;
  /** The line's share of the order's coupon discount. */
  discountPaise: number;
  /** Price × quantity less the discount share, taxes included (the shop's prices include GST). */
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface Invoice {
  number: string;
  date: Date;
  orderRef: string;
  paymentId: string;
  seller: Config['invoice'];
  buyer: { name: string; email: string; contact: string; address: string; state: string };
  intraState: boolean;
  /** The coupon code, and the order's value before it; null and the total without one. */
  coupon: string | null;
  subtotalPaise: number;
  lines: InvoiceLine[];
  totals: Omit<InvoiceLine, 'title' | 'localTitle' | 'hsnCode' | 'gstRatePercent' | 'quantity' | 'unitPricePaise'>;
  totalInWords: string;
}

/** A line's English name, and its name in the buyer's language when that differs. */
function namesOf(
  line: Parameters<typeof lineTitle>[0],
  language: LanguageCode,
): Pick<InvoiceLine, 'title' | 'localTitle'> {
  const title = lineTitle(line);
  const localTitle = lineTitle(line, language);
  return localTitle === title ? { title } : { title, localTitle };
}

const toWords = new ToWords({ localeCode: 'en-IN', converterOptions: { currency: true } });

const sameState = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The numbers of a GST tax invoice, all in paise: prices include GST, so a line's taxable value is
 * its total ÷ (1 + rate), and its tax is split into CGST + SGST when the buyer is in the seller's
 * state, IGST otherwise.
 */
export function buildInvoice(order: OrderRecord, invoiceNumber: string, seller: Config['invoice']): Invoice {
  const details = order.userDetails ?? { username: '', email: '', contact: '', address: '' };
  const buyerState = splitAddress(details.address ?? '').state;
  const intraState = buyerState !== '' && sameState(buyerState, seller.sellerState);
  const language = languageOf(order);
  const charged: (Pick<InvoiceLine, 'title' | 'localTitle' | 'hsnCode' | 'gstRatePercent' | 'quantity'> & {
    pricePaise: number;
  })[] = order.products.map((line) => ({
    ...namesOf(line, language),
    hsnCode: line.hsnCode || DEFAULT_HSN_CODE,
    gstRatePercent: line.gstRatePercent ?? DEFAULT_GST_RATE_PERCENT,
    quantity: line.quantity,
    pricePaise: line.pricePaise,
  }));
  // A coupon lowers the price actually paid for the goods (not the COD fee), so each product line
  // is taxed on its price after its share of the discount.
  const shares = discountShares(
    charged.map((line) => line.pricePaise * line.quantity),
    order.discountPaise ?? 0,
  );
  if (order.codFeePaise) {
    charged.push({
      title: COD_FEE_LINE_TITLE,
      hsnCode: COD_FEE_SAC,
      gstRatePercent: COD_FEE_GST_RATE_PERCENT,
      quantity: 1,
      pricePaise: order.codFeePaise,
    });
  }
  const grossPaise = charged.map((line) => line.pricePaise * line.quantity);
  const lines = charged.map((line, i): InvoiceLine => {
    const gstRatePercent = line.gstRatePercent;
    const discountPaise = shares[i] ?? 0;
    const totalPaise = grossPaise[i]! - discountPaise;
    const taxablePaise = Math.round((totalPaise * 100) / (100 + gstRatePercent));
    const taxPaise = totalPaise - taxablePaise;
    const cgstPaise = intraState ? Math.round(taxPaise / 2) : 0;
    return {
      title: line.title,
      ...(line.localTitle ? { localTitle: line.localTitle } : {}),
      hsnCode: line.hsnCode,
      gstRatePercent,
      quantity: line.quantity,
      unitPricePaise: line.pricePaise,
      discountPaise,
      totalPaise,
      taxablePaise,
      cgstPaise,
      sgstPaise: intraState ? taxPaise - cgstPaise : 0,
      igstPaise: intraState ? 0 : taxPaise,
    };
  });
  const sum = (key: keyof Invoice['totals']) => lines.reduce((acc, l) => acc + l[key], 0);
  const totals = {
    discountPaise: sum('discountPaise'),
    totalPaise: sum('totalPaise'),
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
  };
  return {
    number: invoiceNumber,
    date: order.createdAt,
    orderRef: String(order._id).slice(-ORDER_ID_DISPLAY_LENGTH),
    paymentId: paymentTextOf(order),
    seller,
    buyer: {
      name: details.username ?? '',
      email: details.email ?? '',
      contact: details.contact ?? '',
      address: details.address ?? '',
      state: buyerState,
    },
    intraState,
    coupon: order.coupon ?? null,
    subtotalPaise: grossPaise.reduce((a, b) => a + b, 0),
    lines,
    totals,
    totalInWords: toWords.convert(totals.totalPaise / 100),
  };
}
