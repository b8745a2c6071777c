import { ORDER_ID_DISPLAY_LENGTH, formatRupees, paiseToRupees } from '@kesh/shared';
import type { AppDeps } from '../../deps.js';
import type { MailAttachment, MailMessage } from '../../lib/mailer.js';
import { mailShopperInBackground } from '../users/index.js';
import { isCod, languageOf, lineTitle, paymentTextOf, type OrderRecord } from './dto.js';
import { orderMailWords } from './mail-words.js';

export type OrderMailEvent = 'placed' | 'dispatched' | 'delivered' | 'cancelled' | 'refunded';

const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/** The shopper's mail about one step of their order, in the language they used the store in. */
export function shopperMail(
  deps: Pick<AppDeps, 'config'>,
  order: OrderRecord,
  event: OrderMailEvent,
  attachments?: MailAttachment[],
): MailMessage | undefined {
  const details = order.userDetails;
  if (!details?.email) return undefined;
  const language = languageOf(order);
  const words = orderMailWords(language);
  const shop = deps.config.shop;
  const shortId = String(order._id).slice(-ORDER_ID_DISPLAY_LENGTH);
  const summary = [
    ...order.products.map((p) => `- ${lineTitle(p, language)} × ${p.quantity}: ${rupees(p.pricePaise * p.quantity)}`),
    `${words('total')}: ${rupees(order.totalPaise)}`,
  ];
  let subject: string;
  let body: string[];
  switch (event) {
    case 'placed':
      subject = words('placedSubject', { shop: shop.name, id: shortId });
      body = [
        words('placedIntro'),
        '',
        ...summary,
        `${words('deliverTo')}: ${details.address || '-'}`,
        ...(isCod(order) ? [words('codToPay', { amount: rupees(order.totalPaise) })] : []),
        ...(attachments?.length ? ['', words('invoiceAttached')] : []),
      ];
      break;
    case 'dispatched': {
      const s = order.shipment;
      subject = words('dispatchedSubject', { id: shortId });
      body = [
        words('dispatchedIntro'),
        ...(s?.courier ? [`${words('courier')}: ${s.courier}`] : []),
        ...(s?.trackingNumber ? [`${words('trackingNumber')}: ${s.trackingNumber}`] : []),
        ...(s?.trackingUrl ? [`${words('track')}: ${s.trackingUrl}`] : []),
      ];
      break;
    }
    case 'delivered':
      subject = words('deliveredSubject', { id: shortId });
      body = [words('deliveredIntro'), '', ...summary];
      break;
    case 'cancelled': {
      const refund = order.refund?.amountPaise ?? 0;
      const fee = order.totalPaise - refund;
      subject = words('cancelledSubject', { id: shortId });
      // Nothing was paid for a cash-on-delivery order, so nothing goes back and no fee applies.
      body = isCod(order)
        ? [words('cancelledIntro')]
        : [
            words('cancelledIntro'),
            words('refundOf', { amount: rupees(refund) }),
            ...(fee > 0 ? [words('feeKept', { amount: rupees(fee) })] : []),
          ];
      break;
    }
    case 'refunded':
      subject = words('refundedSubject', { id: shortId });
      body = [words('refundedIntro', { amount: rupees(order.refund?.amountPaise ?? 0) })];
      break;
  }
  const text = [
    words('hello', { name: details.username || details.email }),
    '',
    ...body,
    '',
    words('questions'),
    `${shop.name}`,
    `${shop.phone} · ${shop.email}`,
    '',
  ].join('\n');
  return { to: details.email, subject, text, ...(attachments?.length ? { attachments } : {}) };
}

/**
 * What a payment that could not become an order tells the shopper: refunded, and no order. It came
 * too late for its last unit ('soldOut'), or after its coupon hold lapsed and the coupon was used
 * since ('couponLapsed').
 */
export interface RefundedPayment {
  razorpayOrderId: string;
  paymentId: string;
  amountPaise: number;
  lines: readonly { title: string; variantLabel?: string | null; quantity: number; unitPricePaise: number }[];
  userDetails?: { username?: string | null; email?: string | null } | null;
  language?: string | null;
  reason: 'soldOut' | 'couponLapsed';
  refundFailed: boolean;
}

/**
 * Tells the shopper (in their language) that their payment went back, and why,
 * whichever of verify, POST /api/orders and the webhook met it: the webhook answers Razorpay, not
 * the shopper, whose browser may be long closed. A refund the gateway refused is the owner's to make
 * by hand, so the shop is told too; the shopper is told the money comes back either way.
 */
