import { Schema, model } from 'mongoose';
import { keptCartsFollowWrites } from './kept-carts.js';

const cartItemSchema = new Schema(
  {
    productId: { type: Schema.Types.ObjectId, ref: 'MainCategory', required: true },
    quantity: { type: Number, required: true, min: 1 },
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
keptCartsFollowWrites(cartSchema);

export const Cart = model('Cart', cartSchema);
