import { z } from 'zod';
import {
  CURRENCY,
  MAX_LINE_QUANTITY,
  ORDER_STATUSES,
  PASSWORD_MIN_LENGTH,
  PHONE_DIGITS,
  RECEIPT_MAX_LENGTH,
} from './constants.js';
import { MESSAGES } from './messages.js';
import { addressProblems, splitAddress } from './address.js';
import { GST_RATES_PERCENT } from './orders.js';
import type { CancellationQuote, OrderRefund, OrderShipment, OrderTimelineEntry } from './orders.js';
import type { LanguageCode, PaymentMethod } from './constants.js';
import { DEFAULT_SHOP } from './shop.js';
import type { ProductTextFields } from './product-text.js';
import { shopperCouponCodeSchema } from './coupons.js';
import { paiseToRupees } from './money.js';
import { PRICE_TEXTS, parseRupees } from './prices.js';
import { PRODUCT_SORTS, SEARCH_QUERY_MAX_LENGTH } from './catalog.js';
import type { ProductVariantFields, VariantRef } from './variants.js';
import type { LineTitles } from './line-titles.js';

/**
 * Request and response bodies of spec section 7. The server validates with these schemas and the
 * client types its calls with the inferred DTOs, so the contract lives in one place.
 *
 * Fields are `z.string()` rather than coerced: an object or array where a string belongs (NoSQL
 * injection such as {"$ne": null}) must be a 400, never reach a query.
 */

/**
 * Something@domain with a dot inside the domain (not its first or last character), as the original
 * `^[^\s@]+@[^\s@]+\.[^\s@]+$` accepted, but written so that no part can take characters from
 * another: it runs in time linear in its input (the original took seconds on 49 kB of dots).
 * Every pattern here is checked by eslint-plugin-regexp's super-linear rules and by a timing test.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/;
export const PHONE_PATTERN = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
export const OTP_PATTERN = /^\d{6}$/;
export const OBJECT_ID_PATTERN = /^[a-f\d]{24}$/i;

const MAX_TEXT = 2000;
const MAX_FIELD = 200;
/** A length limit stops the chain, so no later check runs on an oversized input. */
const tooLong = { error: MESSAGES.textTooLong, abort: true } as const;

/**
 * A string field whose absence or wrong type reads as `message`. The length check comes first and
 * stops the chain (`abort`), so no later check or pattern ever runs on an oversized input.
 */
const field = (message: string, max = MAX_FIELD) =>
  z.string({ error: message }).max(max, { error: message, abort: true }).trim().min(1, { error: message });

const objectId = z
  .string({ error: MESSAGES.invalidProductId })
  .max(24, { error: MESSAGES.invalidProductId, abort: true })
  .regex(OBJECT_ID_PATTERN, { error: MESSAGES.invalidProductId });

/** A line's quantity: a whole number from 1 to MAX_LINE_QUANTITY, with one readable message. */
const quantity = z
  .number({ error: MESSAGES.quantityOutOfRange })
  .int({ error: MESSAGES.quantityOutOfRange })
  .min(1, { error: MESSAGES.quantityOutOfRange })
  .max(MAX_LINE_QUANTITY, { error: MESSAGES.quantityOutOfRange });

// ---------- customer auth ----------

export function signupSchema(exampleEmail: string = DEFAULT_SHOP.email) {
  const all = MESSAGES.fillAllFields;
  return z
    .object({
      username: z.string({ error: all }).max(MAX_FIELD, { error: all }),
      email: z.string({ error: all }).max(MAX_FIELD, { error: all }),
      contact: z.string({ error: all }).max(MAX_FIELD, { error: all }),
      password: z.string({ error: all }).max(MAX_FIELD, { error: all }),
    })
    .transform((v) => ({
      username: v.username.trim(),
      email: v.email.trim().toLowerCase(),
      contact: v.contact.trim(),
      password: v.password,
    }))
    .superRefine((v, ctx) => {
      // One message at a time, in the order the spec's form checks them.
      if (!v.username || !v.email || !v.contact || !v.password) {
        ctx.addIssue({ code: 'custom', message: all });
      } else if (!EMAIL_PATTERN.test(v.email)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.invalidEmail(exampleEmail) });
      } else if (!PHONE_PATTERN.test(v.contact)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPhone });
      } else if (v.password.length < PASSWORD_MIN_LENGTH) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.passwordTooShort });
      }
    });
}
export type SignupBody = z.input<ReturnType<typeof signupSchema>>;

