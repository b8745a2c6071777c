import { z } from 'zod';
import { formatRupees, paiseToRupees } from './money.js';
import { MAX_PRICE_PAISE } from './prices.js';

/**
 * Discount codes: the owner makes them in the admin's Coupons page, the shopper types one on
 * /shipping, and the server alone works out what it takes off (priceOrder below).
 */
export const COUPON_KINDS = ['percent', 'flat'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** Why a code cannot be used now; each has its own text (COUPON_REFUSAL_TEXTS) in four languages. */
export const COUPON_REFUSALS = [
  'unknown',
  'expired',
  'notYetValid',
  'belowMinimum',
  'usedUp',
  'alreadyUsed',
  'heldByPayment',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** How long a payment the shopper opened holds their use of a coupon before it goes back. */
export const COUPON_HOLD_MINUTES = 30;

/** The exact English texts; the client's catalogues hold the same in hi, mr and gu. */
export const COUPON_REFUSAL_TEXTS = {
  unknown: 'This coupon code is not valid. Please check the code and try again.',
  expired: 'This coupon has expired.',
  notYetValid: 'This coupon cannot be used yet.',
  belowMinimum: (minOrderPaise: number) =>
    `This coupon needs an order of at least ${formatRupees(paiseToRupees(minOrderPaise))}.`,
  usedUp: 'This coupon has been fully used.',
  alreadyUsed: 'You have already used this coupon.',
  heldByPayment: `This coupon is held by a payment you have not finished. Complete that payment, or try again in ${COUPON_HOLD_MINUTES} minutes.`,
} as const;

/**
 * The answer to a payment completed after its coupon hold lapsed, once the coupon has gone to other
 * orders (or the shopper's own uses have): no order is placed and the payment goes back in full.
 */
export const COUPON_LAPSED_REFUNDED = `This payment was completed more than ${COUPON_HOLD_MINUTES} minutes after it was opened, and its coupon has been used since. No order was placed: your full payment is being refunded.`;

export const COUPON_TEXTS = {
  applied: 'Coupon applied.',
  codeInvalid: 'A coupon code is 3 to 20 letters, digits, - or _.',
  codeTaken: 'A coupon with this code already exists.',
  kindInvalid: 'Choose percent or flat for the discount.',
  percentInvalid: 'A percent discount is a whole number from 1 to 100.',
  flatInvalid: `A flat discount is an amount from ₹0.01 to ${formatRupees(paiseToRupees(MAX_PRICE_PAISE))}.`,
  minOrderInvalid: `The minimum order is an amount from ₹0 to ${formatRupees(paiseToRupees(MAX_PRICE_PAISE))}.`,
  datesInvalid: 'Dates are written as ISO dates, and the end comes after the start.',
  usesInvalid: 'Uses are whole numbers of at least 1 (leave total uses empty for no limit).',
  activeInvalid: 'Active is true or false.',
  notFound: 'Coupon not found',
  invalidId: 'Invalid coupon ID!',
  saved: (code: string, verb: 'added' | 'updated' | 'deleted') => `Coupon "${code}" ${verb} successfully!`,
} as const;

const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,19}$/;
/** What a shopper types, as the shop stores it: trimmed, upper case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

export const couponCodeSchema = z
  .string({ error: COUPON_TEXTS.codeInvalid })
  .max(40, { error: COUPON_TEXTS.codeInvalid })
  .transform(normalizeCouponCode)
  .pipe(z.string().regex(CODE_PATTERN, { error: COUPON_TEXTS.codeInvalid }));

const paise = (error: string, min: number) =>
  z.number({ error }).int({ error }).min(min, { error }).max(MAX_PRICE_PAISE, { error });
const isoDate = z.iso.datetime({ offset: true, error: COUPON_TEXTS.datesInvalid }).nullable();
const uses = z.number({ error: COUPON_TEXTS.usesInvalid }).int({ error: COUPON_TEXTS.usesInvalid }).min(1, {
  error: COUPON_TEXTS.usesInvalid,
});

/** The owner's coupon, as POST and PUT /api/admin/coupons take it. Money in paise, dates ISO. */
export const couponBodySchema = z
  .object({
    code: couponCodeSchema,
    kind: z.enum(COUPON_KINDS, { error: COUPON_TEXTS.kindInvalid }),
    percentOff: z
      .number({ error: COUPON_TEXTS.percentInvalid })
      .int({ error: COUPON_TEXTS.percentInvalid })
      .min(1, { error: COUPON_TEXTS.percentInvalid })
      .max(100, { error: COUPON_TEXTS.percentInvalid })
      .nullable()
      .default(null),
    flatOffPaise: paise(COUPON_TEXTS.flatInvalid, 1).nullable().default(null),
    minOrderPaise: paise(COUPON_TEXTS.minOrderInvalid, 0).default(0),
    startsAt: isoDate.default(null),
    endsAt: isoDate.default(null),
    totalUses: uses.nullable().default(null),
    usesPerCustomer: uses.default(1),
    active: z.boolean({ error: COUPON_TEXTS.activeInvalid }).default(true),
  })
  .superRefine((c, ctx) => {
    if (c.kind === 'percent' && c.percentOff === null) {
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: COUPON_TEXTS.percentInvalid });
    }
    if (c.kind === 'flat' && c.flatOffPaise === null) {
      ctx.addIssue({ code: 'custom', path: ['flatOffPaise'], message: COUPON_TEXTS.flatInvalid });
    }
    if (c.startsAt && c.endsAt && Date.parse(c.endsAt) <= Date.parse(c.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_TEXTS.datesInvalid });
    }
  });