export function notifyRefundedPayment(deps: AppDeps, payment: RefundedPayment): void {
  const context = {
    razorpayOrderId: payment.razorpayOrderId,
    event: payment.reason === 'soldOut' ? 'sold-out-refund' : 'coupon-lapsed-refund',
  };
  const email = payment.userDetails?.email;
  if (email) {
    const words = orderMailWords(payment.language);
    const shop = deps.config.shop;
    const text = [
      words('hello', { name: payment.userDetails?.username || email }),
      '',
      payment.reason === 'soldOut' ? words('soldOutIntro') : words('couponLapsedIntro'),
      '',
      ...payment.lines.map((l) => `- ${lineTitle(l)} × ${l.quantity}: ${rupees(l.unitPricePaise * l.quantity)}`),
      `${words('total')}: ${rupees(payment.amountPaise)}`,
      words('soldOutRefund', { amount: rupees(payment.amountPaise) }),
      '',
      words('questions'),
      shop.name,
      `${shop.phone} · ${shop.email}`,
      '',
    ].join('\n');
    void mailShopperInBackground(
      deps,
      { to: email, subject: words('soldOutSubject', { shop: shop.name }), text },
      context,
    );
  }
  if (payment.refundFailed) notifyShopOfFailedPaymentRefund(deps, payment);
}

/** Why the payment went back, as the shop's notice says it. */
const SHOP_REFUND_REASONS: Record<RefundedPayment['reason'], { what: string; why: string }> = {
  soldOut: { what: 'a sold-out payment', why: 'arrived after a line sold out' },
  couponLapsed: {
    what: 'a late coupon payment',
    why: 'was completed after its coupon hold lapsed and the coupon had been used since',
  },
};

/** Tells the shop an automatic refund failed (at once, or later by Razorpay's webhook). */
export function notifyShopOfFailedPaymentRefund(
  deps: AppDeps,
  payment: Pick<RefundedPayment, 'razorpayOrderId' | 'paymentId' | 'amountPaise' | 'reason'>,
): void {
  const { what, why } = SHOP_REFUND_REASONS[payment.reason];
  deps.mailer.sendInBackground(
    {
      to: deps.config.shopNotifyEmail,
      subject: `Refund of ${what} failed (${payment.paymentId})`,
      text: `Payment ${payment.paymentId} (Razorpay order ${payment.razorpayOrderId}) of ${rupees(payment.amountPaise)} ${why}, and its automatic refund failed. Refund it from the Razorpay dashboard.\n`,
    },
    { razorpayOrderId: payment.razorpayOrderId, event: 'shop-sold-out-refund-failed' },
  );
}

/**
 * Mails the shopper in the background once the gate (mail-gate.ts: a confirmed address, within
 * today's mails) lets it: a failed mail is logged and retried, never fails the caller. Resolves once
 * the gate has decided, so the mail is on its way when the caller answers.
 */
export async function notifyShopper(
  deps: AppDeps,
  order: OrderRecord,
  event: OrderMailEvent,
  attachments?: MailAttachment[],
): Promise<void> {
  const message = shopperMail(deps, order, event, attachments);
  if (message) await mailShopperInBackground(deps, message, { orderId: String(order._id), event });
}

/** The shop's own notice of a new order (paid, or cash on delivery). */
export function shopMailOfNewOrder(deps: Pick<AppDeps, 'config'>, order: OrderRecord): MailMessage {
  const details = order.userDetails ?? { username: '', email: '', contact: '', address: '' };
  const shortId = String(order._id).slice(-ORDER_ID_DISPLAY_LENGTH);
  const lines = order.products.map((p) => `- ${lineTitle(p)} x ${p.quantity}: ${rupees(p.pricePaise * p.quantity)}`);
  const text = [
    isCod(order) ? 'A new cash-on-delivery order was placed.' : 'A new order was paid.',
    '',
    `Customer: ${details.username} <${details.email}>`,
    ...lines,
    `Total: ${rupees(order.totalPaise)}`,
    `Deliver to: ${details.address || 'No Address Provided'}`,
    `Contact: ${details.contact || 'N/A'}`,
    `Payment: ${paymentTextOf(order)}`,
    '',
  ].join('\n');
  return {
    to: deps.config.shopNotifyEmail,
    subject: `New order #${shortId} from ${details.username || details.email}`,
    text,
  };
}

/** Tells the shop a refund failed, so the owner can settle it from the Razorpay dashboard. */
export function notifyShopOfFailedRefund(deps: AppDeps, order: OrderRecord): void {
  const shortId = String(order._id).slice(-ORDER_ID_DISPLAY_LENGTH);
  deps.mailer.sendInBackground(
    {
      to: deps.config.shopNotifyEmail,
      subject: `Refund for order #${shortId} failed`,
      text: `The refund of ${rupees(order.refund?.amountPaise ?? 0)} for payment ${order.razorpayPaymentId} failed. Settle it from the Razorpay dashboard.\n`,
    },
    { orderId: String(order._id), event: 'shop-refund-failed' },
  );
}