export const loginSchema = z.object({
  email: field(MESSAGES.fillAllFields).transform((e) => e.toLowerCase()),
  password: z
    .string({ error: MESSAGES.fillAllFields })
    .min(1, { error: MESSAGES.fillAllFields })
    .max(MAX_FIELD, { error: MESSAGES.fillAllFields }),
});
export type LoginBody = z.input<typeof loginSchema>;

export interface AuthResponse {
  username: string;
  token: string;
  userId: string;
  /** Epoch milliseconds when the token stops being accepted (8 hours after issue). */
  expiresAt: number;
}

export const forgotPasswordSchema = z.object({
  email: field(MESSAGES.fillRequiredField).transform((e) => e.toLowerCase()),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordSchema>;

export const verifyOtpSchema = z.object({
  email: field(MESSAGES.fillRequiredField).transform((e) => e.toLowerCase()),
  otp: field(MESSAGES.fillRequiredField, 12),
  newPassword: z
    .string({ error: MESSAGES.fillRequiredField })
    .max(MAX_FIELD, { error: MESSAGES.textTooLong, abort: true })
    .optional()
    .refine((p) => p === undefined || p.length >= PASSWORD_MIN_LENGTH, {
      message: MESSAGES.passwordTooShort,
    }),
});
export type VerifyOtpBody = z.input<typeof verifyOtpSchema>;

export interface MessageResponse {
  message: string;
  success?: boolean;
}

export interface UserProfile {
  _id: string;
  username: string;
  email: string;
  contact: string;
  address: string | null;
  /** False until the shopper enters the code mailed at sign-up (docs/verification.md); always sent by this server. */
  emailVerified?: boolean;
}

export type UserSummary = Omit<UserProfile, 'address' | 'emailVerified'>;

export const addressSchema = z.object({
  address: z
    .string({ error: MESSAGES.fillAllAddressFields })
    .max(MAX_TEXT, { error: MESSAGES.fillAllAddressFields, abort: true })
    .refine(
      (a) => {
        const parts = a.split(', ');
        return parts.length >= 5 && parts.every((p) => p.trim().length > 0);
      },
      { message: MESSAGES.fillAllAddressFields },
    )
    .superRefine((a, ctx) => {
      // Checked only once every part is filled (the refine above), so the first problem is the real one.
      const problem = Object.values(addressProblems(splitAddress(a)))[0];
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
});
export type AddressBody = z.input<typeof addressSchema>;

export interface AddressResponse {
  address: string | null;
  message: string;
}

// ---------- catalogue ----------

/** `GET /api/main-category?q=&sort=` and the /products page's address. Empty values mean "not set". */
export const productListQuerySchema = z.object({
  q: z.string(MESSAGES.invalidSearch).max(SEARCH_QUERY_MAX_LENGTH, MESSAGES.invalidSearch).optional(),
  sort: z
    .union([z.literal(''), z.enum(PRODUCT_SORTS)], { error: MESSAGES.invalidProductSort })
    .optional()
    .transform((s) => s || undefined),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

/** With the text in other languages (product-text.ts) and the sizes and packs (variants.ts). */
export interface Product extends ProductTextFields, ProductVariantFields {
  _id: string;
  title: string;
  subtitle: string;
  /** Rupees; null when the owner left it empty. */
  mainPrice: number | null;
  offerPrice: number | null;
  ratingCount: number;
  description: string;
  image: string | null;
  /** `srcset` of the WebP variants ("/uploads/…-w400.webp 400w, …"); null when there are none. */
  imageSrcSet: string | null;
  /** GST details printed on invoices (defaults when the owner set none); always sent by this server. */
  hsnCode?: string;
  gstRate?: number;
  /** Units left; null when the owner does not count this product's stock (always sent by this server). */
  stock?: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface Slider {
  _id: string;
  id: string;
  title: string;
  description: string;
  image: string | null;
  /** `srcset` of the WebP variants ("/uploads/…-w400.webp 400w, …"); null when there are none. */
  imageSrcSet: string | null;
}

export interface GalleryItem {
  _id: string;
  id: string;
  image: string;
  /** `srcset` of the WebP variants ("/uploads/…-w400.webp 400w, …"); null when there are none. */
  imageSrcSet: string | null;
}

/** Multipart text fields of a main category; files travel separately. Empty string = not set. */
const optionalPrice = z
  .string()
  .trim()
  .max(20, tooLong)
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    const paise = parseRupees(v);
    if (paise === null) {
      ctx.addIssue({ code: 'custom', message: PRICE_TEXTS.invalid });
      return z.NEVER;
    }
    return paiseToRupees(paise);
  });

/** The text fields of a category's multipart form, in the order the admin form shows them. */
export const CATEGORY_FIELD_NAMES = [
  'title',
  'subtitle',
  'mainPrice',
  'offerPrice',
  'ratingCount',
  'description',
  'hsnCode',
  'gstRate',
  'stock',
] as const;
export type CategoryFieldName = (typeof CATEGORY_FIELD_NAMES)[number];

export const categoryFieldsSchema = z.object({
  title: z
    .string({ error: 'Title is required!' })
    .trim()
    .min(1, { error: 'Title is required!' })
    .max(MAX_FIELD, tooLong),
  subtitle: z.string().trim().max(MAX_FIELD, tooLong).optional(),
  mainPrice: optionalPrice,
  offerPrice: optionalPrice,
  ratingCount: z
    .string()
    .trim()
    .max(12, tooLong)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return 0;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0) {
        ctx.addIssue({ code: 'custom', message: 'Number of Raters must be a whole number of 0 or more.' });
        return z.NEVER;
      }
      return n;
    }),
  description: z.string().trim().max(MAX_TEXT, tooLong).optional(),
  /** Empty means the default (HSN 3305, GST 18 %). */
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})?$/, { error: 'HSN code must be 4, 6 or 8 digits.' })
    .optional(),
  gstRate: z
    .string()
    .trim()
    .refine((v) => v === '' || (GST_RATES_PERCENT as readonly number[]).includes(Number(v)), {
      error: `GST rate must be one of ${GST_RATES_PERCENT.join(', ')} %.`,
    })
    .optional(),
  /** Units on the shelf; empty means the shop does not count them (never out of stock). */
  stock: z
    .string({ error: MESSAGES.invalidStock })
    .trim()
    .max(9, { error: MESSAGES.invalidStock, abort: true })
    .regex(/^\d*$/, { error: MESSAGES.invalidStock })
    .optional()
    .transform((v) => (v ? Number(v) : null)),
});
export type CategoryFields = z.input<typeof categoryFieldsSchema>;