export type CouponBody = z.input<typeof couponBodySchema>;
export type CouponValues = z.output<typeof couponBodySchema>;

export interface Coupon {
  _id: string;
  code: string;
  kind: CouponKind;
  percentOff: number | null;
  flatOffPaise: number | null;
  minOrderPaise: number;
  startsAt: string | null;
  endsAt: string | null;
  totalUses: number | null;
  usesPerCustomer: number;
  /** Orders placed (or being paid) with it; a cancelled order gives its use back. */
  usedCount: number;
  /** Of usedCount, the uses held by payments that have not arrived yet (their order does not exist). */
  heldCount: number;
  active: boolean;
  createdAt: string;
}

/** A code as a shopper types it: anything the shop does not know is simply "not valid". */
export const shopperCouponCodeSchema = z
  .string({ error: COUPON_REFUSAL_TEXTS.unknown })
  .max(40, { error: COUPON_REFUSAL_TEXTS.unknown })
  .transform(normalizeCouponCode);

/** POST /api/coupons/apply and the shipping page's coupon field. */
export const applyCouponSchema = z.object({
  code: shopperCouponCodeSchema.pipe(z.string().min(1, { error: COUPON_REFUSAL_TEXTS.unknown })),
});

/** What the shipping page shows once a code is accepted; the server recomputes it at create-order. */
export interface CouponQuote {
  code: string;
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/** The terms priceOrder needs from a coupon. */
export interface CouponTerms {
  kind: CouponKind;
  percentOff?: number | null;
  flatOffPaise?: number | null;
}

export interface OrderPricing {
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
}

/**
 * The one place an order's money is worked out: lines (unit price in paise × quantity) and an
 * optional coupon → subtotal, discount, total, all integer paise. A percent coupon rounds its
 * discount down to the paisa; a flat one never takes more than the subtotal.
 */
export function priceOrder(
  lines: readonly { unitPricePaise: number; quantity: number }[],
  coupon: CouponTerms | null,
): OrderPricing {
  const subtotalPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  let discountPaise = 0;
  if (coupon?.kind === 'percent') discountPaise = Math.floor((subtotalPaise * (coupon.percentOff ?? 0)) / 100);
  if (coupon?.kind === 'flat') discountPaise = Math.min(coupon.flatOffPaise ?? 0, subtotalPaise);
  return { subtotalPaise, discountPaise, totalPaise: subtotalPaise - discountPaise };
}

/**
 * Splits an order's discount over its lines in proportion to their value (the last line takes the
 * rounding), so each line's taxable value on the invoice is its price after its share.
 */
export function discountShares(lineTotalsPaise: readonly number[], discountPaise: number): number[] {
  const subtotal = lineTotalsPaise.reduce((a, b) => a + b, 0);
  if (discountPaise <= 0 || subtotal <= 0) return lineTotalsPaise.map(() => 0);
  let given = 0;
  return lineTotalsPaise.map((total, i) => {
    const share =
      i === lineTotalsPaise.length - 1 ? discountPaise - given : Math.floor((discountPaise * total) / subtotal);
    given += share;
    return share;
  });
}
