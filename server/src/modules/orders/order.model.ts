import { Schema, model } from 'mongoose';
import { DEFAULT_ORDER_STATUS, ORDER_STATUSES } from '@kesh/shared';

const orderLineSchema = new Schema(
  {
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
    /** Copied at purchase so the order still reads right after the product is renamed or deleted. */
    title: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
    pricePaise: { type: Number, required: true, min: 0 },
  },
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
  },
  { timestamps: true },
);
// One order per payment, whoever gets there first (verify call, retry, or webhook).
orderSchema.index({ razorpayPaymentId: 1 }, { unique: true });
orderSchema.index({ razorpayOrderId: 1 }, { unique: true });
orderSchema.index({ userId: 1, createdAt: -1 });
orderSchema.index({ status: 1, createdAt: -1 });

export const Order = model('Order', orderSchema);