export const sliderFieldsSchema = z.object({
  title: z
    .string({ error: MESSAGES.sliderTitleDescriptionRequired })
    .trim()
    .min(1, { error: MESSAGES.sliderTitleDescriptionRequired })
    .max(MAX_FIELD, tooLong),
  description: z
    .string({ error: MESSAGES.sliderTitleDescriptionRequired })
    .trim()
    .min(1, { error: MESSAGES.sliderTitleDescriptionRequired })
    .max(MAX_TEXT, tooLong),
});
export type SliderFields = z.input<typeof sliderFieldsSchema>;

// ---------- cart ----------

export const cartAddSchema = z.object({
  productId: objectId,
  quantity: quantity.default(1),
});
export type CartAddBody = z.input<typeof cartAddSchema>;

export const cartUpdateSchema = z.object({
  productId: objectId,
  quantity,
});
export type CartUpdateBody = z.input<typeof cartUpdateSchema>;

export const cartRemoveSchema = z.object({ productId: objectId });
export type CartRemoveBody = z.input<typeof cartRemoveSchema>;

export interface CartProduct {
  _id: string;
  title: string;
  offerPrice: number | null;
  mainPrice: number | null;
  image: string | null;
  /** `srcset` of the WebP variants ("/uploads/…-w400.webp 400w, …"); null when there are none. */
  imageSrcSet: string | null;
  description: string;
  /** Units left; null when not counted (always sent by this server). */
  stock?: number | null;
  /** The title in the other languages the owner wrote it in (always sent by this server). */
  titles?: LineTitles;
}

