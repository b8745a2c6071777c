import { Schema, model } from 'mongoose';

const cartItemSchema = new Schema(
  {
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
    quantity: { type: Number, required: true, min: 1 },
    /** The variant this line buys; absent for a product without variants (every line before variants). */
    variantId: { type: Schema.Types.ObjectId, ref: 'ProductVariant' },
  },
  { _id: false },
);

const cartSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    items: { type: [cartItemSchema], default: [] },
  },
  { timestamps: true },
);
cartSchema.index({ userId: 1 }, { unique: true });

export const Cart = model('Cart', cartSchema);
