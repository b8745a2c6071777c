import { Schema, model } from 'mongoose';
import { DEFAULT_ORDER_STATUS, LANGUAGES, ORDER_STATUSES, REFUND_STATUSES } from '@kesh/shared';

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
    razorpayOrderId: { type: String, required: true },
    razorpayPaymentId: { type: String, required: true },
    // Everything below came with the after-payment life of an order: optional, so older orders
    // (and other writers of this model) keep working without them.
    timeline: { type: [timelineEntrySchema], default: undefined },
    shipment: {
      type: new Schema({ courier: String, trackingNumber: String, trackingUrl: String }, { _id: false }),
      default: undefined,
    },
    cancelledAt: { type: Date },
    cancelledBy: { type: String, enum: ['customer', 'admin'] },
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
  },
  { timestamps: true },
);
// One order per payment, whoever gets there first (verify call, retry, or webhook).
orderSchema.index({ razorpayPaymentId: 1 }, { unique: true });
orderSchema.index({ razorpayOrderId: 1 }, { unique: true });
orderSchema.index({ userId: 1, createdAt: -1 });
orderSchema.index({ status: 1, createdAt: -1 });
// The sales view and the CSV export read a window of days.
orderSchema.index({ createdAt: 1 });
// Refund webhooks find their order by the provider's refund id.
orderSchema.index({ 'refund.id': 1 }, { sparse: true });
orderSchema.index({ invoiceNumber: 1 }, { unique: true, sparse: true });

export const Order = model('Order', orderSchema);