export interface CartItem {
  /** Prices and stock are the variant's when the line has one. */
  productId: CartProduct;
  quantity: number;
  /** The variant this line buys; null for a product without variants (always sent by this server). */
  variant?: VariantRef | null;
}

export interface CartResponse {
  items: CartItem[];
  /** Sum of quantities: the header badge. */
  cartCount: number;
  /** Rupees, from current catalogue prices. */
  totalAmount: number;
  message?: string;
}

// ---------- contact ----------

export const contactSchema = z.object({
  name: field(MESSAGES.contactNameRequired),
  email: z
    .string({ error: MESSAGES.contactEmailInvalid })
    .max(MAX_FIELD, { error: MESSAGES.contactEmailInvalid, abort: true })
    .trim()
    .regex(EMAIL_PATTERN, { error: MESSAGES.contactEmailInvalid }),
  phoneNo: z.string({ error: MESSAGES.textTooLong }).max(20, { error: MESSAGES.textTooLong }).trim().optional(),
  subject: z.string({ error: MESSAGES.textTooLong }).max(MAX_FIELD, { error: MESSAGES.textTooLong }).trim().optional(),
  message: field(MESSAGES.contactMessageRequired, MAX_TEXT),
});
export type ContactBody = z.input<typeof contactSchema>;

export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  phoneNo: string;
  subject: string;
  message: string;
  createdAt: string;
}

// ---------- payments and orders ----------

export const userDetailsSchema = z.object({
  username: z.string().max(MAX_FIELD, tooLong).default(''),
  email: z.string().max(MAX_FIELD, tooLong).default(''),
  contact: z.string().max(MAX_FIELD, tooLong).default(''),
  address: z.string().max(MAX_TEXT, tooLong).default(''),
});
export type UserDetails = z.output<typeof userDetailsSchema>;

const orderLineSchema = z.object({
  productId: objectId,
  quantity,
  price: z.number().min(0).optional(),
});

export const createPaymentOrderSchema = z.object({
  amount: z.number().int().min(0).optional(),
  currency: z.literal(CURRENCY).default(CURRENCY),
  receipt: z.string().max(RECEIPT_MAX_LENGTH, tooLong).optional(),
  userId: z.string().max(64, tooLong).optional(),
  /** The delivery address chosen on /shipping; defaults to the saved one. */
  address: z.string().max(MAX_TEXT, tooLong).optional(),
  /** A coupon code typed on /shipping; the server works out its discount. */
  couponCode: shopperCouponCodeSchema.optional(),
});
export type CreatePaymentOrderBody = z.input<typeof createPaymentOrderSchema>;

export interface PaymentOrderResponse {
  id: string;
  /** Paise. */
  amount: number;
  currency: typeof CURRENCY;
  receipt: string;
  keyId: string;
  mode: 'razorpay' | 'simulator';
}

export const verifyPaymentSchema = z.object({
  razorpay_payment_id: z.string().min(1).max(100, tooLong),
  razorpay_order_id: z.string().min(1).max(100, tooLong),
  razorpay_signature: z.string().min(1).max(200, tooLong),
  userId: z.string().max(64, tooLong).optional(),
  products: z.array(orderLineSchema).max(100, { error: MESSAGES.invalidRequest }).optional(),
  totalAmount: z.number().min(0).optional(),
  userDetails: userDetailsSchema.partial().optional(),
});
export type VerifyPaymentBody = z.input<typeof verifyPaymentSchema>;

export const createOrderSchema = z.object({
  userId: z.string().max(64, tooLong).optional(),
  products: z.array(orderLineSchema).max(100, { error: MESSAGES.invalidRequest }).optional(),
  totalAmount: z.number().min(0).optional(),
  userDetails: userDetailsSchema.partial().optional(),
  razorpay_order_id: z.string().max(100, tooLong).optional(),
  razorpay_payment_id: z.string().max(100, tooLong).optional(),
});
export type CreateOrderBody = z.input<typeof createOrderSchema>;

