import { Schema, model } from 'mongoose';
import {
  DEFAULT_ORDER_STATUS,
  LANGUAGES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  REFUND_STATUSES,
  orderSearchKeys,
} from '@kesh/shared';
import { keptOrdersFollowWrites } from './kept-orders.js';

const orderLineSchema = new Schema(
  {
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
    /** Copied at purchase so the order still reads right after the product is renamed or deleted. */
    title: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
    pricePaise: { type: Number, required: true, min: 0 },
    /** GST details copied at purchase; orders from before they existed read the defaults. */
    hsnCode: { type: String },
    gstRatePercent: { type: Number, min: 0 },
    /** The variant bought, named as it was then (docs/variants.md); absent for a product without variants. */
    variantId: { type: Schema.Types.ObjectId, ref: 'ProductVariant' },
    variantLabel: { type: String },
    sku: { type: String },
    /** The title in the languages the owner had translated it into at purchase (line-titles.ts); absent on older orders. */
    titles: {
      type: new Schema({ hi: String, mr: String, gu: String }, { _id: false }),
      default: undefined,
    },
  },
  { _id: false },
);

const timelineEntrySchema = new Schema(
  { status: { type: String, enum: ORDER_STATUSES, required: true }, at: { type: Date, required: true } },
  { _id: false },
);

const orderSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    products: { type: [orderLineSchema], required: true },
    totalPaise: { type: Number, required: true, min: 0 },
    userDetails: {
      username: { type: String, default: '' },
      email: { type: String, default: '' },
      address: { type: String, default: '' },
      contact: { type: String, default: '' },
    },
    status: { type: String, enum: ORDER_STATUSES, default: DEFAULT_ORDER_STATUS },
    /** Online orders only: a cash-on-delivery order has no Razorpay payment (and neither field). */
    razorpayOrderId: { type: String },
    razorpayPaymentId: { type: String },
    /** Absent on orders from before cash on delivery: those are 'online'. */
    paymentMethod: { type: String, enum: PAYMENT_METHODS },
    /** The cash-on-delivery fee included in totalPaise. */
    codFeePaise: { type: Number, min: 0 },
    /** When the owner marked a cash-on-delivery order paid (the courier handed over the cash). */
    paidAt: { type: Date },
    /** True when placing the order took its quantities off the shelf, so cancelling puts them back. */
    stockTaken: { type: Boolean },
    // Everything below came with the after-payment life of an order: optional, so older orders
    // (and other writers of this model) keep working without them.
    timeline: { type: [timelineEntrySchema], default: undefined },
    shipment: {
      type: new Schema({ courier: String, trackingNumber: String, trackingUrl: String }, { _id: false }),
      default: undefined,
    },
    cancelledAt: { type: Date },
    /**
     * Set by the write that cancels the order, unset once what cancelling undoes (the coupon use,
     * the stock, the cash-on-delivery slot) is undone: one still set long after cancelledAt belongs
     * to a process that died in between, and recovery finishes it.
     */
    undoPending: { type: Boolean },
    cancelledBy: { type: String, enum: ['customer', 'admin'] },
    /** A cash-on-delivery parcel refused at the door (the owner's record; the order is Cancelled). */
    codRefused: { type: Boolean },
    refund: {
      type: new Schema(
        {
          id: { type: String, default: null },
          amountPaise: { type: Number, required: true, min: 0 },
          status: { type: String, enum: REFUND_STATUSES, required: true },
          updatedAt: { type: Date },
        },
        { _id: false },
      ),
      default: undefined,
    },
    invoiceNumber: { type: String },
    /** Set by whoever numbers the invoice, so two callers never take two numbers for one order. */
    invoiceClaim: { type: String },
    language: { type: String, enum: LANGUAGES.map((l) => l.code) },
    /** The coupon code used and what it took off; totalPaise is what was paid, after it. */
    coupon: { type: String },
    discountPaise: { type: Number, min: 0 },
    /**
     * What the owner's order search looks up (orderSearchKeys): set when the order is created, since
     * the id and the customer's details never change afterwards; orders from before it get theirs
     * from a one-off backfill (admin-list-backfill.ts), and until then are simply not found by search.
     */
    searchKeys: { type: [String], default: undefined },
  },
  { timestamps: true },
);
// 'validate' runs for create, save and insertMany alike.
orderSchema.pre('validate', function () {
  if (this.isNew) this.searchKeys = orderSearchKeys(this);
});
// One order per payment, whoever gets there first (verify call, retry, or webhook). Sparse, since a
// cash-on-delivery order has no payment; named apart from the older non-sparse indexes, which
// dropLegacyPaymentIndexes removes at start-up.
orderSchema.index({ razorpayPaymentId: 1 }, { unique: true, sparse: true, name: 'online_payment_unique' });
orderSchema.index({ razorpayOrderId: 1 }, { unique: true, sparse: true, name: 'online_order_unique' });
orderSchema.index({ userId: 1, createdAt: -1 });
orderSchema.index({ status: 1, createdAt: -1 });
// The owner's order search: one tab's matches of a key, newest first, and their count per tab.
orderSchema.index({ searchKeys: 1, status: 1, createdAt: -1 });
// The sales view and the CSV export read a window of days.
orderSchema.index({ createdAt: 1 });
// Sales roll-ups recompute the days of orders changed since they last looked (sales-rollup.ts).
orderSchema.index({ updatedAt: 1 });
// Refund webhooks find their order by the provider's refund id.
orderSchema.index({ 'refund.id': 1 }, { sparse: true });
// Recovery finds cancellations a stopped process left half done, and refunds owed but never asked.
orderSchema.index({ undoPending: 1 }, { sparse: true });
orderSchema.index({ 'refund.status': 1, 'refund.updatedAt': 1 }, { sparse: true });
orderSchema.index({ invoiceNumber: 1 }, { unique: true, sparse: true });

// A shopper's kept orders (kept-orders.ts) are dropped by every write to them in this process.
keptOrdersFollowWrites(orderSchema);

export const Order = model('Order', orderSchema);

/** Indexes of databases from before cash on delivery: unique over every order, so a second COD order would clash. */
const LEGACY_PAYMENT_INDEXES = ['razorpayPaymentId_1', 'razorpayOrderId_1'];

/**
 * Replaces the legacy payment indexes with the sparse ones (idempotent; main.ts runs it before
 * syncIndexes). MongoDB counts an index differing only in sparseness as the same index, so the old
 * one goes first: run it while no other process takes payments.
 */
export async function dropLegacyPaymentIndexes(): Promise<string[]> {
  const existing = await Order.collection.indexes().catch(() => []);
  const legacy = existing.flatMap((i) => (i.name && LEGACY_PAYMENT_INDEXES.includes(i.name) ? [i.name] : []));
  for (const name of legacy) await Order.collection.dropIndex(name);
  if (legacy.length > 0) await Order.createIndexes();
  return legacy;
}
