import { Schema, model, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { CURRENCY, LANGUAGES, REFUND_STATUSES } from '@kesh/shared';

/**
 * 'soldOut': paid, but no order could be made (a line was gone by then, or the coupon's lapsed use
 * had been taken since: refundReason); the payment went back in full and no order exists.
 */
export const CHECKOUT_STATUSES = ['created', 'paid', 'soldOut'] as const;
/** Who took the checkout's stock: 'taking' is the claim (one caller), then 'taken' or 'soldOut'. */
export const STOCK_STATES = ['taking', 'taken', 'soldOut'] as const;
/** Why a paid checkout was refunded instead of placed; absent on those refunded before the reason was kept. */
export const REFUND_REASONS = ['soldOut', 'couponLapsed'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const checkoutLineSchema = new Schema(
  {
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
    title: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
    unitPricePaise: { type: Number, required: true, min: 0 },
    /** The variant bought, named as it was then (docs/variants.md); absent for a product without variants. */
    variantId: { type: Schema.Types.ObjectId, ref: 'ProductVariant' },
    variantLabel: { type: String },
    sku: { type: String },
  },
  { _id: false },
);

/**
 * What the shopper is paying for, frozen when the Razorpay order is created. The order is later
 * built from this snapshot (never from the browser's payload), whichever of verify, POST /api/orders
 * or the webhook arrives first.
 */
const checkoutSchema = new Schema(
  {
    razorpayOrderId: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    lines: { type: [checkoutLineSchema], required: true },
    amountPaise: { type: Number, required: true, min: 0 },
    currency: { type: String, default: CURRENCY },
    receipt: { type: String, required: true },
    userDetails: {
      username: { type: String, default: '' },
      email: { type: String, default: '' },
      contact: { type: String, default: '' },
      address: { type: String, default: '' },
    },
    /** 'paid' is set once, by whoever first turned a verified payment into an order. */
    status: { type: String, enum: CHECKOUT_STATUSES, default: 'created' },
    paymentId: { type: String, default: null },
    /** A coupon's code, what it took off (amountPaise is already less it) and the use it holds. */
    coupon: { type: String },
    discountPaise: { type: Number, min: 0 },
    couponRedemptionId: { type: Schema.Types.ObjectId },
    stockState: { type: String, enum: STOCK_STATES },
    /** When the 'taking' claim was made: one older than STOCK_CLAIM_STALE_MS belongs to a dead process. */
    stockClaimedAt: { type: Date },
    /** The automatic refund of a payment that arrived for a sold-out line. */
    refund: {
      type: new Schema(
        {
          id: { type: String, default: null },
          amountPaise: { type: Number, required: true, min: 0 },
          status: { type: String, enum: REFUND_STATUSES, required: true },
        },
        { _id: false },
      ),
      default: undefined,
    },
    refundReason: { type: String, enum: REFUND_REASONS },
    /** When the refund above was last claimed for a request to the gateway (recovery retries old ones). */
    refundClaimedAt: { type: Date },
    /** The store language the shopper paid in; the order's mails use it. */
    language: { type: String, enum: LANGUAGES.map((l) => l.code) },
    /**
     * When nothing was left to do for it (order placed and no hold left, or sold-out refund
     * processed); see docs/checkout-retention.md. Unset on one still in progress or abandoned.
     */
    finishedAt: { type: Date },
    /** When the engine's TTL monitor removes it; unset while it may still take stock or money. */
    expiresAt: { type: Date },
  },
  { timestamps: true },
);
checkoutSchema.index({ razorpayOrderId: 1 }, { unique: true });
checkoutSchema.index({ userId: 1, status: 1, updatedAt: -1 });
// The recovery sweep looks for claims left 'taking' by a process that died.
checkoutSchema.index({ stockState: 1, stockClaimedAt: 1 }, { sparse: true });
// Razorpay's refund webhooks name the refund of a sold-out payment by its id.
checkoutSchema.index({ 'refund.id': 1 }, { sparse: true });

// The TTL index; also how the retention sweep finds the checkouts not yet classified (expiresAt null).
checkoutSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type CheckoutRecord = InferSchemaType<typeof checkoutSchema>;
export type CheckoutDocument = HydratedDocument<CheckoutRecord>;
export const PendingCheckout = model('PendingCheckout', checkoutSchema);