const shipmentText = (message: string) => z.string({ error: message }).trim().max(MAX_FIELD, { error: message });

/** The spec's body `{status}`, plus the shipment an owner may add when dispatching. */
export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: MESSAGES.invalidOrderStatus }),
  courier: shipmentText(MESSAGES.invalidCourier).optional(),
  trackingNumber: shipmentText(MESSAGES.invalidTrackingNumber).optional(),
  trackingUrl: z
    .string({ error: MESSAGES.invalidTrackingUrl })
    .trim()
    .max(MAX_TEXT, { error: MESSAGES.invalidTrackingUrl })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { error: MESSAGES.invalidTrackingUrl })
    .optional(),
});
export type OrderStatusBody = z.input<typeof orderStatusSchema>;

export interface OrderLine {
  productId: { _id: string; title: string; image?: string | null } | null;
  title: string;
  quantity: number;
  /** Rupees per unit at the time of purchase. */
  price: number;
  /** The variant bought, as it was named then; null for a product without variants (always sent by this server). */
  variant?: VariantRef | null;
  /** `title` in the other languages, copied at purchase; empty on orders from before (always sent by this server). */
  titles?: LineTitles;
}

export interface Order {
  _id: string;
  userId: string;
  status: (typeof ORDER_STATUSES)[number];
  createdAt: string;
  updatedAt: string;
  /** Rupees. */
  totalAmount: number;
  userDetails: UserDetails;
  products: OrderLine[];
  /** Null for a cash-on-delivery order, which has no Razorpay payment. */
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  /** Always sent by this server: how the order is paid, and for cash on delivery whether it is paid yet. */
  paymentMethod?: PaymentMethod;
  /** The cash-on-delivery fee included in the total, rupees (0 for online orders). */
  codFee?: number;
  /** ISO time the owner marked a cash-on-delivery order paid; online orders are paid when placed. */
  paidAt?: string | null;
  /** True for a cash-on-delivery parcel the owner marked refused at the door (the order is Cancelled). */
  codRefused?: boolean;
  /** Every status the order went through, oldest first (older orders: their placing only). The fields
   * from here on are always sent by this server; optional so that older fixtures and clients still type. */
  timeline?: OrderTimelineEntry[];
  shipment?: OrderShipment | null;
  refund?: OrderRefund | null;
  /** What cancelling now would refund; null once the order can no longer be cancelled. */
  cancellation?: CancellationQuote | null;
  /** e.g. INV/2026-27/000123; null until one is assigned. */
  invoiceNumber?: string | null;
  /** The language the shopper used the store in (their mails are in it). */
  language?: LanguageCode;
  /** The coupon code the order used, and what it took off (paise and rupees); null and 0 without one. */
  coupon?: string | null;
  discountPaise?: number;
  discount?: number;
}

/** POST /api/orders/cod: the address defaults to the saved one, like create-order. */
export const codOrderSchema = z.object({
  address: z.string({ error: MESSAGES.selectDeliveryAddress }).max(MAX_TEXT, tooLong).optional(),
  couponCode: shopperCouponCodeSchema.optional(),
});
export type CodOrderBody = z.input<typeof codOrderSchema>;

export interface VerifyPaymentResponse {
  success: boolean;
  message: string;
  order?: Order;
}

// ---------- admin ----------

export const adminLoginSchema = z.object({
  username: field(MESSAGES.adminCredentialsRequired),
  password: z
    .string({ error: MESSAGES.adminCredentialsRequired })
    .max(MAX_FIELD, { error: MESSAGES.adminCredentialsRequired, abort: true })
    .min(1, { error: MESSAGES.adminCredentialsRequired }),
});
export type AdminLoginBody = z.input<typeof adminLoginSchema>;

export interface AdminLoginResponse {
  success: boolean;
  token?: string;
  message: string;
}

/** Every error answer of the API. `message` repeats `error` where the spec's client reads it. */
export interface ErrorResponse {
  error: string;
  message?: string;
  details?: string;
}
